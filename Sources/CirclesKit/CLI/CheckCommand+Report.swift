import CircleEngine
import CircleRender
import CircleSnapshot
import CircleSystem
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
    return reports.report(result, title: "circles check", context: context)
  }
}
