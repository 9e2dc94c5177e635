import CircleSystem
import Foundation

/// The outcome of checking every frame of one script against its goldens.
package struct ScriptResult: Hashable, Sendable, Codable {
  /// The script checked.
  package var script: URL
  /// The folder of its goldens.
  package var goldenDirectory: URL
  /// Every frame and `render` target in the order the script made them, then orphan or pruned
  /// goldens by name.
  package var frames: [FrameResult]
  /// Whether orphans count as failures (copied from the options).
  package var failsOnOrphans: Bool
  /// Whether the script stopped before its end (a failed `expect`): goldens after its last
  /// frame were then neither reported as orphans nor touched.
  package var stoppedEarly: Bool
  /// How many goldens of frames after the stop were left unchecked, when the script stopped
  /// early.
  package var unreachedGoldens: Int
  /// The options a printed command repeats after the script's path, so that it chooses the
  /// same files and compares the same way (`--golden g`, `--threshold 0.1`, …).
  package var commandOptions: [String]
  /// Whether goldens recorded for frames that had none still fail the script: the first run
  /// that records them by default, outside CI (see ``CheckOptions/failsWhenRecording``).
  package var failsOnRecorded: Bool
  /// Whether this compares two folders of images (`circles compare`): ``script`` is then the
  /// actual folder, ``goldenDirectory`` the expected one, every frame an image named by its
  /// path in them, and reports speak of changed, new and deleted images.
  package var comparesFolders = false
  /// Notes on the whole result, for people: files that were skipped and why.
  package var notes: [String] = []
  /// Whether the suggested command is to be run elsewhere (the check ran where `CI` is set):
  /// the hint then says to run it locally and commit what it writes.
  package var suggestsLocally = false

  /// Creates a result.
  package init(
    script: URL, goldenDirectory: URL, frames: [FrameResult], failsOnOrphans: Bool,
    stoppedEarly: Bool = false, unreachedGoldens: Int = 0, commandOptions: [String] = [],
    failsOnRecorded: Bool = false
  ) {
    self.failsOnRecorded = failsOnRecorded
    self.script = script
    self.goldenDirectory = goldenDirectory
    self.frames = frames
    self.failsOnOrphans = failsOnOrphans
    self.stoppedEarly = stoppedEarly
    self.unreachedGoldens = unreachedGoldens
    self.commandOptions = commandOptions
  }

  /// Whether the script passes: no frame failed or is missing (nor an orphan, when those fail,
  /// nor a golden recorded on a first run).
  package var passed: Bool { failures.isEmpty }

  /// The frames that make the script fail.
  package var failures: [FrameResult] { frames.filter(fails) }

  /// Whether a frame of this script makes it fail: it differs or is missing, or it is an orphan
  /// when those fail, or a golden recorded on a first run when that fails. Every report marks
  /// a frame as failing by this rule, and the exit code counts it.
  package func fails(_ frame: FrameResult) -> Bool {
    frame.status.isFailure || (failsOnOrphans && frame.status == .orphan)
      || (failsOnRecorded && frame.isFirstRecording)
  }

  /// The frames whose golden this first run recorded.
  package var firstRecordings: [FrameResult] {
    failsOnRecorded ? frames.filter(\.isFirstRecording) : []
  }

  /// The images whose golden or artifacts could not be written, read or kept in memory: the
  /// check exits 2 for them.
  package var errors: [FrameResult] { frames.filter { $0.error != nil } }

  /// The first frame, in script order, that differs from its golden or has none.
  package var firstDivergingFrame: FrameResult? { frames.first { $0.diverges } }

  /// How many frames have each status.
  package func count(_ status: FrameStatus) -> Int { frames.count { $0.status == status } }

  /// The script's path as people typed it (relative to the current folder when it is below it).
  package var displayPath: String { DisplayPath.of(script) }

  /// The command that brings the goldens up to date with what this check found: `--record
  /// failed` for goldens that differ, `--record missing` for new frames, `--record` for both
  /// (each also renames moved goldens, and plain `--record` renames when only that is left),
  /// and `--prune` when goldens have no frame. It repeats the check's ``commandOptions``.
  package var rerecordCommand: String {
    let missing = frames.contains { $0.status == .missing }
    let failed = frames.contains { $0.status == .failed }
    let orphans = frames.contains { $0.status == .orphan }
    if comparesFolders {
      let folders = [goldenDirectory, script].map { DisplayPath.shellQuoted(DisplayPath.of($0)) }
      let words = ["circles", "compare"] + folders + commandOptions.map(DisplayPath.shellQuoted)
      return (words + ["--update"] + (orphans ? ["--prune"] : [])).joined(separator: " ")
    }
    var words = ["circles", "check", DisplayPath.shellQuoted(displayPath)]
    words += commandOptions.map(DisplayPath.shellQuoted)
    if missing, failed {
      words.append("--record")
    } else if missing {
      words += ["--record", "missing"]
    } else if failed {
      words += ["--record", "failed"]
    } else if frames.contains(where: { $0.status == .moved && !$0.renamed }) || !orphans {
      words.append("--record")
    }
    if orphans { words.append("--prune") }
    return words.joined(separator: " ")
  }

  /// The line a report ends a script with, when its goldens are behind: how to accept the new
  /// images, rename moved goldens or delete those without a frame; `nil` when nothing is left
  /// to do.
  package var hint: String? {
    guard let (text, command) = hintParts else { return nil }
    return command.map { "\(text): \($0)" } ?? text
  }

  /// The hint's words and the command it suggests, apart, for reports that set the command off
  /// (`to accept the new images`, `circles check scene.circles --record failed`); where `CI` is
  /// set the words say to run it locally and commit the goldens.
  package var hintParts: (text: String, command: String?)? {
    guard let (purpose, command) = suggestion else { return nil }
    guard command != nil, suggestsLocally else { return (purpose, command) }
    return ("\(purpose), run locally and commit what it writes", command)
  }

  /// The command the hint suggests, if it suggests one: ``rerecordCommand`` when the goldens
  /// are behind and a command brings them up to date.
  package var suggestedCommand: String? { suggestion?.command }

  /// What the hint is for, and the command it suggests, if any.
  private var suggestion: (purpose: String, command: String?)? {
    let moved = frames.contains { $0.status == .moved && !$0.renamed }
    let orphans = frames.contains { $0.status == .orphan }
    let recorded = firstRecordings.count
    if recorded > 0, recorded == failures.count {
      let goldens = recorded == 1 ? "a golden" : "\(recorded) goldens"
      return ("recorded \(goldens) for frames that had none: look at them and run again", nil)
    }
    // An error a record does not mend (an image that could not be made or written, a damaged
    // image of a folder comparison) comes first: no command is suggested until it is gone.
    if frames.contains(where: { $0.error != nil && !$0.goldenUnreadable }) { return nil }
    if !passed { return ("to accept the new images", rerecordCommand) }
    if comparesFolders {
      return orphans
        ? ("to delete the expected images without an actual one", rerecordCommand) : nil
    }
    switch (moved, orphans) {
    case (true, true):
      return ("to rename the moved goldens and delete those without a frame", rerecordCommand)
    case (true, false): return ("to rename the moved goldens", rerecordCommand)
    case (false, true): return ("to delete the goldens without a frame", rerecordCommand)
    case (false, false): return nil
    }
  }
}

extension FrameResult {
  /// Whether the frame had no golden and one was recorded for it (not a golden replaced).
  package var isFirstRecording: Bool { status == .recorded && wasMissing }
}

/// Paths shown to people.
enum DisplayPath {
  /// The path relative to the current folder when the file is below it, else absolute.
  static func of(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let current = FolderHandle.currentDirectory.path
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The path quoted for a POSIX shell when it holds anything but safe characters.
  static func shellQuoted(_ path: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@%=")
    if !path.isEmpty, path.allSatisfy(safe.contains) { return path }
    return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
