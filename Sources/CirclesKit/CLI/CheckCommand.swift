import CircleRender
import CircleSnapshot
import Foundation

/// `circles check <script|dir>...`: every frame compared with its golden image.
struct CheckCommand: Subcommand {
  static let name = "check"
  static let summary = "Compare every frame of scripts with their golden images."
  static let help = """
    Usage: circles check <script.circles | dir>... [options]

    Renders every frame of each script and compares it with the golden image of the same name in
    '__snapshots__/<script name>/' beside the script. A folder checks every .circles file below
    it. Reports every frame that differs or is missing, and goldens with no frame (orphans);
    writes the actual image, a diff image and a golden | diff | actual strip of each failure.
    Goldens are written only when recording, deleted only with --prune.

    Options:
      --golden <dir>         Goldens in '<dir>/<script name>/' instead of beside each script.
      --record [<mode>]      Write goldens: 'missing', 'failed', 'all', or both missing and
                             failed when no mode is given. Also from CIRCLES_RECORD=<mode>.
      --prune                Delete orphan goldens.
      --fail-on-orphans      Make orphan goldens fail the check.
      --artifacts <dir>      Where actual and diff images go. Default: .circles-artifacts
    \(ComparisonArguments.help)
      --report <file.html>   Write one self-contained HTML page of the whole check.
      --junit <file.xml>     Write a JUnit XML report for CI systems.
      --json                 Print the results as JSON on standard output instead of text.
      --shard <i>/<n>        Check only the i-th of n equal shares of the scripts (1-based).
      -v, --verbose          List passing frames too.
      -h, --help             Show this help.

    Exit codes: 0 every frame matches, 1 a frame differs or is missing (or a script's 'expect'
    failed), 2 an error in a script or on the command line.
    """

  var paths: [String] = []
  var goldenPath: String?
  var record: RecordMode?
  var prune = false
  var failsOnOrphans = false
  var artifactsPath: String?
  var comparison = ComparisonArguments()
  var reportPath: String?
  var junitPath: String?
  var json = false
  var shard: (index: Int, count: Int)?
  var verbose = false

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    // After a bare `--record`, a mode word that is not also a file's name is the mode.
    var lastWasBareRecord = false
    let known =
      [
        "--golden", "--record", "--prune", "--fail-on-orphans", "--artifacts", "--report",
        "--junit", "--json", "--shard", "--verbose",
      ] + ComparisonArguments.names
    while let item = reader.next() {
      switch item {
      case .positional(let value):
        if lastWasBareRecord, let mode = RecordMode(parsing: value),
          !FileManager.default.fileExists(atPath: value)
        {
          record = mode
        } else {
          paths.append(value)
        }
        lastWasBareRecord = false
        continue
      case .option(let name, let inline):
        lastWasBareRecord = false
        if try comparison.take(name, inline: inline, from: &reader) { continue }
        switch name {
        case "--golden": goldenPath = try reader.value(for: name, inline: inline)
        case "--record":
          if let inline {
            guard let mode = RecordMode(parsing: inline) else {
              throw UsageError("--record takes missing, failed or all, not '\(inline)'")
            }
            record = mode
          } else {
            record = .missingAndFailed
            lastWasBareRecord = true
          }
        case "--prune": prune = true
        case "--fail-on-orphans": failsOnOrphans = true
        case "--artifacts": artifactsPath = try reader.value(for: name, inline: inline)
        case "--report": reportPath = try reader.value(for: name, inline: inline)
        case "--junit": junitPath = try reader.value(for: name, inline: inline)
        case "--json": json = true
        case "-v", "--verbose": verbose = true
        case "--shard":
          let text = try reader.value(for: name, inline: inline)
          let parts = text.split(separator: "/").compactMap { Int($0) }
          guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
            throw UsageError("--shard takes <i>/<n> with 1 ≤ i ≤ n, such as 2/4, not '\(text)'")
          }
          shard = (parts[0], parts[1])
        default:
          throw UsageError.unknownOption(name, known: known)
        }
      }
    }
    guard !paths.isEmpty else { throw UsageError("check needs at least one script or folder") }
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if paths.contains("-") {
      throw UsageError("check needs script files: goldens are found beside each script")
    }
    do {
      _ = try RecordMode(environment: context.environment)
    } catch {
      throw UsageError("\(error)")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    let scripts: [URL]
    do {
      scripts = try ScriptDiscovery.scripts(in: paths, context: context)
    } catch {
      console.error(error.message)
      return ExitCode.usage
    }
    let selected =
      shard.map { shard in
        scripts.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
      } ?? scripts
    let environmentMode = (try? RecordMode(environment: context.environment)) ?? nil
    let options = CheckOptions(
      record: record ?? environmentMode ?? .none, prune: prune, failsOnOrphans: failsOnOrphans,
      comparison: comparison.options,
      artifactsDirectory: context.url(for: artifactsPath ?? ".circles-artifacts", isDirectory: true)
    )
    let golden = goldenPath.map { context.url(for: $0, isDirectory: true) }
    let checks = GoldenSuite.check(
      selected, goldenRoot: golden, options: options, currentDirectory: context.currentDirectory)
    return report(checks, context: context)
  }

  private func report(_ checks: [GoldenSuite.ScriptCheck], context: ToolContext) -> Int32 {
    let console = context.console
    var exitCode = ExitCode.success
    for check in checks {
      if let readError = check.readError {
        console.error(readError.description)
        exitCode = max(exitCode, readError.exitCode)
      }
      if let failure = check.failure {
        console.report(failure, source: check.source)
        exitCode = max(exitCode, failure.exitCode)
      }
    }
    let results = checks.compactMap(\.result)
    if results.contains(where: { !$0.passed }) { exitCode = max(exitCode, ExitCode.failure) }
    if json {
      console.print(String(decoding: JSONReport.data(for: results), as: UTF8.self))
    } else {
      TextReport.lines(for: results, verbose: verbose).forEach(console.print)
    }
    do {
      if let reportPath {
        let html = HTMLReport.html(for: results)
        try AtomicFile.write(Data(html.utf8), to: context.url(for: reportPath))
        if !json { console.print("report: \(reportPath)") }
      }
      if let junitPath {
        try AtomicFile.write(
          Data(JUnitReport.xml(for: results).utf8), to: context.url(for: junitPath))
      }
    } catch {
      console.error("cannot write the report: \(error)")
      return ExitCode.usage
    }
    return exitCode
  }
}
