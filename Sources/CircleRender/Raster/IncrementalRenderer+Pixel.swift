import CircleCanvas

extension IncrementalRenderer {
  /// The colour of one pixel of a state, as a script's `expect pixel` reads it: the picture is
  /// brought to the state first.
  ///
  /// - Parameters:
  ///   - state: the canvas state to read.
  ///   - x: the column, from 0 at the left, in pixels.
  ///   - y: the row, from 0 at the top, in pixels.
  /// - Returns: the straight-alpha colour of the pixel.
  /// - Throws: `RenderError` when the state cannot be drawn; `.pixelOutsideImage` when the pixel
  ///   lies outside it.
  package func pixel(of state: CanvasState, x: Int, y: Int) throws(RenderError) -> Colour {
    try update(to: state)
    guard let colour = colour(atX: x, y: y) else {
      throw .pixelOutsideImage(x: x, y: y, width: state.pixelWidth, height: state.pixelHeight)
    }
    return colour
  }
}
