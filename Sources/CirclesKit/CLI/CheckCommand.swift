import CircleEngine
import CircleRender
import CircleSnapshot
import Foundation

/// `circles check <script|dir>...`: every frame compared with its golden image.
struct CheckCommand: Subcommand {
  static let name = "check"
  static let summary = "Compare every frame of scripts with their golden images."
  static let help = """
    Usage: circles check <script.circles | dir>... [options]

    Renders every frame and 'render' target of each script and compares it with the golden
    image of the same name in '__snapshots__/<script name>/' beside the script. A folder checks
    every .circles file below it. Goldens follow the history: when steps were inserted or
    removed, goldens are matched with frames by their actions and pictures, so an unchanged
    picture under a new number is 'moved' (which does not fail), a new step is 'missing' and a
    removed one an orphan. Writes the actual image, a diff image and a golden | diff | actual
    strip of each failure, and reports each failure at the script line that made it. On a
    person's machine, a check records the goldens it lacks (renaming moved ones) and still
    fails, to be looked at and run again; where CI is set, nothing is written unless --record
    asks. Other goldens are written only when recording, deleted only with --prune.

    Options:
      --golden <dir>         Goldens in '<dir>/<script name>/' instead of beside each script.
      --record [<mode>]      Write goldens: 'missing', 'failed', 'all', or both missing and
                             failed when no mode is given; and rename moved goldens. 'none'
                             writes nothing, not even on a first run. Also from
                             CIRCLES_RECORD=<mode>.
      --update               Accept every change: record what is missing or failed, rename what
                             moved and delete goldens without a frame (--record --prune).
      --only <name | glob>   Record, rename and prune only these frames (repeatable), such as
                             '0002-add-hill' or '00*-undo-*'; every frame is still checked.
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

    Exit codes: 0 every frame matches (moved goldens included), 1 a frame differs or is missing
    (or a script's 'expect' failed), 2 an error in a script, on the command line, or a file
    that could not be read or written.
    """

  static let options: [CommandOption] =
    [
      .option("--golden", "dir", .folder, "Goldens in <dir>/<script name>/"),
      .optionalValue(
        "--record", "mode", .choices(["missing", "failed", "all", "none"]),
        "Write goldens: missing, failed or all"),
      .flag("--update", "Record what is missing or failed, rename what moved, prune orphans"),
      .option(
        "--only", "name | glob", .text, repeats: true,
        "Record, rename and prune only these frames"),
      .flag("--prune", "Delete orphan goldens"),
      .flag("--fail-on-orphans", "Make orphan goldens fail the check"),
      .option("--artifacts", "dir", .folder, "Where actual and diff images go"),
    ] + ComparisonArguments.options + [
      .option("--report", "file.html", .file(extensions: ["html"]), "Write an HTML report"),
      .option("--junit", "file.xml", .file(extensions: ["xml"]), "Write a JUnit XML report"),
      .flag("--json", "Print the results as JSON"),
      .option("--shard", "i/n", .text, "Check only the i-th of n shares of the scripts"),
      .flag("--verbose", short: "-v", "List passing frames too"),
    ]
  static let operands = CommandOperands(
    placeholders: ["script or folder"], repeatsLast: true, kind: .file(extensions: ["circles"]))

  var paths: [String] = []
  var goldenPath: String?
  var record: RecordMode?
  var update = false
  var only: [String] = []
  var prune = false
  var failsOnOrphans = false
  var artifactsPath: String?
  var comparison = ComparisonArguments()
  var reportPath: String?
  var junitPath: String?
  var json = false
  var shard: (index: Int, count: Int)?
  var verbose = false
  /// The options a printed command repeats: those that choose files or how images compare.
  var repeated: [String] = []

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    // After a bare `--record`, the next word is its mode when it names one, or when it is
    // neither a file nor a script's name: `--record bogus` is an unknown mode.
    var lastWasBareRecord = false
    while true {
      let start = arguments.count - reader.remainingCount
      guard let item = reader.next() else { break }
      switch item {
      case .positional(let value):
        if lastWasBareRecord, !Self.looksLikePath(value) {
          guard let mode = RecordMode(parsing: value) else {
            throw UsageError(Self.unknownMode(value))
          }
          record = mode
        } else {
          paths.append(value)
        }
        lastWasBareRecord = false
        continue
      case .option(let name, let inline):
        lastWasBareRecord = false
        if try comparison.take(name, inline: inline, from: &reader) {
          repeated += arguments[start..<(arguments.count - reader.remainingCount)]
          continue
        }
        switch name {
        case "--golden":
          goldenPath = try reader.value(for: name, inline: inline)
          repeated += ["--golden", goldenPath!]
        case "--record":
          if let inline {
            guard let mode = RecordMode(parsing: inline) else {
              throw UsageError(Self.unknownMode(inline))
            }
            record = mode
          } else {
            record = .missingAndFailed
            lastWasBareRecord = true
          }
        case "--update": update = true
        case "--only": only.append(try reader.value(for: name, inline: inline))
        case "--prune": prune = true
        case "--fail-on-orphans": failsOnOrphans = true
        case "--artifacts":
          artifactsPath = try reader.value(for: name, inline: inline)
          repeated += ["--artifacts", artifactsPath!]
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
          throw Self.unknownOption(name)
        }
      }
    }
    guard !paths.isEmpty else { throw UsageError("check needs at least one script or folder") }
    if update, record != nil {
      throw UsageError("--update already records what is missing or failed; drop --record")
    }
  }

  /// Whether a word after `--record` is a script or a folder rather than a mode.
  static func looksLikePath(_ word: String) -> Bool {
    word.hasSuffix(".circles") || word.contains("/") || FolderHandle.status(atPath: word) != nil
  }

  static func unknownMode(_ text: String) -> String {
    "unknown record mode '\(DisplayText.escaped(text))'; use missing, failed or all"
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if paths.contains("-") {
      throw UsageError("check needs script files: goldens are found beside each script")
    }
    do {
      _ = try RecordMode(environment: context.environment)
    } catch {
      throw UsageError("CIRCLES_RECORD: \(error)")
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
    let selected = shard.map { CheckOptions.shard(scripts, index: $0.index, count: $0.count) }
    let requested = update ? RecordMode.missingAndFailed : record
    var options = CheckOptions(
      goldenRoot: goldenPath.map { context.url(for: $0, isDirectory: true) },
      record: (try? CheckOptions.recordMode(requested: requested, environment: context.environment))
        ?? .none,
      prune: prune || update, failsOnOrphans: failsOnOrphans, comparison: comparison.options,
      artifactsDirectory: context.url(
        for: artifactsPath ?? ".circles-artifacts", isDirectory: true),
      only: only, commandOptions: repeated)
    options.failsWhenRecording = CheckOptions.recordsByDefault(
      requested: requested, environment: context.environment)
    let checks: [GoldenSuite.ScriptCheck]
    do {
      checks = try GoldenSuite.check(
        selected ?? scripts, options: options, currentDirectory: context.currentDirectory)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    return report(checks, context: context)
  }
}
