import CircleCanvas

/// What an `Interpreter` needs from its surroundings: somewhere to put frames and renders, and
/// a way to read pixels for `expect pixel`.
public protocol ScriptHost: AnyObject {
  /// A new canvas state to output: frame 0 is the start, then one per changing command.
  ///
  /// - Throws: any error; the script stops with it as a diagnostic at the command.
  func scriptDidProduceFrame(_ frame: Frame) throws

  /// `render <file>`: write the current state to `path` (relative to the output folder).
  ///
  /// - Throws: any error; the script stops with it as a diagnostic at the command.
  func scriptRender(_ state: CanvasState, toPath path: String) throws

  /// `render <file>` at a command of the script: by default ``scriptRender(_:toPath:)``.
  ///
  /// - Throws: any error; the script stops with it as a diagnostic at the command.
  func scriptRender(_ state: CanvasState, toPath path: String, at range: SourceRange) throws

  /// `expect pixel`: the colour of the pixel at pixel coordinates (already × scale, floored).
  ///
  /// The coordinates are inside the image (`0..<state.pixelWidth`, `0..<state.pixelHeight`).
  /// - Returns: the pixel with straight (not premultiplied) alpha.
  /// - Throws: any error; the script stops with it as a diagnostic at the command.
  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour
}

extension ScriptHost {
  public func scriptRender(_ state: CanvasState, toPath path: String, at range: SourceRange)
    throws
  {
    try scriptRender(state, toPath: path)
  }
}
