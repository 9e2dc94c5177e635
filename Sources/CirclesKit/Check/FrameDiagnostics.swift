import CircleScript
import CircleSnapshot

/// Failing frames as diagnostics at the commands that made them, in the compiler's format, so
/// that editors, CI annotations and problem matchers jump to the line:
///
/// ```
/// scene.circles:6:1: error: frame 0002-add-hill differs from its golden: 312 pixels differ …
/// ```
enum FrameDiagnostics {
  /// One error for each frame or `render` target that failed, is missing or could not be
  /// checked, in script order.
  static func diagnostics(for result: ScriptResult, fileName: String) -> [Diagnostic] {
    result.frames.compactMap { frame in
      guard let location = frame.location, frame.status.isFailure || frame.error != nil else {
        return nil
      }
      let start = SourceLocation(file: fileName, line: location.line, column: location.column)
      let range = SourceRange(start: start, length: location.length)
      return .error(DisplayText.escaped(message(for: frame)), at: range)
    }
  }

  static func message(for frame: FrameResult) -> String {
    let what =
      frame.isRender ? "render target '\(frame.name).png'" : "frame \(frame.nameWithOrigin)"
    if let error = frame.error { return "\(what): \(error)" }
    switch frame.status {
    case .missing: return "\(what) has no golden yet"
    default:
      if let problem = frame.problem, frame.comparison == nil, frame.goldenSize == nil {
        return "\(what) cannot be compared with its golden: \(problem)"
      }
      return "\(what) differs from its golden: \(TextReport.describe(frame))"
    }
  }
}
