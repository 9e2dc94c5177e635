import CircleEngine
import CircleRender
import CircleSnapshot
import Foundation

extension CheckCommand {
  /// Prints what the check found and writes the reports; returns the exit code.
  ///
  /// The reports on standard output and in files and the exit code are all made from one
  /// ``CheckResult``; standard error has the same diagnostics, coloured when allowed. Every
  /// line carries text from files (file names, circle ids, renderers) through
  /// `DisplayText.escaped`, so a golden cannot send escape sequences to the terminal.
  func report(_ checks: [GoldenSuite.ScriptCheck], context: ToolContext) -> Int32 {
    let console = context.console
    for check in checks {
      if let readError = check.readError {
        console.error(DisplayText.escaped(readError.description))
      }
      if let folderError = check.folderError { console.error(folderError) }
      if let failure = check.failure { console.report(failure, source: check.source) }
      for diagnostic in check.diagnostics {
        console.report(diagnostic, source: check.source)
      }
      for frame in check.result?.errors ?? [] where frame.location == nil {
        console.error(DisplayText.escaped(frame.error!))
      }
    }
    let result = GoldenSuite.result(of: checks)
    if json {
      console.print(Self.safeJSON(String(decoding: JSONReport.data(for: result), as: UTF8.self)))
    } else {
      for line in TextReport.lines(for: result, verbose: verbose) {
        console.print(DisplayText.escaped(line))
      }
    }
    do {
      if let reportPath {
        let html = HTMLReport.html(for: result)
        try AtomicFile.write(Data(html.utf8), to: context.url(for: reportPath))
        if !json { console.print("report: \(DisplayText.escaped(reportPath))") }
      }
      if let junitPath {
        try AtomicFile.write(
          Data(JUnitReport.xml(for: result).utf8), to: context.url(for: junitPath))
      }
    } catch {
      console.error("cannot write the report: \(DisplayText.escaped("\(error)"))")
      return ExitCode.usage
    }
    return result.exitCode
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
