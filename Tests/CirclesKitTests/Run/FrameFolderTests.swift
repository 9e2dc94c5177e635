import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

@Suite("The output folder of a run")
struct FrameFolderTests {
  static func run(_ text: String, into out: URL, format: FrameFormat = .png)
    throws -> RunResult
  {
    try ScriptRunner.run(
      ScriptSource(bytes: Array(text.utf8), fileName: "s.circles"), outputDirectory: out,
      displayPath: "out", options: FrameOptions(format: format))
  }

  @Test(
    "the default folder is named after the script, or stdin",
    arguments: [
      ("sun.circles", "sun-frames"), ("samples/sun.circles", "sun-frames"), ("-", "stdin-frames"),
      ("notes.txt", "notes.txt-frames"), ("/abs/path/x.circles", "x-frames"),
    ])
  func defaultPath(script: String, expected: String) {
    #expect(FrameFolder.defaultPath(forScript: script) == expected)
  }

  @Test("only the earlier run's frames go; the user's files, folders and edits stay")
  func removesOnlyItsOwn() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    _ = try Self.run("add a at 1,1 r 1\nadd b at 2,2 r 1\nadd c at 3,3 r 1\n", into: out)
    // The user's own things: a file and a folder named like frames, and an edited frame.
    try folder.write("photo", to: "out/0042-holiday.png")
    try folder.write("inside", to: "out/0007-my-photos.png/keep.txt")
    try folder.write("edited", to: "out/0003-add-c.png")
    let result = try Self.run("add x at 1,1 r 1\nrender 0002-add-b.png\n", into: out)
    #expect(result.failure == nil)
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-x.png", "0002-add-b.png", "0003-add-c.png",
        "0007-my-photos.png", "0042-holiday.png",
      ])
    #expect(
      try String(contentsOf: out.appendingPathComponent("0003-add-c.png"), encoding: .utf8)
        == "edited")
    #expect(
      try String(contentsOf: out.appendingPathComponent("0042-holiday.png"), encoding: .utf8)
        == "photo")
    #expect(folder.files(in: "out/0007-my-photos.png") == ["keep.txt"])
    // The manifest lists this run's frames only: the render and the user's files are not.
    let manifest = FrameManifest(in: try FolderHandle(opening: out))
    #expect(manifest.entries.keys.sorted() == ["0000-start.png", "0001-add-x.png"])
  }

  @Test("frames of another format from the run before are removed too")
  func otherFormat() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    _ = try Self.run("add a at 1,1 r 1\n", into: out, format: .svg)
    _ = try Self.run("add a at 1,1 r 1\n", into: out)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }

  @Test("a render and a frame of the same run with one file name: an error at the render")
  func renderClash() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let before = try Self.run(
      "add a at 1,1 r 1\nrender 0002-add-b.png\nadd b at 2,2 r 1\n", into: out)
    #expect(
      before.failure?.diagnostic.description
        == "s.circles:2:8: error: cannot render '0002-add-b.png': '0002-add-b.png' is also the "
        + "file of frame 2; choose another name")
    let after = try Self.run("add a at 1,1 r 1\nrender ./0001-add-a.png\n", into: out)
    #expect(
      after.failure?.diagnostic.description
        == "s.circles:2:8: error: cannot render './0001-add-a.png': '0001-add-a.png' is also the "
        + "file of frame 1; choose another name")
  }

  @Test("a second run into a folder waits for the first, saying so, and then runs")
  func waitsForTheLock() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let first = try FrameFolder(opening: out, displayPath: "out")
    let lines = Lines()
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? ScriptRunner.run(
        ScriptSource(bytes: Array("add a at 1,1 r 1\n".utf8), fileName: "s.circles"),
        outputDirectory: out, displayPath: "out", whenBusy: { lines.append($0) })
      finished.signal()
    }
    let deadline = ContinuousClock.now + .seconds(20)
    while lines.text.isEmpty, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(lines.text == "waiting for another run of circles into 'out' to finish")
    #expect(folder.files(in: "out") == [])
    try first.finish()
    #expect(finished.wait(timeout: .now() + 20) == .success)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }

  @Test("a run that never finishes has listed its frames, so the next run removes them")
  func checkpoint() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    var killed: FrameFolder? = try FrameFolder(opening: out, displayPath: "out")
    try killed?.writeFrame(Data("a".utf8), named: "0000-start.png")
    // The manifest is brought up to date at most once a second while a run writes.
    Thread.sleep(forTimeInterval: 1.1)
    try killed?.writeFrame(Data("b".utf8), named: "0001-add-a.png")
    killed = nil
    _ = try Self.run("canvas 10x10\n", into: out)
    #expect(folder.files(in: "out") == ["0000-start.png"])
    #expect(try Data(contentsOf: out.appendingPathComponent("0000-start.png")) != Data("a".utf8))
  }

  @Test("a refresh holds the folder's lock only while it runs")
  func refreshLocksPerRound() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let refresher = FrameRefresher(outputDirectory: out, displayPath: "out", format: .png)
    _ = try refresher.refresh(ScriptSource(bytes: Array("add a at 1,1 r 1\n".utf8), fileName: "s"))
    var waited = false
    let next = try FrameFolder(opening: out, displayPath: "out") { _ in waited = true }
    #expect(!waited)
    try next.finish()
  }
}

@Suite("The output folder of a watch")
struct RefreshedFolderTests {
  @Test("a refresh reports a render named like a later frame at the render, and writes it not")
  func renderClash() throws {
    let folder = try TemporaryFolder()
    let refresher = FrameRefresher(
      outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "out", format: .png)
    let text = "add a at 1,1 r 1\nrender 0002-add-b.png\nadd b at 2,2 r 1\n"
    let result = try refresher.refresh(ScriptSource(bytes: Array(text.utf8), fileName: "s"))
    #expect(
      result.failure?.diagnostic.description
        == "s:2:8: error: cannot render '0002-add-b.png': '0002-add-b.png' is also the file of "
        + "frame 2; choose another name")
    #expect(result.circleCount == 1)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }
}
