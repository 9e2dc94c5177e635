/// The human report of a check for standard output: one block per script with what failed,
/// moved or has no frame, where the images are and the command that accepts the change, then a
/// summary line.
///
/// ```
/// FAIL samples/sun.circles: 1 of 4 frames failed; first diverging frame 0002-add-sea
///   moved   0002-add-sun (was 0001-add-sun): images match
///   FAIL    0003-add-sea (was 0002-add-sea): 189 pixels differ (15.8%), first at 10,7, …
///     actual: .circles-artifacts/sun/0003-add-sea.actual.png
///     diff:   .circles-artifacts/sun/0003-add-sea.diff.png
///     strip:  .circles-artifacts/sun/0003-add-sea.strip.png
///     scene:  sea: fill #336699 → #339966
///   MISSING 0001-add-shadow: no golden at samples/__snapshots__/sun/0001-add-shadow.png
///   to accept the new images: circles check samples/sun.circles --record
/// checked 1 script, 4 frames: 1 passed, 1 failed, 1 missing, 1 moved
/// ```
///
/// Lines carry text from files (circle ids, file names, renderers) as it is: print them through
/// a terminal-safe escape, as `circles check` does.
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
      if result.stoppedEarly {
        lines.append(
          "  the script stopped before its end: goldens of later frames were not checked, "
            + "and none is deleted")
      }
      if let hint = result.hint { lines.append("  " + hint) }
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
      var extra = ""
      for status in [FrameStatus.moved, .recorded, .pruned] where result.count(status) > 0 {
        extra += ", \(result.count(status)) \(status.rawValue)"
      }
      return "ok   \(result.displayPath): \(frames(checked))\(extra)"
    }
    var text = "FAIL \(result.displayPath): \(result.failures.count) of \(frames(checked)) failed"
    if let first = result.firstDivergingFrame { text += "; first diverging frame \(first.name)" }
    return text
  }

  static func frameLines(_ frame: FrameResult, in result: ScriptResult) -> [String] {
    var lines = [
      "  \(label(frame, failsOnOrphans: result.failsOnOrphans)) \(frame.nameWithOrigin): "
        + describe(frame)
    ]
    lines += frame.detailLines(path: DisplayPath.of).map { "    " + $0 }
    return lines
  }

  static func label(_ frame: FrameResult, failsOnOrphans: Bool) -> String {
    if frame.error != nil { return "ERROR  " }
    switch frame.status {
    case .passed: return "ok     "
    case .failed: return "FAIL   "
    case .missing: return "MISSING"
    case .moved: return "moved  "
    case .recorded:
      return frame.movedFrom != nil && (frame.comparison?.matches ?? true) ? "RENAME " : "RECORD "
    case .orphan: return failsOnOrphans ? "ORPHAN " : "orphan "
    case .pruned: return "pruned "
    }
  }

  /// What happened to a frame in one phrase.
  public static func describe(_ frame: FrameResult) -> String {
    if let error = frame.error { return error }
    switch frame.status {
    case .passed:
      return frame.comparison?.summary ?? "images match"
    case .failed:
      return frame.problem ?? frame.comparison?.summary ?? "differs from its golden"
    case .missing:
      return "no golden at \(DisplayPath.of(frame.golden))"
    case .moved:
      return "same picture as its golden; steps were inserted or removed before it"
    case .recorded:
      let renamed = frame.movedFrom.map { " (renamed from \($0.lastPathComponent))" } ?? ""
      if let comparison = frame.comparison, !comparison.matches {
        return "golden replaced\(renamed) (was: \(comparison.summary))"
      }
      if let movedFrom = frame.movedFrom {
        return "golden renamed from \(movedFrom.lastPathComponent)"
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
