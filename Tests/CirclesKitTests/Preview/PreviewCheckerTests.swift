import CircleEngine
import CircleRender
import CircleSnapshot
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles preview --check: frames marked against their goldens")
struct PreviewCheckerTests {
  static let recorded = """
    canvas 40x30
    add sun at 10,10 radius 5 fill gold
    move sun by 5,0

    """

  /// A folder with the script's goldens recorded, and the script file's URL.
  func recordedFolder() throws -> (TemporaryFolder, URL) {
    let folder = try TemporaryFolder()
    let script = try folder.write(Self.recorded, to: "s.circles")
    let record = GoldenSuite.check(
      ScriptSource(bytes: Array(Self.recorded.utf8), fileName: "s.circles"), as: script,
      options: CheckOptions(
        record: .missing, artifactsDirectory: folder.url.appendingPathComponent("artifacts")))
    #expect(record.result?.frames.count == 3)
    return (folder, script)
  }

  func marks(_ text: String, script: URL) throws -> (PreviewCheckResult, [ViewerFrame]) {
    let source = ScriptSource(bytes: Array(text.utf8), fileName: "s.circles")
    let frames = try HistoryViewer.record(source).frames
    return (PreviewChecker(script: script).check(source, frames: frames), frames)
  }

  @Test("an unchanged script passes, with no frame marked")
  func passes() throws {
    let (folder, script) = try recordedFolder()
    let (check, _) = try marks(Self.recorded, script: script)
    withExtendedLifetime(folder) {}
    #expect(check.summary == "check: 3 frames, each matching its golden")
    #expect(!check.failed)
    #expect(check.marks.isEmpty)
  }

  @Test("a changed frame is marked with its message and its images; a new one has no golden")
  func marksChanges() throws {
    let (folder, script) = try recordedFolder()
    let goldens = folder.files(in: "__snapshots__/s")
    let changed = Self.recorded.replacingOccurrences(of: "gold", with: "red") + "clear\n"
    let (check, frames) = try marks(changed, script: script)
    #expect(frames.count == 4)
    #expect(check.failed)
    #expect(check.summary == "check: 3 of 4 frames fail their goldens")
    #expect(check.marks.map(\.frame) == [1, 2, 3])
    #expect(check.marks.map(\.status) == ["failed", "failed", "missing"])
    #expect(check.marks[0].message.hasPrefix("frame 0001-add-sun differs from its golden: "))
    #expect(check.marks[2].message == "frame 0003-clear has no golden yet")
    let strip = try #require(check.marks[0].diff.flatMap { Data(base64Encoded: $0) })
    let image = try PNGCodec.decode(strip)
    #expect(image.width > 3 * 40 && image.height >= 30, "golden, diff and actual side by side")
    #expect(check.marks[2].diff == nil)
    #expect(folder.files(in: "__snapshots__/s") == goldens, "nothing recorded")
  }

  @Test("an inserted step moves the goldens after it: marked, but not failing")
  func moved() throws {
    let (folder, script) = try recordedFolder()
    defer { withExtendedLifetime(folder) {} }
    let inserted = Self.recorded.replacingOccurrences(
      of: "move sun", with: "add moon at 30,20 radius 3 fill white\nremove moon\nmove sun")
    let (check, _) = try marks(inserted, script: script)
    #expect(check.marks.contains { $0.status == "moved" && $0.frame == 4 })
    #expect(check.marks.filter { $0.status != "moved" }.map(\.status) == ["missing", "missing"])
  }

  @Test("a script whose goldens folder is missing has every frame missing, and records none")
  func noGoldens() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write(Self.recorded, to: "s.circles")
    let (check, _) = try marks(Self.recorded, script: script)
    #expect(check.summary == "check: 3 of 3 frames fail their goldens")
    #expect(check.marks.allSatisfy { $0.status == "missing" })
    let goldens = folder.url.appendingPathComponent("__snapshots__")
    #expect(!FileManager.default.fileExists(atPath: goldens.path))
  }
}
