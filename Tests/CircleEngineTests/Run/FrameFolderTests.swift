import CircleRender
import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

@Suite("The output folder of a run", .timeLimit(.minutes(5)))
struct FrameFolderTests {
  static func run(_ text: String, into out: URL, format: FrameFormat = .png)
    throws -> RunResult
  {
    try ScriptRunner.run(
      ScriptSource(bytes: Array(text.utf8), fileName: "s.circles"), outputDirectory: out,
      displayPath: "out", options: RunOptions(format: format))
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
  func waitsForTheLock() async throws {
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
    _ = await eventually { !lines.text.isEmpty }
    #expect(lines.text == "waiting for another run of circles into 'out' to finish")
    #expect(folder.files(in: "out") == [])
    try first.finish()
    #expect(await waited(for: finished) == .success)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }

  @Test("a run that never finishes has listed every frame it wrote, so the next run removes them")
  func killedRunListed() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    _ = try Self.run("add a at 1,1 r 1\nadd b at 2,2 r 1\n", into: out)
    var killed: FrameFolder? = try FrameFolder(opening: out, displayPath: "out")
    // Written and never finished: each frame's line is in the manifest as soon as it is there.
    for name in ["0000-start.png", "0001-add-a.png", "0002-add-c.png", "0003-add-d.png"] {
      try killed?.writeFrame(Data(name.utf8), named: name)
    }
    #expect(killed?.setAside == [])
    killed = nil
    let result = try Self.run("canvas 10x10\n", into: out)
    #expect(result.setAside == [])
    #expect(folder.files(in: "out") == ["0000-start.png"])
    #expect(
      try Data(contentsOf: out.appendingPathComponent("0000-start.png"))
        != Data("0000-start.png".utf8))
  }

  @Test("a file of the user's with a frame's very name is kept as <name>.~1~, then .~2~, and said")
  func userFileSetAside() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let script = "add a at 1,1 r 1\nadd b at 2,2 r 1\n"
    try folder.write("mine", to: "out/0001-add-a.png")
    let first = try Self.run(script, into: out)
    #expect(first.failure == nil)
    #expect(first.setAside == [SetAsideFile(name: "0001-add-a.png", keptAs: "0001-add-a.png.~1~")])
    #expect(try folder.read("out/0001-add-a.png.~1~") == "mine")
    // circles' own frames are written over, never set aside; the kept file is not a frame.
    let again = try Self.run(script, into: out)
    #expect(again.setAside == [])
    try folder.write("mine too", to: "out/0002-add-b.png")
    let third = try Self.run(script, into: out)
    #expect(third.setAside == [SetAsideFile(name: "0002-add-b.png", keptAs: "0002-add-b.png.~1~")])
    try folder.write("and again", to: "out/0001-add-a.png")
    let fourth = try Self.run(script, into: out)
    #expect(fourth.setAside == [SetAsideFile(name: "0001-add-a.png", keptAs: "0001-add-a.png.~2~")])
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-a.png", "0001-add-a.png.~1~", "0001-add-a.png.~2~",
        "0002-add-b.png", "0002-add-b.png.~1~",
      ])
    #expect(try folder.read("out/0001-add-a.png.~1~") == "mine")
    #expect(try folder.read("out/0001-add-a.png.~2~") == "and again")
    #expect(try folder.read("out/0002-add-b.png.~1~") == "mine too")
    let manifest = FrameManifest(in: try FolderHandle(opening: out))
    #expect(
      manifest.entries.keys.sorted() == ["0000-start.png", "0001-add-a.png", "0002-add-b.png"])
  }

  @Test("an edited frame, a link and a frame from a run with no manifest are kept aside too")
  func otherThingsSetAside() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let script = "add a at 1,1 r 1\nadd b at 2,2 r 1\n"
    _ = try Self.run(script, into: out)
    try folder.write("edited", to: "out/0001-add-a.png")
    try folder.write("target", to: "elsewhere.txt")
    try FileManager.default.removeItem(at: out.appendingPathComponent("0002-add-b.png"))
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("0002-add-b.png").path,
      withDestinationPath: "../elsewhere.txt")
    try FileManager.default.removeItem(at: out.appendingPathComponent(FrameFolder.manifestName))
    let result = try Self.run(script, into: out)
    #expect(
      Set(result.setAside) == [
        SetAsideFile(name: "0000-start.png", keptAs: "0000-start.png.~1~"),
        SetAsideFile(name: "0001-add-a.png", keptAs: "0001-add-a.png.~1~"),
        SetAsideFile(name: "0002-add-b.png", keptAs: "0002-add-b.png.~1~"),
      ])
    #expect(try folder.read("out/0001-add-a.png.~1~") == "edited")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: out.appendingPathComponent("0002-add-b.png.~1~").path) == "../elsewhere.txt")
    #expect(try folder.read("elsewhere.txt") == "target")
    #expect(FolderHandle.isLink(atPath: out.appendingPathComponent("0002-add-b.png").path) == false)
  }

  @Test("a render onto a file of the user's keeps it aside; a render of an earlier run is not")
  func renderSetAside() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let script = "add a at 1,1 r 1\nrender pics/final.png\nrender notes.png\n"
    try folder.write("mine", to: "out/pics/final.png")
    try folder.write("my notes", to: "out/notes.png")
    let first = try Self.run(script, into: out)
    #expect(first.failure == nil)
    #expect(
      Set(first.setAside) == [
        SetAsideFile(name: "pics/final.png", keptAs: "pics/final.png.~1~"),
        SetAsideFile(name: "notes.png", keptAs: "notes.png.~1~"),
      ])
    #expect(try folder.read("out/pics/final.png.~1~") == "mine")
    #expect(try folder.read("out/notes.png.~1~") == "my notes")
    // Known as circles' own from then on, even by a run that renders them not.
    _ = try Self.run("add a at 1,1 r 1\n", into: out)
    let again = try Self.run(script, into: out)
    #expect(again.setAside == [])
    let manifest = FrameManifest(in: try FolderHandle(opening: out))
    #expect(manifest.renders.keys.sorted() == ["notes.png", "pics/final.png"])
    #expect(manifest.entries.keys.sorted() == ["0000-start.png", "0001-add-a.png"])
    #expect(folder.files(in: "out/pics") == ["final.png", "final.png.~1~"])
  }

  @Test("the kept names end at .~1000~: the last one free is taken, and none free is an error")
  func keptNamesRunOut() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    for number in 1..<SetAsideFile.attempts {
      try folder.write("", to: "out/0001-add-a.png.~\(number)~")
    }
    try folder.write("mine", to: "out/0001-add-a.png")
    let last = try Self.run("add a at 1,1 r 1\n", into: out)
    #expect(
      last.setAside == [SetAsideFile(name: "0001-add-a.png", keptAs: "0001-add-a.png.~1000~")])
    try folder.write("mine again", to: "out/0001-add-a.png")
    let none = try Self.run("add a at 1,1 r 1\n", into: out)
    #expect(none.setAside == [])
    #expect(
      none.failure?.diagnostic.description
        == "s.circles:1:1: error: cannot write frame '0001-add-a': 'out/0001-add-a.png': is not a "
        + "file circles wrote, and '0001-add-a.png.~1~' to '0001-add-a.png.~1000~', where it "
        + "would be kept, are all taken")
    #expect(try folder.read("out/0001-add-a.png") == "mine again")
    #expect(try folder.read("out/0001-add-a.png.~1000~") == "mine")
  }

  @Test("a folder with a frame's name is left as it is, and the frame is an error at its step")
  func folderInTheWay() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    try folder.write("inside", to: "out/0001-add-a.png/keep.txt")
    let result = try Self.run("add a at 1,1 r 1\n", into: out)
    #expect(result.setAside == [])
    #expect(
      result.failure?.diagnostic.description.hasPrefix(
        "s.circles:1:1: error: cannot write frame '0001-add-a': 'out/0001-add-a.png': ") == true,
      "\(String(describing: result.failure))")
    #expect(folder.files(in: "out/0001-add-a.png") == ["keep.txt"])
  }
}
