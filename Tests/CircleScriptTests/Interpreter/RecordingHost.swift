import CircleCanvas
import CircleScript

/// A host that keeps every frame and render in memory and answers pixel queries from a simple
/// model: the fill of the topmost circle whose disc holds the pixel's centre, else the
/// background.
final class RecordingHost: ScriptHost {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var frames: [Frame] = []
  var renders: [(path: String, state: CanvasState)] = []
  var pixelQueries: [(x: Int, y: Int)] = []
  /// Frame numbers whose output fails, as a full disk would.
  var failingFrames: Set<Int> = []
  var failsRenders = false

  func scriptDidProduceFrame(_ frame: Frame) throws {
    if failingFrames.contains(frame.number) { throw Failure(description: "no space left") }
    frames.append(frame)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    if failsRenders { throw Failure(description: "permission denied") }
    renders.append((path, state))
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    pixelQueries.append((x, y))
    let px = (Double(x) + 0.5) / state.scale
    let py = (Double(y) + 0.5) / state.scale
    let hit = state.circles.last { circle in
      let dx = px - circle.center.x
      let dy = py - circle.center.y
      return dx * dx + dy * dy <= circle.radius * circle.radius
    }
    return hit?.fill ?? state.background
  }

  var frameNames: [String] { frames.map(\.name) }
}

/// The result of parsing and running a script.
struct Outcome {
  var host: RecordingHost
  var interpreter: Interpreter?
  var failure: ScriptFailure?
  var source: String

  /// The failure as the CLI prints it, or `nil`.
  var rendered: String? {
    failure.map { DiagnosticPrinter().render($0.diagnostics, source: Array(source.utf8)) }
  }
}

/// Parses and runs `source` as `scene.circles` against a fresh canvas and `host`.
func run(_ source: String, host: RecordingHost = RecordingHost()) -> Outcome {
  let script: Script
  do {
    script = try Parser.parse(source, fileName: "scene.circles")
  } catch {
    return Outcome(host: host, interpreter: nil, failure: .syntax(error), source: source)
  }
  let interpreter = Interpreter(host: host)
  do {
    try interpreter.run(script)
    return Outcome(host: host, interpreter: interpreter, failure: nil, source: source)
  } catch {
    return Outcome(host: host, interpreter: interpreter, failure: error, source: source)
  }
}
