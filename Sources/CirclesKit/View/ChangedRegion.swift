import CircleCanvas
import CircleRender

/// The region of the picture that changed from one state to the next, for outlining.
///
/// For now the rectangle the renderer repaints, a few pixels larger than the change; a tighter
/// region shared with the animation's highlights can take its place.
enum ChangedRegion {
  /// The pixels that can differ between the pictures of two states: the rectangle the
  /// renderer repaints (`CanvasDamage`), the whole picture when the size, scale or background
  /// changed, `nil` when the pictures are the same.
  static func between(_ old: CanvasState, _ new: CanvasState) -> PixelRect? {
    switch CanvasDamage.between(old, new) {
    case .none: nil
    case .region(let rect): rect
    case .everything: PixelRect(minX: 0, minY: 0, maxX: new.pixelWidth, maxY: new.pixelHeight)
    }
  }
}
