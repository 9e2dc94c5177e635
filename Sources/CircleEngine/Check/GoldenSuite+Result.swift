import CircleScript
import CircleSnapshot
import CircleSystem

extension GoldenSuite.ScriptCheck {
  /// The script's part of the check's one result value: its status, its frames and what stopped
  /// it, each diagnostic as the compiler prints it.
  package var outcome: ScriptCheckResult {
    var diagnostics: [CheckDiagnostic] = []
    if let readError {
      let text = DisplayText.escaped(readError.description)
      diagnostics.append(
        CheckDiagnostic(file: displayName, line: nil, column: nil, message: text, text: text))
    }
    if let folderError {
      diagnostics.append(
        CheckDiagnostic(
          file: displayName, line: nil, column: nil, message: folderError, text: folderError))
    }
    let printer = DiagnosticPrinter()
    for diagnostic in failure?.diagnostics ?? [] {
      let text = printer.render(diagnostic, source: source)
      diagnostics.append(
        CheckDiagnostic(
          file: diagnostic.location.file, line: diagnostic.location.line,
          column: diagnostic.location.column, message: diagnostic.message,
          text: String(text.reversed().drop { $0 == "\n" }.reversed())))
    }
    let isError = readError != nil || folderError != nil || failure?.isError == true
    var outcome = ScriptCheckResult(
      script: script, displayPath: displayName, result: result, diagnostics: diagnostics,
      isError: isError)
    outcome.durationSeconds = durationSeconds
    return outcome
  }
}

extension GoldenSuite {
  /// The one result of a check that every report and the exit code are made from.
  package static func result(of checks: [ScriptCheck]) -> CheckResult {
    CheckResult(scripts: checks.map(\.outcome))
  }
}

extension GoldenSuite.ScriptCheck {
  /// What the check says of one image, in the words of its reports: the diagnostic's message
  /// for a frame that fails, the text report's phrase for the others (a moved golden, an
  /// orphan).
  package func message(for frame: FrameResult) -> String {
    guard frame.status.isFailure || frame.error != nil else {
      let what = frame.isRender ? "render target '\(frame.name).png'" : frame.nameWithOrigin
      return "\(what): \(TextReport.describe(frame))"
    }
    return FrameDiagnostics.message(for: frame)
  }
}
