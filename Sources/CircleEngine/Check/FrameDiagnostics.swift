import CircleScript
import CircleSnapshot
import CircleSystem

/// Failing frames as diagnostics at the commands that made them, in the compiler's format, so
/// that editors, CI annotations and problem matchers jump to the line:
///
/// ```
/// scene.circles:6:1: error: frame 0002-add-hill differs from its golden: 312 pixels differ …
/// ```
///
/// The start frame is at the `canvas` line; a frame made by a group, inside a loop or inside a
/// procedure is at the line of the group, of the loop or of the call at top level, with a note at
/// each command inside it that set what differs (the circle the scene diff names) and at the
/// calls between (up to 5, innermost first), and a changed canvas has a note at the `canvas`
/// line.
enum FrameDiagnostics {
  /// One error for each frame or `render` target that failed, is missing or could not be
  /// checked, in script order.
  static func diagnostics(
    for result: ScriptResult, fileName: String, provenance: FrameProvenance = FrameProvenance()
  ) -> [Diagnostic] {
    result.frames.compactMap { frame in
      guard let location = frame.location,
        frame.status.isFailure || frame.error != nil
          || (result.failsOnRecorded && frame.isFirstRecording)
      else {
        return nil
      }
      let start = SourceLocation(file: fileName, line: location.line, column: location.column)
      let range = SourceRange(start: start, length: location.length)
      return .error(
        DisplayText.escaped(message(for: frame)), at: range,
        notes: frame.isRender ? [] : provenance.notes(for: frame, at: range))
    }
  }

  static func message(for frame: FrameResult) -> String {
    let what =
      frame.isRender ? "render target '\(frame.name).png'" : "frame \(frame.nameWithOrigin)"
    if let error = frame.error { return "\(what): \(error)" }
    switch frame.status {
    case .missing: return "\(what) has no golden yet"
    case .recorded: return "\(what) had no golden: recorded, look at it and run again"
    default:
      if let problem = frame.problem, frame.comparison == nil, frame.goldenSize == nil {
        return "\(what) cannot be compared with its golden: \(problem)"
      }
      return "\(what) differs from its golden: \(TextReport.describe(frame))"
    }
  }
}

/// Which commands set each frame's picture: the changes that made it, the calls they were made
/// in, and the `canvas` command.
struct FrameProvenance {
  /// The most notes at calls between a frame's line and the command inside.
  static let shownCalls = 5

  private var changes: [String: [Frame.Change]] = [:]
  private var calls: [String: [Frame.Context]] = [:]
  private var canvas: SourceRange?

  mutating func add(_ frame: Frame) {
    if frame.direction == .start { canvas = frame.range }
    changes[frame.name] = frame.changes
    let around = frame.contexts.filter(\.isCall)
    if !around.isEmpty { calls[frame.name] = around }
  }

  /// A note at each command, other than the one the error is at, that set what the scene diff
  /// says differs: the last change of each circle it names, the `canvas` line for the canvas.
  func notes(for frame: FrameResult, at range: SourceRange) -> [Diagnostic.Note] {
    let made = changes[frame.name] ?? []
    var notes: [Diagnostic.Note] = []
    for line in frame.sceneDiff {
      let target: SourceRange?
      if let circle = SceneDiff.circle(ofLine: line) {
        target = made.last { $0.circle == circle }?.range
      } else {
        target = canvas
      }
      guard let target, target.start != range.start,
        !notes.contains(where: { $0.range?.start == target.start })
      else { continue }
      notes.append(
        Diagnostic.Note(range: target, message: "set here: \(DisplayText.escaped(line))"))
    }
    if notes.isEmpty, let last = made.last,
      last.range.start != range.start
    {
      notes.append(Diagnostic.Note(range: last.range, message: "the frame's last change"))
    }
    let between = (calls[frame.name] ?? []).reversed().filter { $0.range.start != range.start }
    return notes + between.prefix(Self.shownCalls).map(\.note)
  }
}
