import CircleCanvas
import CircleRender
import CircleScript
import Foundation
import Testing

/// A script host that keeps every frame in memory and answers pixel probes from Cairo renders.
final class RecordingHost: ScriptHost {
  var frames: [Frame] = []
  var renders: [String: CanvasState] = [:]

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frames.append(frame)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    renders[path] = state
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try Renderer.render(state).colour(atX: x, y: y)
  }
}

/// The sample scripts shipped in `samples/`.
enum Samples {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".circles") }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }
}

@Suite("Samples: every step undoes and redoes to identical pixels")
struct SampleRoundTripTests {
  @Test("there are at least six samples")
  func enoughSamples() {
    #expect(Samples.names.count >= 6)
  }

  @Test(
    "undoing every step renders the start frame; redoing them renders the final frame",
    arguments: Samples.names)
  func roundTrip(sample: String) throws {
    let script = try Script.parse(try Samples.bytes(sample), fileName: sample)
    let host = RecordingHost()
    let interpreter = Interpreter(host: host)
    try interpreter.run(script)
    let canvas = interpreter.canvas
    let start = try #require(host.frames.first)
    let final = canvas.state
    let finalImage = try Renderer.render(final)
    let steps = canvas.undoManager.undoCount
    #expect(steps > 0)

    for _ in 0..<steps { canvas.undoManager.undo() }
    #expect(!canvas.undoManager.canUndo)
    #expect(canvas.state == start.state)
    #expect(try Renderer.render(canvas.state) == Renderer.render(start.state))

    for _ in 0..<steps { canvas.undoManager.redo() }
    #expect(canvas.state == final)
    #expect(try Renderer.render(canvas.state) == finalImage)
  }
}
