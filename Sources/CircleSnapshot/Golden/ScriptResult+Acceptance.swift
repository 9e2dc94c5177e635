import Foundation

/// What accepting one frame's change does (`circles review`, README "Reviewing failures"): the
/// options of the check that does it, and the command line that does the same.
///
/// A failed, missing or moved image is accepted by plain `--record` limited to its name with
/// `--only` (which records a failed or missing golden and renames a moved one, as the check's
/// plan does for that mode), an orphan golden by `--prune` limited to its name.
package struct FrameAcceptance: Hashable, Sendable {
  /// The record mode of the check that accepts.
  package var record: RecordMode
  /// Whether it prunes.
  package var prune: Bool
  /// The one `--only` pattern: the image's name, its pattern characters escaped.
  package var only: String
  /// The equivalent command line, quoted for a POSIX shell.
  package var command: String

  /// These options applied to a check's own (golden folders, comparison, artifacts).
  package func options(from base: CheckOptions) -> CheckOptions {
    var options = base
    options.record = record
    options.prune = prune
    options.only = [only]
    options.failsWhenRecording = false
    return options
  }

  /// The status a frame has once accepted: a recorded golden, a renamed one, a deleted one; or
  /// one that passes, its golden having been written meanwhile (another review, a check).
  package func isDone(_ frame: FrameResult) -> Bool {
    switch frame.status {
    case .recorded, .pruned, .passed: true
    case .moved: frame.renamed
    default: false
    }
  }
}

extension ScriptResult {
  /// What accepting `frame` does; `nil` for a frame with nothing to accept (one that passed, or
  /// was already recorded, renamed or pruned).
  ///
  /// - Parameters:
  ///   - frame: one of the result's frames.
  ///   - scriptPath: the script's path in the command; by default relative to the process's
  ///     current folder.
  package func acceptance(of frame: FrameResult, scriptPath: String? = nil) -> FrameAcceptance? {
    let record: Bool
    switch frame.status {
    case .failed, .missing: record = true
    case .moved where !frame.renamed: record = true
    case .orphan: record = false
    default: return nil
    }
    let only = FrameAcceptance.literalPattern(frame.name)
    var words = ["circles", "check", DisplayPath.shellQuoted(scriptPath ?? displayPath)]
    words += commandOptions.map(DisplayPath.shellQuoted)
    words += [record ? "--record" : "--prune", "--only", DisplayPath.shellQuoted(only)]
    return FrameAcceptance(
      record: record ? .missingAndFailed : .none, prune: !record, only: only,
      command: words.joined(separator: " "))
  }
}

extension FrameAcceptance {
  /// A shell pattern (`--only`) that matches `name` alone: `*`, `?`, `[` and `\` escaped.
  package static func literalPattern(_ name: String) -> String {
    var pattern = ""
    for character in name {
      if "*?[\\".contains(character) { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern
  }
}
