import CircleEngine
import CircleRender
import CircleSnapshot
import Foundation

/// `circles check <script|dir>...`: every frame compared with its golden image.
struct CheckCommand: Subcommand {
  static let name = "check"
  static let summary = "Compare every frame of scripts with their golden images."
  static let discussion = """
    Renders every frame and 'render' target of each script and compares it with the golden
    image of the same name in '__snapshots__/<script name>/' beside the script. A folder checks
    every .circles file below it. Goldens follow the history: when steps were inserted or
    removed, goldens are matched with frames by their actions and pictures, so an unchanged
    picture under a new number is 'moved' (which does not fail), a new step is 'missing' and a
    removed one an orphan. Writes the actual image, a diff image and a golden | diff | actual
    strip of each failure, and reports each failure at the script line that made it. On a
    person's machine, a check records the goldens it lacks (renaming moved ones) and still
    fails, to be looked at and run again; where CI is set (to anything but empty, 0 or false),
    nothing is written unless --record asks. A golden is replaced only when recording failed
    ones, deleted only with --prune.
    """
  static let epilogue = """
    Exit codes: 0 every frame matches (moved goldens included), 1 a frame differs or is missing
    (or a script's 'expect' failed), 2 an error in a script, on the command line, or a file
    that could not be read or written.
    """

  /// The library's defaults, which the help shows and the check falls back on.
  private static let defaults = CheckOptions()

  /// `--golden`: where the goldens are (`review` too).
  static var golden: OptionKey<String?> {
    .option(
      "--golden", "dir", .folder, "Goldens in <dir>/<script name>/",
      help: "Goldens in '<dir>/<script name>/' instead of beside each script.")
  }
  /// `--record [<mode>]`: a bare one records what is missing and what failed.
  static var record: OptionKey<RecordMode?> {
    .parsed(
      "--record", "mode", .choices(["missing", "failed", "all", "none"]),
      expected: "missing, failed, all or none (or a list such as missing,failed)",
      bare: .missingAndFailed, "Write goldens: missing, failed or all",
      help: "Write goldens: 'missing', 'failed', 'all', or both missing and failed when no "
        + "mode is given; and rename moved goldens. 'none' writes nothing, not even on a "
        + "first run. Also from \(RecordMode.environmentVariable)=<mode>. Default: missing "
        + "on a person's machine, none where CI is set.", RecordMode.init(parsing:))
  }
  static var update: OptionKey<Bool> {
    .flag(
      "--update", "Record what is missing or failed, rename what moved, prune orphans",
      help: "Accept every change: record what is missing or failed, rename what moved and "
        + "delete goldens without a frame (--record --prune). Not with --record.")
  }
  static var only: OptionKey<[String]> {
    .repeating(
      "--only", "name | glob", "Record, rename and prune only these frames",
      help: "Record, rename and prune only these frames (repeatable), such as "
        + "'0002-add-hill' or '00*-undo-*'; every frame is still checked.")
  }
  static var prune: OptionKey<Bool> { .flag("--prune", "Delete orphan goldens") }
  static var failOnOrphans: OptionKey<Bool> {
    .flag(
      "--fail-on-orphans", "Make orphan goldens fail the check")
  }
  static var artifacts: OptionKey<String?> {
    .option(
      "--artifacts", "dir", .folder, "Where actual and diff images go",
      default: defaults.artifactsDirectory.relativePath)
  }
  static var reportKeys: ReportArguments.Keys {
    ReportArguments.Keys(
      reporting: "check", sharing: "scripts", as: "Check", listing: "frames")
  }
  static var durations: OptionKey<[String]> {
    .repeating(
      "--durations", "blob.tar | report.json", kind: .file(extensions: ["tar", "json"]),
      "Balance --shard by the times of earlier runs",
      help: "With --shard, split the scripts by the seconds each took in earlier runs, read from "
        + "their blobs (--blob, or merge-reports --blob) or JSON reports (--json); repeatable. The "
        + "longest first, each into the share with the least time so far; scripts without a "
        + "time count as the median one, and the same times give every script the same share. "
        + "A file not there yet (a first run) is noted, and the shares are by count.")
  }

  static var options: [CommandOption] {
    declarations(golden, record, update, only, prune, failOnOrphans, artifacts, UndoBudget.option)
      + ComparisonArguments.options + reportKeys.declarations
      + declarations(durations, reportKeys.blob)
  }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["script or folder"], repeatsLast: true, kind: .file(extensions: ["circles"]),
      noun: "scripts or folders", missing: "at least one script or folder",
      synopsis: "<script.circles | dir>...")
  }

  var paths: [String]
  var goldenPath: String?
  var record: RecordMode?
  var update: Bool
  var only: [String]
  var prune: Bool
  var failsOnOrphans: Bool
  var artifactsPath: String?
  var comparison: ComparisonArguments
  var reports: ReportArguments
  /// The options a printed command repeats: those that choose files or how images compare.
  var repeated: [String]

  /// The most changes the undo history keeps (`--max-undo`).
  var maximumKeptChanges: Int
  /// Earlier runs' JSON reports, whose times balance the shares (`--durations`).
  var durationFiles: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    paths = arguments.operands
    goldenPath = try arguments[Self.golden]
    record = try arguments[Self.record]
    update = try arguments[Self.update]
    only = try arguments[Self.only]
    prune = try arguments[Self.prune]
    failsOnOrphans = try arguments[Self.failOnOrphans]
    artifactsPath = try arguments[Self.artifacts]
    maximumKeptChanges = try UndoBudget.value(in: arguments)
    comparison = try ComparisonArguments(arguments)
    reports = try ReportArguments(arguments, Self.reportKeys)
    durationFiles = try arguments[Self.durations]
    repeated = arguments.words(
      of: declarations(Self.golden, Self.artifacts, UndoBudget.option)
        + ComparisonArguments.options)
    if update, record != nil {
      throw UsageError("--update already records what is missing or failed; drop --record")
    }
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if !durationFiles.isEmpty, reports.shard == nil {
      throw UsageError("--durations balances the shares of --shard <i>/<n>; give --shard too")
    }
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
    let durations: ShardDurations
    do {
      durations = try ShardDurations.reading(durationFiles, in: context)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    let selected = reports.shard.map { shard in
      CheckOptions.shard(scripts, index: shard.index, count: shard.count) { script in
        durations.seconds[
          GoldenSuite.displayName(of: script, currentDirectory: context.currentDirectory)]
      }
    }
    let requested = update ? RecordMode.missingAndFailed : record
    var options = CheckOptions(
      goldenRoot: goldenPath.map { context.url(for: $0, isDirectory: true) },
      record: (try? CheckOptions.recordMode(requested: requested, environment: context.environment))
        ?? .none,
      prune: prune || update, failsOnOrphans: failsOnOrphans, comparison: comparison.options,
      artifactsDirectory: context.url(
        for: artifactsPath ?? Self.defaults.artifactsDirectory.relativePath, isDirectory: true),
      only: only, commandOptions: repeated)
    options.maximumKeptChanges = maximumKeptChanges
    options.failsWhenRecording = CheckOptions.recordsByDefault(
      requested: requested, environment: context.environment)
    options.suggestsLocally = CheckOptions.isContinuousIntegration(context.environment)
    let checks: [GoldenSuite.ScriptCheck]
    do {
      checks = try GoldenSuite.check(
        selected ?? scripts, options: options, currentDirectory: context.currentDirectory)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    // Each script's place in the whole suite, for the blob.
    let places = Dictionary(scripts.enumerated().map { ($1, $0) }) { first, _ in first }
    return report(
      checks,
      suite: (positions: (selected ?? scripts).map { places[$0] ?? 0 }, size: scripts.count),
      context: context)
  }
}
