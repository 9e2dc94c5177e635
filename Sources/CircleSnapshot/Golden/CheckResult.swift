import Foundation

/// The outcome of a whole check: every script given or found, in order, whether it ran or not.
///
/// The text, JSON, JUnit and HTML reports and the exit code are all made from this one value,
/// so they count the same scripts and frames and cannot disagree.
package struct CheckResult: Hashable, Sendable {
  /// One entry per script, in the order they were given.
  package var scripts: [ScriptCheckResult]

  /// Creates a result.
  package init(scripts: [ScriptCheckResult]) {
    self.scripts = scripts
  }

  /// A result of scripts that all ran to a frame-by-frame result.
  package init(results: [ScriptResult]) {
    scripts = results.map { ScriptCheckResult(result: $0) }
  }

  /// The verdict of the whole check: an error when a script has one, else failed when one
  /// failed, else passed (a check of no script passes). The exit code and every report's
  /// verdict are this one value.
  package var status: ScriptCheckResult.Status {
    if scripts.contains(where: { $0.status == .error }) { return .error }
    if scripts.contains(where: { $0.status == .failed }) { return .failed }
    return .passed
  }

  /// Whether every script passed.
  package var passed: Bool { status == .passed }

  /// The process exit code (docs/cli.md, "Exit codes and output"): 2 when a script has an error, else 1 when one failed,
  /// else 0.
  package var exitCode: Int32 { status.exitCode }

  /// The frame-by-frame results of the scripts that have one.
  package var results: [ScriptResult] { scripts.compactMap(\.result) }

  /// How many scripts have a status.
  package func count(_ status: ScriptCheckResult.Status) -> Int {
    scripts.count { $0.status == status }
  }
}

/// One script's part of a check: what became of it, its frames when it ran, and the diagnostics
/// that stopped it or kept it from being checked.
package struct ScriptCheckResult: Hashable, Sendable, Codable {
  /// What became of a script.
  package enum Status: String, Hashable, Sendable, Codable, CaseIterable {
    /// It ran to its end and every frame matches its golden.
    case passed
    /// A frame differs or is missing, or an `expect` failed: exit code 1.
    case failed
    /// It could not be read, has a syntax or run error, or an image of it could not be
    /// checked: exit code 2.
    case error

    /// The exit code this status asks for.
    package var exitCode: Int32 {
      switch self {
      case .passed: 0
      case .failed: 1
      case .error: 2
      }
    }
  }

  /// The script file.
  package var script: URL
  /// The script's path as shown to people.
  package var displayPath: String
  /// Whether it has an error of its own (a file that could not be read, a syntax or run
  /// error) rather than a failed `expect`.
  package var isError: Bool
  /// Its frames, when it ran far enough to check them (to its end, or to a failed `expect`).
  package var result: ScriptResult?
  /// What stopped it or kept it from being checked: each syntax error, the run error, the
  /// failed `expect`, the file or folder that could not be read.
  package var diagnostics: [CheckDiagnostic]
  /// How long its check took, in seconds, when it was timed: what `--durations` balances
  /// shards by (docs/ci.md).
  package var durationSeconds: Double?

  /// Creates a script's result.
  ///
  /// - Parameters:
  ///   - script: the script file.
  ///   - displayPath: its path as shown to people.
  ///   - result: its frames, if it ran far enough.
  ///   - diagnostics: what stopped it.
  ///   - isError: whether it has an error (exit code 2) rather than a failed `expect`; an
  ///     image that could not be checked is an error too.
  package init(
    script: URL, displayPath: String, result: ScriptResult?, diagnostics: [CheckDiagnostic],
    isError: Bool
  ) {
    self.script = script
    self.displayPath = displayPath
    self.result = result
    self.diagnostics = diagnostics
    self.isError = isError
  }

  /// What became of it, from what it holds, so that no report can tell another story than the
  /// exit code: an error when it has one, did not run, or has an image that could not be
  /// checked; failed when a diagnostic stopped it or a frame fails; else passed.
  package var status: Status {
    if isError || result == nil || result?.errors.isEmpty == false { return .error }
    if !diagnostics.isEmpty || result?.passed == false { return .failed }
    return .passed
  }

  /// A script that ran to its end.
  package init(result: ScriptResult) {
    self.init(
      script: result.script, displayPath: result.displayPath, result: result, diagnostics: [],
      isError: false)
  }

  /// The frames checked, and the goldens without a frame.
  package var frames: [FrameResult] { result?.frames ?? [] }
}

/// A problem that stopped a script or kept it from being checked, located in the script when it
/// has a place there.
package struct CheckDiagnostic: Hashable, Sendable, Codable {
  /// The file the problem is in, as shown to people.
  package var file: String
  /// The line, from 1, when the problem has a place in the script.
  package var line: Int?
  /// The column, from 1, when the problem has a place in the script.
  package var column: Int?
  /// What is wrong.
  package var message: String
  /// The whole diagnostic as a compiler prints it: `file:line:column: error: message`, the
  /// source line and a caret, and its notes; or the message alone when it has no place.
  package var text: String

  /// Creates a diagnostic.
  package init(file: String, line: Int?, column: Int?, message: String, text: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.text = text
  }

  /// The first line: `file:line:column: error: message`, or the message alone.
  package var headline: String {
    String(text.prefix { $0 != "\n" })
  }
}
