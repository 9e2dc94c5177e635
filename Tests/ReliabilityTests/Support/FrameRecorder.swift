import CircleCanvas
import CircleScript

/// A script host that keeps frames in memory and renders nothing.
///
/// `expect pixel` is answered with the background colour, and `render` only records the path:
/// tests that need pixels render the recorded states themselves.
final class FrameRecorder: ScriptHost {
  private(set) var frames: [Frame] = []
  private(set) var renderedPaths: [String] = []

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frames.append(frame)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    renderedPaths.append(path)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    state.background
  }
}
