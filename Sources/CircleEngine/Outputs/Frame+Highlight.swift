import CircleCanvas
import CircleRender
import CircleScript

extension Frame {
  /// The region to outline on this frame when it is shown: where the picture changed from the
  /// frame before, for undo and redo frames only (they are the ones whose change the user did
  /// not just type); `nil` for other frames, or when nothing visible changed.
  ///
  /// - Parameter previous: the state of the frame shown before this one.
  package func highlight(after previous: CanvasState?) -> PixelRect? {
    guard direction == .undo || direction == .redo, let previous else { return nil }
    return ChangedRegion.between(previous, state)
  }
}
