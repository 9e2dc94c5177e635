/// The human report of a check for standard output: one block per script with what failed,
/// where the images are and the command that re-records, then a summary line.
///
/// ```
/// FAIL samples/sun.circles: 1 of 3 frames failed; first diverging frame 0001-add-sun
///   FAIL 0001-add-sun: 189 pixels differ (15.8%), first at 10,7, all within 16x16 at 6,7
///     actual: .circles-artifacts/sun/0001-add-sun.actual.png
///     diff:   .circles-artifacts/sun/0001-add-sun.diff.png
///     strip:  .circles-artifacts/sun/0001-add-sun.strip.png
///     scene:  sun: fill #555555 → #55aa55
///   to accept the new images: circles check samples/sun.circles --record failed
/// checked 1 script, 3 frames: 2 passed, 1 failed
/// ```
public enum TextReport {
  /// The report's lines, without trailing newlines.
  ///
  /// - Parameters:
  ///   - results: one result per script, in the order they were given.
  ///   - verbose: whether passing frames are listed too.
  public static func lines(for results: [ScriptResult], verbose: Bool = false) -> [String] {
    var lines: [String] = []
    for result in results {
      lines.append(headline(result))
      for frame in result.frames where verbose || frame.status != .passed {
        lines += frameLines(frame, in: result)
      }
      if !result.passed {
        lines.append("  to accept the new images: \(result.rerecordCommand)")
      }
    }
    lines.append(summary(results))
    return lines
  }

  /// `checked 2 scripts, 9 frames: 7 passed, 1 failed, 1 missing` (statuses with no frame are
  /// left out).
  public static func summary(_ results: [ScriptResult]) -> String {
    let frames = results.flatMap(\.frames)
    let counted = FrameStatus.allCases.compactMap { status -> String? in
      let count = frames.count { $0.status == status }
      return count == 0 && status != .passed ? nil : "\(count) \(status.rawValue)"
    }
    let checked = frames.count { $0.status != .orphan && $0.status != .pruned }
    let scripts = results.count == 1 ? "1 script" : "\(results.count) scripts"
    return "checked \(scripts), \(Self.frames(checked)): " + counted.joined(separator: ", ")
  }

  static func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }

  static func headline(_ result: ScriptResult) -> String {
    let checked = result.frames.count { $0.status != .orphan && $0.status != .pruned }
    guard !result.passed else {
      let recorded = result.count(.recorded)
      let extra = recorded > 0 ? ", \(recorded) recorded" : ""
      return "ok   \(result.displayPath): \(frames(checked))\(extra)"
    }
    var text = "FAIL \(result.displayPath): \(result.failures.count) of \(frames(checked)) failed"
    if let first = result.firstDivergingFrame { text += "; first diverging frame \(first.name)" }
    return text
  }

  static func frameLines(_ frame: FrameResult, in result: ScriptResult) -> [String] {
    var lines = [
      "  \(label(frame.status, failsOnOrphans: result.failsOnOrphans)) \(frame.name): "
        + describe(frame)
    ]
    lines += frame.detailLines(path: DisplayPath.of).map { "    " + $0 }
    return lines
  }

  static func label(_ status: FrameStatus, failsOnOrphans: Bool) -> String {
    switch status {
    case .passed: "ok     "
    case .failed: "FAIL   "
    case .missing: "MISSING"
    case .recorded: "RECORD "
    case .orphan: failsOnOrphans ? "ORPHAN " : "orphan "
    case .pruned: "pruned "
    }
  }

  /// What happened to a frame in one phrase.
  public static func describe(_ frame: FrameResult) -> String {
    switch frame.status {
    case .passed:
      return frame.comparison?.summary ?? "images match"
    case .failed:
      return frame.problem ?? frame.comparison?.summary ?? "differs from its golden"
    case .missing:
      return "no golden at \(DisplayPath.of(frame.golden))"
    case .recorded:
      if let comparison = frame.comparison, !comparison.matches {
        return "golden replaced (was: \(comparison.summary))"
      }
      return frame.comparison == nil
        ? "golden written to \(DisplayPath.of(frame.golden))" : "golden rewritten"
    case .orphan:
      return frame.problem ?? "golden without a frame: \(DisplayPath.of(frame.golden)) "
        + "(delete it with --prune)"
    case .pruned:
      return "deleted golden without a frame: \(DisplayPath.of(frame.golden))"
    }
  }
}
