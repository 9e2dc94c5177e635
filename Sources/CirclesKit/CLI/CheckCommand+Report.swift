import CircleRender
import CircleSnapshot
import Foundation

extension CheckCommand {
  /// Prints what the check found and writes the reports; returns the exit code.
  ///
  /// Every line carries text from files (file names, circle ids, renderers) through
  /// `DisplayText.escaped`, so a golden cannot send escape sequences to the terminal.
  func report(_ checks: [GoldenSuite.ScriptCheck], context: ToolContext) -> Int32 {
    let console = context.console
    var exitCode = ExitCode.success
    for check in checks {
      if let readError = check.readError {
        console.error(DisplayText.escaped(readError.description))
        exitCode = max(exitCode, readError.exitCode)
      }
      if let folderError = check.folderError {
        console.error(folderError)
        exitCode = ExitCode.usage
      }
      if let failure = check.failure {
        console.report(failure, source: check.source)
        exitCode = max(exitCode, failure.exitCode)
      }
      for diagnostic in check.diagnostics {
        console.report(diagnostic, source: check.source)
      }
      guard let result = check.result else { continue }
      if !result.errors.isEmpty { exitCode = ExitCode.usage }
      for frame in result.errors where frame.location == nil {
        console.error(DisplayText.escaped(frame.error!))
      }
    }
    let results = checks.compactMap(\.result)
    if results.contains(where: { !$0.passed }) { exitCode = max(exitCode, ExitCode.failure) }
    if json {
      console.print(Self.safeJSON(String(decoding: JSONReport.data(for: results), as: UTF8.self)))
    } else {
      for line in TextReport.lines(for: results, verbose: verbose) {
        console.print(DisplayText.escaped(line))
      }
    }
    do {
      if let reportPath {
        let html = HTMLReport.html(for: results)
        try AtomicFile.write(Data(html.utf8), to: context.url(for: reportPath))
        if !json { console.print("report: \(DisplayText.escaped(reportPath))") }
      }
      if let junitPath {
        try AtomicFile.write(
          Data(JUnitReport.xml(for: results).utf8), to: context.url(for: junitPath))
      }
    } catch {
      console.error("cannot write the report: \(DisplayText.escaped("\(error)"))")
      return ExitCode.usage
    }
    return exitCode
  }

  /// JSON with DEL and the C1 controls written as `\u` escapes too (JSON itself escapes only
  /// those below U+0020), so no byte of it makes a terminal act.
  static func safeJSON(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else {
      return text
    }
    var output = ""
    for scalar in text.unicodeScalars {
      if (0x7F...0x9F).contains(scalar.value) {
        output += String(format: "\\u%04x", scalar.value)
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
