import CircleCanvas
import CircleRender
import CircleScript
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

@Suite("A run's animation, sheet and chosen frames, from Swift")
struct RunOutputsTests {
  static let script = ScriptSource(
    bytes: Array("add a at 10,10 r 5\nadd b at 30,20 r 8 fill teal\nundo\nredo\n".utf8),
    fileName: "s.circles")

  @Test(
    "the animation and the sheet are made from the same run, random scripts as well as set ones",
    .timeLimit(.minutes(5)), arguments: [1, 2, 3] as [UInt64])
  func sameRun(seed: UInt64) throws {
    let folder = try TemporaryFolder()
    let source = ScriptSource(
      bytes: Array(RandomScript.make(seed: seed, steps: 40, background: "white").utf8),
      fileName: "r.circles")
    var options = RunOptions()
    options.animation = AnimationOptions(url: folder.url.appendingPathComponent("r.png"))
    options.sheet = folder.url.appendingPathComponent("r-sheet.png")
    let result = try ScriptRunner.run(
      source, outputDirectory: folder.url.appendingPathComponent("out"), options: options)
    #expect(result.outputProblems.isEmpty)
    #expect(result.animation?.frames == result.frames.count)
    #expect(result.sheet?.layout.count == result.frames.count)
    let animation = try AnimatedImage.readAPNG(
      Data(contentsOf: folder.url.appendingPathComponent("r.png")))
    for (shown, frame) in zip(animation.frames, result.frames) {
      #expect(shown.image == (try PNGCodec.decode(Data(contentsOf: frame.url))), "\(frame.name)")
    }
  }

  @Test("--frames last writes the final frame; none writes no frame but the outputs")
  func selection() throws {
    let folder = try TemporaryFolder()
    var options = RunOptions()
    options.frames = .last
    let last = try ScriptRunner.run(
      Self.script, outputDirectory: folder.url.appendingPathComponent("last"), options: options)
    #expect(last.frames.map(\.name) == ["0004-redo-add-b"])
    #expect(folder.files(in: "last") == ["0004-redo-add-b.png"])
    options.frames = .none
    options.animation = AnimationOptions(url: folder.url.appendingPathComponent("a.gif"))
    let none = try ScriptRunner.run(
      Self.script, outputDirectory: folder.url.appendingPathComponent("none"), options: options)
    #expect(none.frames.isEmpty && folder.files(in: "none").isEmpty)
    #expect(none.animation?.frames == 5)
    // Asking for no frames leaves no folder the run made, its lock and manifest removed; a
    // folder that was there stays.
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("none").path))
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("kept"), withIntermediateDirectories: true)
    _ = try ScriptRunner.run(
      Self.script, outputDirectory: folder.url.appendingPathComponent("kept"), options: options)
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("kept").path, isDirectory: &isFolder)
        && isFolder.boolValue)
  }

  @Test("a sheet that cannot be written is a problem of its own; the animation is still written")
  func sheetProblem() throws {
    let folder = try TemporaryFolder()
    let taken = folder.url.appendingPathComponent("taken.png")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
    var options = RunOptions()
    options.sheet = taken
    options.animation = AnimationOptions(url: folder.url.appendingPathComponent("a.apng"))
    let result = try ScriptRunner.run(
      Self.script, outputDirectory: folder.url.appendingPathComponent("out"), options: options)
    #expect(result.sheet == nil && result.animation?.frames == 5)
    guard case .cannotWrite(let path, _)? = result.outputProblems.first else {
      Issue.record("no problem reported: \(result.outputProblems)")
      return
    }
    #expect(path == taken.standardizedFileURL.path)
  }

  @Test("the highlight of a frame is the change of undo and redo frames only")
  func highlight() {
    let before = CanvasState(width: 50, height: 50)
    var after = before
    after.circles = [Circle(id: "a", center: Point(x: 10, y: 10), radius: 4)]
    let region = ChangedRegion.between(before, after)
    #expect(region != nil)
    for (direction, expected) in [
      (Frame.Direction.undo, region), (.redo, region), (.change, nil), (.start, nil),
    ] {
      let frame = Frame(number: 3, action: "x", state: after, direction: direction)
      #expect(frame.highlight(after: before) == expected, "\(direction)")
    }
    #expect(
      Frame(number: 1, action: "x", state: after, direction: .undo).highlight(after: nil) == nil)
  }

  @Test("an animation and a sheet that are one file, or a frame's name, are refused before the run")
  func conflicts() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    func refusal(_ options: RunOptions) -> String? {
      do {
        _ = try ScriptRunner.run(Self.script, outputDirectory: out, options: options)
        return nil
      } catch {
        return error.description
      }
    }
    var options = RunOptions()
    options.animation = AnimationOptions(url: folder.url.appendingPathComponent("same.png"))
    options.sheet = folder.url.appendingPathComponent("./same.png")
    #expect(options.conflict(outputDirectory: out) == .sameFile)
    #expect(refusal(options)?.contains("the animation and the contact sheet are one file") == true)
    options.sheet = out.appendingPathComponent("0001-add-a.png")
    #expect(options.conflict(outputDirectory: out) == .frameName(.sheet))
    #expect(refusal(options)?.contains("the name of a frame in the output folder") == true)
    // Nothing ran: no folder, no animation.
    #expect(folder.files(in: ".").isEmpty)
    // A frame's name in another folder, or another name in the folder, is no conflict.
    options.sheet = folder.url.appendingPathComponent("0001-add-a.png")
    #expect(options.conflict(outputDirectory: out) == nil)
    options.sheet = out.appendingPathComponent("sheet.png")
    #expect(options.conflict(outputDirectory: out) == nil)
  }
}
