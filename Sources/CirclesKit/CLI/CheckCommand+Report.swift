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
  ///
  /// - Parameter suite: each script's place in the whole suite and its size, for `--blob`.
  func report(
    _ checks: [GoldenSuite.ScriptCheck], suite: (positions: [Int], size: Int),
    context: ToolContext
  ) -> Int32 {
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
    let status = reports.report(result, title: "circles check", context: context)
    guard let blobPath = reports.blobPath else { return status }
    let shard = reports.shard.map { ReportBlob.Manifest.Shard(index: $0.index, count: $0.count) }
    let blob = ReportBlob(
      result: result, title: "circles check",
      shard: shard ?? ReportBlob.Manifest.Shard(index: 1, count: 1),
      positions: suite.positions, suiteSize: suite.size, directory: context.currentDirectory)
    return blob.write(to: blobPath, in: context, status: status, quiet: reports.json)
  }
}
