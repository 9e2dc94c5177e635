import CircleCanvas
import CircleRender
import CircleScript
import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

/// Random scripts, repeatable by seed: adds, moves, paint changes, reordering, removals,
/// clears, groups, undo and redo (many undos return to states already written).
enum RandomScript {
  static func make(seed: UInt64, steps: Int, background: String) -> String {
    var generator = SeededGenerator(seed: seed)
    func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    func colour() -> String {
      ["red", "#336699", "#12345680", "none", "gold", "#0f08", "transparent"][pick(0...6)]
    }
    var lines = ["canvas 90x60 background \(background) scale \(["1", "1.5"][pick(0...1)])"]
    // The ids on the canvas after each step of the undo history, and where the canvas is in it.
    var history: [[String]] = [[]]
    var position = 0
    for index in 0..<steps {
      var ids = history[position]
      func any() -> String { ids[pick(0...ids.count - 1)] }
      let roll = pick(0...99)
      switch roll {
      case 60..<85 where position > 0:
        let count = pick(1...min(4, position))
        lines.append("undo \(count)")
        position -= count
        continue
      case 85..<95 where position < history.count - 1:
        let count = pick(1...(history.count - 1 - position))
        lines.append("redo \(count)")
        position += count
        continue
      case 0..<30,
        _ where ids.isEmpty:
        let id = "c\(index)"
        lines.append(
          "add \(id) at \(pick(-10...100)),\(pick(-10...70)) radius \(pick(0...30)) "
            + "fill \(colour()) stroke \(colour()) width \(pick(0...5)) "
            + "opacity \([1, 0.5, 0.2][pick(0...2)])")
        ids.append(id)
      case 30..<40:
        lines.append("move \(any()) by \(pick(-20...20)),\(pick(-20...20))")
      case 40..<48:
        lines.append("set \(any()) fill \(colour()) radius \(pick(1...25))")
      case 48..<52:
        lines.append("\(["front", "back"][pick(0...1)]) \(any())")
      case 52..<54:
        let id = any()
        lines.append("remove \(id)")
        ids.removeAll { $0 == id }
      case 54..<58:
        lines.append("group \"batch\" {")
        lines.append("  move \(any()) to \(pick(0...90)),\(pick(0...60))")
        lines.append("  set \(any()) opacity 0.6")
        lines.append("}")
      case 58..<60:
        lines.append("clear")
        ids = []
      default:
        lines.append("move \(any()) by 0,0")
      }
      history.removeSubrange((position + 1)...)
      history.append(ids)
      position += 1
    }
    return lines.joined(separator: "\n") + "\n"
  }

}

@Suite("Run pipeline: every speed path writes the files of the plain path")
struct PipelineTests {
  /// A fresh temporary folder.
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-pipeline-\(UUID().uuidString)", isDirectory: true)
  }

  /// Runs a script through the pipeline and checks each frame file against a fresh full
  /// render of its state, encoded alone; returns the files' bytes.
  @discardableResult
  static func check(
    _ bytes: [UInt8], name: String, options: RunOptions
  ) throws -> [String: Data] {
    let output = folder()
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try ScriptRunner.run(
      ScriptSource(bytes: bytes, fileName: name), outputDirectory: output, options: options)
    #expect(result.failure == nil)

    let recorder = RecordingHost()
    try Interpreter(host: recorder).run(Script.parse(bytes, fileName: name))
    #expect(result.frames.map(\.name) == recorder.frames.map(\.name))
    guard options.format == .png else { return [:] }
    var files: [String: Data] = [:]
    for frame in recorder.frames {
      let data = try Data(contentsOf: output.appendingPathComponent(frame.name + ".png"))
      let plain = try Renderer.render(frame.state)
      #expect(try PNGCodec.decode(data) == plain, "\(name): \(frame.name)")
      let alone = try PNGWriter.encode(plain, compression: options.compression)
      #expect(data == alone, "\(frame.name)")
      files[frame.name] = data
    }
    return files
  }

  @Test(
    "samples: parallel, incremental and reused frames match fresh renders", arguments: Samples.names
  )
  func samples(sample: String) throws {
    let bytes = try Samples.bytes(sample)
    let parallel = try Self.check(bytes, name: sample, options: RunOptions(parallel: true))
    let sequential = try Self.check(bytes, name: sample, options: RunOptions(parallel: false))
    #expect(parallel == sequential)
  }

  @Test(
    "random scripts: parallel and sequential files are byte-identical and match fresh renders",
    arguments: [(UInt64(11), "white"), (12, "none"), (13, "#20406080"), (14, "navy")])
  func randomScripts(seed: UInt64, background: String) throws {
    let bytes = Array(RandomScript.make(seed: seed, steps: 70, background: background).utf8)
    let parallel = try Self.check(bytes, name: "random-\(seed)", options: RunOptions())
    let sequential = try Self.check(
      bytes, name: "random-\(seed)", options: RunOptions(parallel: false))
    #expect(parallel == sequential)
    #expect(parallel.count > 70)
  }

  @Test("each compression choice writes the same pixels", arguments: PNGCompression.allCases)
  func compressions(compression: PNGCompression) throws {
    let bytes = Array(RandomScript.make(seed: 21, steps: 25, background: "white").utf8)
    try Self.check(bytes, name: "random", options: RunOptions(compression: compression))
  }

  @Test("a state reached again by undo is written from the bytes already encoded")
  func reuse() throws {
    let script = """
      canvas 60x40
      add a at 10,10 radius 5 fill red
      add b at 30,20 radius 8 fill blue
      undo 2
      redo 2
      render again.png
      """
    let output = Self.folder()
    defer { try? FileManager.default.removeItem(at: output) }
    let parsed = try Script.parse(Array(script.utf8), fileName: "reuse")
    let writer = FrameWriter(folder: try FrameFolder(opening: output, displayPath: "out"))
    let outputs = RunOutputs(writer: writer, options: RunOptions(), animation: nil)
    let engine = FrameEngine(consumer: outputs)
    #expect(engine.run(parsed).failure == nil)
    #expect(writer.finish() == nil)
    // Frames: start, add a, add b, undo (= start), redo (= add b), render (= add b).
    #expect(writer.frames.count == 5)
    #expect(engine.reusedFiles == 3)
    let start = try Data(contentsOf: output.appendingPathComponent("0000-start.png"))
    let undone = try Data(contentsOf: output.appendingPathComponent("0003-undo-add-a.png"))
    let again = try Data(contentsOf: output.appendingPathComponent("again.png"))
    let redone = try Data(contentsOf: output.appendingPathComponent("0004-redo-add-b.png"))
    #expect(start == undone)
    #expect(again == redone)
  }

  @Test("encoded frames wait to be stored up to a count and a weight; a heavy one alone")
  func backlogBounds() async {
    let backlog = FramePipeline.Backlog(frames: 3, bytes: 1000)
    /// Enters `count` bytes on another thread; the semaphore is signalled once it is in.
    func enters(_ count: Int) -> DispatchSemaphore {
      let entered = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        backlog.enter(count)
        entered.signal()
      }
      return entered
    }
    backlog.enter(400)
    backlog.enter(400)
    let third = enters(400)
    #expect(await waited(for: third, .milliseconds(200)) == .timedOut, "1200 bytes let in")
    backlog.leave(400)
    #expect(await waited(for: third) == .success)
    // 800 bytes in two frames; a third small one fits, a fourth frame does not.
    backlog.enter(10)
    let fourth = enters(10)
    #expect(await waited(for: fourth, .milliseconds(200)) == .timedOut, "a fourth frame let in")
    backlog.leave(400)
    #expect(await waited(for: fourth) == .success)
    backlog.leave(400)
    backlog.leave(10)
    backlog.leave(10)
    // Empty, a frame heavier than the limit gets in alone.
    let heavy = enters(5000)
    #expect(await waited(for: heavy) == .success)
    #expect(await waited(for: enters(1), .milliseconds(200)) == .timedOut)
    backlog.leave(5000)
  }

  @Test("a slow store does not hold up the making of later frames")
  func storeBesideMaking() throws {
    let pipeline = FramePipeline(parallel: true, width: 1, backlog: 4)
    let thirdMade = DispatchSemaphore(value: 0)
    let stored = Lines()
    for frame in 1...3 {
      try pipeline.submit(
        frame: frame,
        {
          if frame == 3 { thirdMade.signal() }
          return Data(count: frame)
        },
        then: { made in
          // With one job at a time, frame 3 is made only if storing frame 1 left the way free.
          if made.count == 1, thirdMade.wait(timeout: .now() + 20) == .timedOut {
            throw FileError(reason: "frame 3 was not made while frame 1 was being stored")
          }
          stored.append("\(made.count)")
        })
    }
    #expect(pipeline.finish() == nil)
    #expect(stored.text == "123")
  }

  @Test("a frame that cannot be written stops the run at its command and names the file")
  func writeFailure() throws {
    let output = Self.folder()
    defer { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent("0002-add-b.png"), withIntermediateDirectories: true)
    let script = Array(
      "canvas 40x30\nadd a at 5,5 radius 3\nadd b at 9,9 radius 3\nadd c at 1,1 radius 3\n".utf8)
    let result = try ScriptRunner.run(
      ScriptSource(bytes: script, fileName: "fail"), outputDirectory: output, displayPath: "out")
    // The frame is written on another thread while the script goes on; the error is still
    // at the command that made it, line 3, not a later one.
    #expect(
      result.failure?.diagnostic.description
        == "fail:3:1: error: cannot write frame '0002-add-b': 'out/0002-add-b.png': is a folder"
    )
    #expect(result.frames.map(\.name) == ["0000-start", "0001-add-a"])
    #expect(
      !FileManager.default.fileExists(atPath: output.appendingPathComponent("0003-add-c.png").path))
  }
}

/// Lines written by a console, collected across threads.
final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var text: String { lock.withLock { lines.joined() } }
}

extension PipelineTests {
  @Test("a frame of a loop that cannot be written is reported in its iteration, circles then")
  func writeFailureInLoop() throws {
    let output = Self.folder()
    defer { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent("0003-add-c3.png"), withIntermediateDirectories: true)
    let script = "canvas 40x30\nrepeat 4 as i {\n  add at (i),1 r 1\n}\nadd z at 1,1 r 1\n"
    let result = try ScriptRunner.run(
      ScriptSource(bytes: Array(script.utf8), fileName: "fail"), outputDirectory: output,
      displayPath: "out")
    let diagnostic = try #require(result.failure?.diagnostic)
    #expect(
      diagnostic.description
        == "fail:3:3: error: cannot write frame '0003-add-c3': 'out/0003-add-c3.png': is a folder"
    )
    #expect(diagnostic.notes.map(\.message) == ["in iteration 3 of this repeat (i = 2)"])
    #expect(diagnostic.notes.first?.range?.start.line == 2)
    #expect(result.circleCount == 3)
    #expect(result.frames.map(\.name) == ["0000-start", "0001-add-c1", "0002-add-c2"])
  }

  @Test("a render of a loop that a later frame's file clashes with is reported in its iteration")
  func renderClashInLoop() throws {
    let output = Self.folder()
    defer { try? FileManager.default.removeItem(at: output) }
    let script = "repeat 2 as i {\n  render 000{i + 2}-add-c{i + 2}.png\n  add at 1,1 r 1\n}\n"
    let result = try ScriptRunner.run(
      ScriptSource(bytes: Array(script.utf8), fileName: "clash"), outputDirectory: output,
      displayPath: "out")
    let diagnostic = try #require(result.failure?.diagnostic)
    #expect(
      diagnostic.description
        == "clash:2:10: error: cannot render '0002-add-c2.png': '0002-add-c2.png' is also the "
        + "file of frame 2; choose another name")
    #expect(diagnostic.notes.map(\.message) == ["in iteration 1 of this repeat (i = 0)"])
    #expect(result.circleCount == 0)
  }

  @Test("with --frames last, a last frame that cannot be written is reported at its command")
  func lastFrameFailure() throws {
    let output = Self.folder()
    defer { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent("0002-add-c2.png"), withIntermediateDirectories: true)
    var options = RunOptions()
    options.frames = .last
    let script = "repeat 2 as i {\n  add at (i),1 r 1\n}\n"
    let result = try ScriptRunner.run(
      ScriptSource(bytes: Array(script.utf8), fileName: "last"), outputDirectory: output,
      displayPath: "out", options: options)
    let diagnostic = try #require(result.failure?.diagnostic)
    #expect(
      diagnostic.description
        == "last:2:3: error: cannot write frame '0002-add-c2': 'out/0002-add-c2.png': is a folder"
    )
    #expect(diagnostic.notes.map(\.message) == ["in iteration 2 of this repeat (i = 1)"])
    #expect(result.circleCount == 2)
    #expect(result.frames.isEmpty)
  }
}
