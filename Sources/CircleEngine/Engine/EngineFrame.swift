import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// One state a ``FrameEngine`` reached: the frame (name, number, action, direction, the command
/// and loop behind it, the changes that made it) and its canvas state, with its picture, the
/// region that changed and its encoded file made on demand.
///
/// Valid while the consumer handles it: the picture is the engine's, drawn again for the next
/// state.
package struct EngineFrame {
  /// The frame, as the interpreter made it.
  package let frame: Frame
  /// The engine that reached it.
  package unowned let engine: FrameEngine

  init(_ frame: Frame, engine: FrameEngine) {
    self.frame = frame
    self.engine = engine
  }

  /// The canvas after the frame's command.
  package var state: CanvasState { frame.state }

  /// Where the frame was asked for: what a failure to write it, learnt later, is located at.
  package var site: OutputSite { frame.site }

  /// The state as its picture is drawn (smaller when the engine's pictures are).
  package var pictureState: CanvasState { engine.pictureState(frame.state) }

  /// Draws the frame's picture, repainting what changed since the picture drawn before.
  ///
  /// - Returns: the engine's renderer, holding the picture.
  /// - Throws: `RenderError` when the state cannot be drawn.
  package func pixels() throws(RenderError) -> IncrementalRenderer {
    try engine.draw(frame.state)
  }

  /// Draws the frame's picture and tells the rectangle repainted since the engine's last
  /// `damage()` (the whole picture for the first).
  ///
  /// - Throws: `RenderError` when the state cannot be drawn.
  package func damage() throws(RenderError) -> PixelRect {
    try engine.draw(frame.state).takeDamage()
  }

  /// The region to outline when the frame is shown: where its picture differs from the frame
  /// before, for undo and redo frames (the changes the user did not just type); `nil` for
  /// other frames, when nothing visible changed, or when the engine does not track changes.
  package var highlight: PixelRect? {
    guard let previous = engine.previous.state else { return nil }
    var picture = frame
    picture.state = pictureState
    return picture.highlight(after: engine.pictureState(previous))
  }

  /// The frame's file in the engine's format: shared bytes when the state was encoded before.
  ///
  /// - Throws: `RenderError` when the state cannot be drawn or the encoder has no memory.
  package func encoded() throws -> EncodedPicture {
    try engine.encoded(frame.state)
  }
}

/// A `render` command a ``FrameEngine`` met: the state, the path and where it was asked for,
/// with the file made on demand.
package struct EngineRender {
  /// The canvas when the `render` ran.
  package let state: CanvasState
  /// The path after interpolation, as the script gives it.
  package let path: String
  /// Where it was asked for: what a failure to write it, learnt later, is located at.
  package let site: OutputSite
  /// The engine that met it.
  package unowned let engine: FrameEngine

  /// The file in `format`, the engine's unless given.
  ///
  /// - Throws: `RenderError` when the state cannot be drawn or encoded.
  package func encoded(as format: FrameFormat? = nil) throws -> EncodedPicture {
    try engine.encoded(state, as: format)
  }
}

/// The encoded file of a state, possibly still to be made: reading its bytes does the work
/// left (on whatever thread reads them first), or waits for it.
package struct EncodedPicture: Sendable {
  private let frame: EncodedFrame
  private let work: (@Sendable () -> Void)?

  init(_ frame: EncodedFrame, work: (@Sendable () -> Void)?) {
    self.frame = frame
    self.work = work
  }

  /// Bytes made already.
  init(_ data: Data) {
    frame = EncodedFrame()
    frame.fulfil(.success(data))
    work = nil
  }

  /// The bytes: made now when this is the picture's first reading, else as made before.
  ///
  /// - Throws: what encoding threw.
  package func bytes() throws -> Data {
    work?()
    return try frame.bytes()
  }
}
