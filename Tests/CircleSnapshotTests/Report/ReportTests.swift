import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Reports")
struct ReportTests {
  static let root = URL(fileURLWithPath: "/reports/samples", isDirectory: true)

  static func comparison(differing: Int) -> ImageComparison {
    var result = ImageComparison(
      expected: picture(["...."]), actual: picture(["...."]))
    result.differingPixels = differing
    result.comparedPixels = 400
    result.firstDifference = PixelPoint(x: 3, y: 4)
    result.differenceBounds = PixelRect(x: 3, y: 4, width: 5, height: 2)
    return result
  }

  /// A failing script with every kind of frame, and a passing one.
  static func results() -> [ScriptResult] {
    let golden = root.appendingPathComponent("__snapshots__/sun", isDirectory: true)
    let artifacts = URL(fileURLWithPath: "/reports/artifacts/sun", isDirectory: true)
    func file(_ folder: URL, _ name: String) -> URL { folder.appendingPathComponent(name) }
    let frames = [
      FrameResult(
        name: "0000-start", status: .passed, golden: file(golden, "0000-start.png"),
        comparison: comparison(differing: 0)),
      FrameResult(
        name: "0001-add-sun", status: .failed, golden: file(golden, "0001-add-sun.png"),
        comparison: comparison(differing: 12),
        sceneDiff: ["sun: fill #555555 → #55aa55"],
        notes: ["the golden was rendered with cairo 1.14.0, this run with cairo 1.16.0"],
        artifacts: FrameArtifacts(
          actual: file(artifacts, "0001-add-sun.actual.png"),
          diff: file(artifacts, "0001-add-sun.diff.png"),
          strip: file(artifacts, "0001-add-sun.strip.png"))),
      FrameResult(
        name: "0002-<b>&\"x\"", status: .missing, golden: file(golden, "0002-<b>&\"x\".png"),
        artifacts: FrameArtifacts(
          actual: file(artifacts, "0002.actual.png"), diff: nil, strip: nil)),
      FrameResult(name: "0009-old", status: .orphan, golden: file(golden, "0009-old.png")),
    ]
    var recordedStart = FrameResult(
      name: "0000-start", status: .recorded,
      golden: root.appendingPathComponent("__snapshots__/moon/0000-start.png"))
    recordedStart.wasMissing = true
    return [
      ScriptResult(
        script: file(root, "sun.circles"), goldenDirectory: golden, frames: frames,
        failsOnOrphans: false),
      ScriptResult(
        script: file(root, "moon.circles"),
        goldenDirectory: root.appendingPathComponent("__snapshots__/moon"),
        frames: [recordedStart], failsOnOrphans: false),
    ]
  }

  @Test("the text report names the frame, the pixels, the images and the re-record command")
  func text() {
    let lines = TextReport.lines(for: CheckResult(results: Self.results()))
    #expect(
      lines == [
        "FAIL /reports/samples/sun.circles: 2 of 3 frames failed; first diverging frame "
          + "0001-add-sun",
        "  FAIL    0001-add-sun: 12 pixels differ (3%), first at 3,4, all within 5x2 at 3,4",
        "    actual: /reports/artifacts/sun/0001-add-sun.actual.png",
        "    diff:   /reports/artifacts/sun/0001-add-sun.diff.png",
        "    strip:  /reports/artifacts/sun/0001-add-sun.strip.png",
        "    scene:  sun: fill #555555 → #55aa55",
        "    note:   the golden was rendered with cairo 1.14.0, this run with cairo 1.16.0",
        "  MISSING 0002-<b>&\"x\": no golden at /reports/samples/__snapshots__/sun/"
          + "0002-<b>&\"x\".png",
        "    actual: /reports/artifacts/sun/0002.actual.png",
        "  orphan  0009-old: golden without a frame: "
          + "/reports/samples/__snapshots__/sun/0009-old.png (delete it with --prune)",
        "  to accept the new images: circles check /reports/samples/sun.circles --record --prune",
        "ok   /reports/samples/moon.circles: 1 frame, 1 recorded",
        "  RECORD  0000-start: golden written to /reports/samples/__snapshots__/moon/"
          + "0000-start.png",
        "checked 2 scripts, 4 frames: 1 passed, 1 failed, 1 missing, 1 recorded, 1 orphan",
      ])
  }

  @Test("the JUnit report is well-formed XML with a failure per failing frame")
  func junit() throws {
    let xml = JUnitReport.xml(for: CheckResult(results: Self.results()))
    let document = try XMLDocument(xmlString: xml, options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "5")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.map { $0.attribute(forName: "failures")?.stringValue } == ["2", "0"])
    let cases = suites[0].elements(forName: "testcase")
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == [
        "0000-start", "0001-add-sun", "0002-<b>&\"x\"", "0009-old",
      ])
    let failure = try #require(cases[1].elements(forName: "failure").first)
    #expect(
      failure.attribute(forName: "message")?.stringValue?.hasPrefix("12 pixels differ") == true)
    #expect(failure.stringValue?.contains("sun: fill #555555 → #55aa55") == true)
    #expect(failure.stringValue?.contains("--record") == true)
    #expect(cases[3].elements(forName: "skipped").count == 1)
    // Each case names its script's file, as GitLab reads it; a frame with a line has it too.
    #expect(
      cases.allSatisfy {
        $0.attribute(forName: "file")?.stringValue == "/reports/samples/sun.circles"
      })
    var located = CheckResult(results: Self.results())
    located.scripts[0].result?.frames[1].location = ScriptLocation(line: 7, column: 3, length: 4)
    located.scripts[0].durationSeconds = 1.25
    let timed = try XMLDocument(xmlString: JUnitReport.xml(for: located), options: [])
    let suite = try #require(timed.rootElement()?.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "time")?.stringValue == "1.250")
    let lines = suite.elements(forName: "testcase").map {
      $0.attribute(forName: "line")?.stringValue
    }
    #expect(lines == [nil, "7", nil, nil])
  }

  @Test("workflow commands escape %, line breaks, and in properties ':' and ','")
  func workflowCommands() {
    #expect(
      GitHubAnnotations.command(
        file: "a:b,c%.circles", line: 3, column: nil, title: "x\ny", message: "50%\r\nok: a, b")
        == "::error file=a%3Ab%2Cc%25.circles,line=3,title=x%0Ay::50%25%0D%0Aok: a, b")
    let lines = GitHubAnnotations.lines(for: CheckResult(results: Self.results()))
    // The failed and the missing frame; the orphan and the recorded golden do not fail.
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("::error file=/reports/samples/sun.circles,title=0001-add-sun::"))
    #expect(GitHubAnnotations.Mode.automatic(["GITHUB_ACTIONS": "true"]) == .github)
    #expect(GitHubAnnotations.Mode.automatic(["GITHUB_ACTIONS": "false"]) == .none)
    #expect(GitHubAnnotations.Mode.automatic([:]) == .none)
  }

  @Test("the JSON report decodes and carries every frame")
  func json() throws {
    let data = JSONReport.data(for: CheckResult(results: Self.results()))
    let document = try JSONDecoder().decode(JSONReport.Document.self, from: data)
    #expect(!document.passed)
    #expect(document.scripts.map(\.passed) == [false, true])
    let sun = document.scripts[0]
    #expect(sun.firstDivergingFrame == "0001-add-sun")
    #expect(sun.rerecordCommand == "circles check /reports/samples/sun.circles --record --prune")
    #expect(sun.frames.map(\.status) == [.passed, .failed, .missing, .orphan])
    #expect(sun.frames[1].differingPixels == 12)
    #expect(sun.frames[1].diff == "/reports/artifacts/sun/0001-add-sun.diff.png")
    #expect(sun.frames[1].sceneDiff == ["sun: fill #555555 → #55aa55"])
    #expect(document.scripts[1].rerecordCommand == nil)
  }

  @Test("the HTML page inlines the images, puts failures first and escapes every name")
  func html() throws {
    let png = try PNGCodec.encode(picture(["#."]))
    var asked: [String] = []
    let page = HTMLReport.html(for: CheckResult(results: Self.results())) { url in
      asked.append(url.lastPathComponent)
      return url.lastPathComponent.hasPrefix("0009") ? Data("junk".utf8) : png
    }
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.hasSuffix("</html>\n"))
    #expect(!page.contains("<b>&\"x\""))
    #expect(page.contains("0002-&lt;b&gt;&amp;&quot;x&quot;"))
    #expect(page.contains("data:image/png;base64,\(png.base64EncodedString())"))
    #expect(page.contains("type=\"range\""))
    #expect(!page.contains("src=\"http"))
    let sun = try #require(page.range(of: "sun.circles — "))
    let moon = try #require(page.range(of: "moon.circles — "))
    #expect(sun.lowerBound < moon.lowerBound)
    #expect(page.contains("(0009-old: no image)"))
    #expect(asked.contains("0001-add-sun.diff.png"))
    // Balanced tags: every <figure> and <article> is closed.
    for tag in ["figure", "article", "section", "div"] {
      #expect(
        page.components(separatedBy: "<\(tag)").count
          == page.components(separatedBy: "</\(tag)>").count, "\(tag)")
    }
  }

  @Test("escaping covers markup characters and drops control characters")
  func escaping() {
    #expect(Markup.escape("a<b>&\"c\"'d'\u{1}") == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;")
  }

  /// A script whose goldens moved: one moved and passing, one moved and changed.
  static func movedResult() -> ScriptResult {
    let golden = root.appendingPathComponent("__snapshots__/face", isDirectory: true)
    func file(_ name: String) -> URL { golden.appendingPathComponent(name + ".png") }
    var changed = comparison(differing: 312)
    changed.expectedSize = PixelSize(width: 40, height: 30)
    changed.actualSize = PixelSize(width: 40, height: 30)
    return ScriptResult(
      script: root.appendingPathComponent("face.circles"), goldenDirectory: golden,
      frames: [
        FrameResult(name: "0000-start", status: .passed, golden: file("0000-start")),
        FrameResult(
          name: "0002-add-head", status: .moved, golden: file("0002-add-head"),
          movedFrom: file("0001-add-head"), location: ScriptLocation(line: 3, column: 1)),
        FrameResult(
          name: "0003-add-b", status: .failed, golden: file("0003-add-b"),
          movedFrom: file("0002-add-b"), location: ScriptLocation(line: 4, column: 1),
          comparison: changed),
      ], failsOnOrphans: false, commandOptions: ["--golden", "my goldens"])
  }

  @Test("moved frames read with the golden they moved from; the hint repeats the options")
  func moved() {
    #expect(
      TextReport.lines(for: CheckResult(results: [Self.movedResult()])) == [
        "FAIL /reports/samples/face.circles: 1 of 3 frames failed; first diverging frame "
          + "0003-add-b",
        "  moved   0002-add-head (was 0001-add-head): same picture as its golden "
          + "0001-add-head.png; steps were inserted or removed before it",
        "  FAIL    0003-add-b (was 0002-add-b): 312 pixels differ (78%), first at 3,4, all "
          + "within 5x2 at 3,4",
        "  to accept the new images: circles check /reports/samples/face.circles --golden "
          + "'my goldens' --record failed",
        "checked 1 script, 3 frames: 1 passed, 1 failed, 1 moved",
      ])
    var passing = Self.movedResult()
    passing.frames.removeLast()
    #expect(
      passing.hint
        == "to rename the moved goldens: circles check /reports/samples/face.circles --golden "
        + "'my goldens' --record")
  }

  @Test("the JSON report gives moved frames their origin and place, in plain fields")
  func jsonMoved() throws {
    let data = JSONReport.data(for: CheckResult(results: [Self.movedResult()]))
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("_0"), "Swift's enum encoding leaked")
    #expect(!text.contains("\"limit\""))
    let document = try JSONDecoder().decode(JSONReport.Document.self, from: data)
    let frames = document.scripts[0].frames
    #expect(frames[1].status == .moved)
    #expect(frames[1].movedFrom == "/reports/samples/__snapshots__/face/0001-add-head.png")
    #expect(frames[1].line == 3 && frames[1].column == 1)
    #expect(frames[2].differenceBounds == JSONReport.Region(x: 3, y: 4, width: 5, height: 2))
    #expect(frames[2].goldenSize == "40x30" && frames[2].sizesDiffer == false)
    #expect(document.scripts[0].counts == ["passed": 1, "moved": 1, "failed": 1])
  }

  @Test("a renamed golden is still moved, marked renamed; a replaced one is recorded")
  func renamed() throws {
    var result = Self.movedResult()
    result.frames[1].renamed = true
    result.frames[2].status = .recorded
    let check = CheckResult(results: [result])
    let summary = "checked 1 script, 3 frames: 1 passed, 1 moved, 1 recorded"
    #expect(TextReport.summary(check) == summary)
    let lines = TextReport.lines(for: check)
    #expect(lines.first == "ok   /reports/samples/face.circles: 3 frames, 1 moved, 1 recorded")
    #expect(
      lines.contains(
        "  moved   0002-add-head (was 0001-add-head): golden renamed from 0001-add-head.png, "
          + "byte for byte: same picture"))
    let document = try JSONDecoder().decode(
      JSONReport.Document.self, from: JSONReport.data(for: check))
    #expect(document.scripts[0].counts == ["passed": 1, "moved": 1, "recorded": 1])
    #expect(document.scripts[0].frames.map(\.renamed) == [nil, true, nil])
    #expect(document.scripts[0].frames[1].status == .moved)
    #expect(document.summary == summary)
    #expect(HTMLReport.html(for: check) { _ in nil }.contains(summary))
  }

  @Test("the HTML page magnifies the changed region of a failure")
  func zoom() throws {
    let png = try PNGCodec.encode(picture(["#."]))
    var result = Self.movedResult()
    result.frames[2].artifacts = FrameArtifacts(
      actual: URL(fileURLWithPath: "/a/actual.png"), diff: URL(fileURLWithPath: "/a/diff.png"),
      strip: nil)
    let page = HTMLReport.html(for: CheckResult(results: [result])) { _ in png }
    #expect(page.contains("Zoomed ×16 on 12x10 at 0,0:"), "\(page)")
    #expect(page.contains("style=\"width:640px;margin-left:-0px;margin-top:-0px\""))
    #expect(page.components(separatedBy: "(zoomed)").count == 4, "golden, diff and actual")
  }
}
