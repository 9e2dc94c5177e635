import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import Foundation

/// Runs a script in memory and keeps every frame's pixels, for comparing with goldens.
public enum ScriptFrames {
  /// The frames of a script, rendered, or the failure that stopped it.
  public struct Outcome: Sendable {
    /// The frames produced before the script ended or stopped.
    public var frames: [GoldenChecker.Frame]
    /// The error or failed `expect` that stopped the script, if any.
    public var failure: ScriptFailure?
  }

  /// Parses and runs a script, rendering each frame; `render` commands write nothing here.
  public static func render(_ source: ScriptSource) -> Outcome {
    let host = FrameCollector()
    let failure: ScriptFailure?
    do {
      failure = try source.run(with: host).failure
    } catch {
      failure = .syntax(error)
    }
    return Outcome(frames: host.frames, failure: failure)
  }
}

/// A script host that renders frames into memory.
final class FrameCollector: ScriptHost {
  private(set) var frames: [GoldenChecker.Frame] = []
  /// Repaints only what changed from one frame to the next.
  private let renderer = IncrementalRenderer()

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frames.append((frame.name, try renderer.image(of: frame.state), frame.state))
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {}

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try renderer.image(of: state).colour(atX: x, y: y)
  }
}
