import CircleCanvas
import CircleRender
import CircleSnapshot
import Foundation
import Testing

/// The reports of a folder comparison: the same text, JSON, JUnit and HTML as a check's, in the
/// words of folders, with the ignored regions listed.
@Suite("Reports of a folder comparison")
struct FolderReportTests {
  /// expected/ and actual/ with one changed image (two pixels, one inside an ignored region),
  /// one new and one deleted; compared from the temporary folder.
  static func compared(in root: URL) throws -> CheckResult {
    let fixture = try FolderFixture(root: root)
    let grey = PixelImage(width: 8, height: 6, filledWith: Colour(red: 90, green: 90, blue: 90))
    var moved = grey
    moved.pixels[0] = 0xFFFF_FFFF
    moved.pixels[8 * 5 + 7] = 0xFFFF_FFFF
    try fixture.write(grey, "page.png", in: fixture.expected)
    try fixture.write(moved, "page.png", in: fixture.actual)
    try fixture.write(grey, "new.png", in: fixture.actual)
    try fixture.write(grey, "old.png", in: fixture.expected)
    let region = CircleRender.PixelRect(x: 6, y: 4, width: 10, height: 10)
    return fixture.compare(options: ComparisonOptions(ignoring: [region]))
  }

  @Test("text: labels by what became of each image, the ignored regions, the update command")
  func text() throws {
    try withTemporaryFolder { root in
      let result = try Self.compared(in: root)
      let lines = TextReport.lines(for: result)
      #expect(lines.first?.hasPrefix("FAIL ") == true)
      #expect(
        lines.first?.hasSuffix("expected vs \(root.path)/actual: 3 of 3 images differ") == true)
      #expect(lines.contains { $0.hasPrefix("  NEW     new.png: new: only in ") })
      #expect(lines.contains { $0.hasPrefix("  DELETED old.png: deleted: only in ") })
      #expect(
        lines.contains(
          "  CHANGED page.png: 1 pixel differ (2.3%), first at 0,0, all within 1x1 at 0,0; "
            + "4 pixels in ignored regions"))
      #expect(lines.contains("    ignored: 1 region, 4 pixels: 6,4,10,10"))
      #expect(
        lines.contains {
          $0.hasPrefix("  to accept the new images: circles compare ")
            && $0.hasSuffix(" --update --prune")
        })
      #expect(lines.last == "compared 3 images: 0 passed, 1 changed, 1 new, 1 deleted")
    }
  }

  @Test("JSON: each image's change, its ignored pixels and regions, counts by change")
  func json() throws {
    try withTemporaryFolder { root in
      let result = try Self.compared(in: root)
      let document = JSONReport.document(for: result)
      #expect(!document.passed)
      let entry = document.scripts[0]
      #expect(entry.comparesFolders)
      #expect(entry.counts == ["changed": 1, "new": 1, "deleted": 1])
      let page = try #require(entry.frames.first { $0.name == "page.png" })
      #expect(page.change == "changed" && page.status == .failed)
      #expect(page.ignoredPixels == 4 && page.differingPixels == 1 && page.comparedPixels == 44)
      let region = try #require(page.ignoredRegions.first)
      #expect(page.ignoredRegions.count == 1)
      let values: [Int] = [region.x, region.y, region.width, region.height]
      #expect(values == [6, 4, 10, 10] as [Int])
      #expect(entry.frames.first { $0.name == "new.png" }?.change == "new")
      #expect(entry.frames.first { $0.name == "old.png" }?.change == "deleted")
    }
  }

  @Test("JUnit and HTML: failures typed by change; the page hatches the ignored region")
  func junitAndHTML() throws {
    try withTemporaryFolder { root in
      let result = try Self.compared(in: root)
      let xml = JUnitReport.xml(for: result)
      #expect(
        xml.contains(
          "<testsuites name=\"circles compare\" tests=\"3\" failures=\"3\" errors=\"0\">"))
      #expect(xml.contains("type=\"changed\""))
      #expect(xml.contains("type=\"new\"") && xml.contains("type=\"deleted\""))
      #expect(xml.contains("ignored: 1 region, 4 pixels: 6,4,10,10"))
      let html = HTMLReport.html(for: result, title: "circles compare")
      #expect(html.contains("Hatched, not counted — ignored: 1 region, 4 pixels: 6,4,10,10"))
      // The region clipped to 2×2 at 6,4 of the 8×6 image, over the expected and the actual.
      let overlay =
        "<div class=\"ignored\" title=\"ignored 6,4,10,10\" style=\"left:75.0000%;"
        + "top:66.6667%;width:25.0000%;height:33.3333%\"></div>"
      #expect(html.components(separatedBy: overlay).count == 3)
      #expect(html.contains("<figcaption>expected</figcaption>"))
      #expect(html.contains("<h3>Every image</h3>"))
      #expect(html.contains("new.png · new") && html.contains("old.png · deleted"))
    }
  }

  @Test("a check's reports keep their words: nothing of folders where no folder is compared")
  func checkUnchanged() {
    let frame = FrameResult(
      name: "0001-add-a", status: .missing, golden: URL(fileURLWithPath: "/g/0001-add-a.png"))
    let result = CheckResult(results: [
      ScriptResult(
        script: URL(fileURLWithPath: "/s/a.circles"), goldenDirectory: URL(fileURLWithPath: "/g"),
        frames: [frame], failsOnOrphans: false)
    ])
    let lines = TextReport.lines(for: result)
    #expect(lines.contains("  MISSING 0001-add-a: no golden at /g/0001-add-a.png"))
    #expect(JSONReport.document(for: result).scripts[0].frames[0].change == nil)
    #expect(JUnitReport.xml(for: result).contains("<testsuites name=\"circles check\""))
  }
}
