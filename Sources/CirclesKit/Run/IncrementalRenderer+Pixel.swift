import CircleCanvas
import CircleRender

extension IncrementalRenderer {
  /// The colour of one pixel of a state, for a script's `expect pixel`: the picture is brought
  /// to the state first.
  ///
  /// - Throws: `RenderError` when the state cannot be drawn; `FileProblem` when the pixel lies
  ///   outside the image.
  func pixel(of state: CanvasState, x: Int, y: Int) throws -> Colour {
    try update(to: state)
    guard let colour = colour(atX: x, y: y) else {
      throw FileProblem("pixel \(x),\(y) is outside the image")
    }
    return colour
  }
}
