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

  /// `expect pixel`: the colour of the pixel at pixel coordinates (already × scale, floored).
  ///
  /// The coordinates are inside the image (`0..<state.pixelWidth`, `0..<state.pixelHeight`).
  /// - Returns: the pixel with straight (not premultiplied) alpha.
  /// - Throws: any error; the script stops with it as a diagnostic at the command.
  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour
}

/// Why a script stopped.
public enum ScriptFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// An error in the script, found while parsing or running it: exit code 2.
  case error(Diagnostic)
  /// An `expect` that did not hold: exit code 1.
  case expectationFailed(Diagnostic)

  /// The diagnostic to print.
  public var diagnostic: Diagnostic {
    switch self {
    case .error(let diagnostic), .expectationFailed(let diagnostic): diagnostic
    }
  }

  /// The process exit code (SPEC §6): 2 for an error, 1 for a failed expectation.
  public var exitCode: Int32 {
    switch self {
    case .error: 2
    case .expectationFailed: 1
    }
  }

  /// The diagnostic's first line.
  public var description: String { diagnostic.description }
}
