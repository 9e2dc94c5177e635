import CircleRender
import CircleSnapshot
import Foundation

/// `circles compare <expected-dir> <actual-dir>`: two folders of PNGs paired by path and
/// compared with the engine of `check`.
struct CompareCommand: Subcommand {
  static let name = "compare"
  static let summary = "Compare two folders of PNG images, paired by path."
  static let discussion = """
    Pairs the PNG files of the two folders by their path below each, as reg-cli does, and
    compares every pair pixel by pixel with the engine of 'circles check': an image is passed,
    changed (a diff image and an expected | diff | actual strip are written, and the differing
    pixels counted), new (only in the actual folder) or deleted (only in the expected one).
    Sizes are compared first, from the files' headers: images of other sizes are reported and
    never decoded. Symbolic links, hidden files and files not named .png are skipped with a
    note; nothing is reached through a link. A damaged file is an error on that image, and the
    others are still compared.
    """
  static let epilogue = """
    Exit codes: 0 every image matches, 1 an image changed, is new or was deleted, 2 a folder
    or an image could not be read, a file could not be written, or a mistake on the command
    line.
    """

  static let options: [CommandOption] =
    [
      .flag(
        "--update", "Copy new and changed images over the expected folder",
        help: "Copy new and changed actual images over the expected folder, each written "
          + "whole or not at all."),
      .flag(
        "--prune", "With --update, delete expected images without an actual one",
        help: "With --update, also delete expected images that have no actual one."),
      .option(
        "--artifacts", "dir", .folder, "Where diff images and strips go",
        help: "Where diff images and strips go, in '<dir>/<actual folder name>/'.",
        default: CheckOptions().artifactsDirectory.relativePath),
    ] + ComparisonArguments.options + [
      .option(
        "--report", "file.html", .file(extensions: ["html"]), "Write an HTML report",
        help: "Write one self-contained HTML page of the whole comparison."),
      .option(
        "--junit", "file.xml", .file(extensions: ["xml"]), "Write a JUnit XML report",
        help: "Write a JUnit XML report for CI systems."),
      .flag(
        "--json", "Print the results as JSON",
        help: "Print the results as JSON on standard output instead of text."),
      .option(
        "--shard", "i/n", .text, rule: .described("<i>/<n> with 1 ≤ i ≤ n, such as 2/4"),
        "Compare only the i-th of n shares of the paths",
        help: "Compare only the i-th of n equal shares of the sorted paths (1-based)."),
      .flag("--verbose", short: "-v", "List passing images too"),
    ]
  static let operands = CommandOperands(
    placeholders: ["expected-folder", "actual-folder"], kind: .folder, noun: "two folders",
    missing: "two folders, the expected one and the actual one")

  var expectedPath: String
  var actualPath: String
  var update: Bool
  var prune: Bool
  var artifactsPath: String?
  var comparison: ComparisonArguments
  var reportPath: String?
  var junitPath: String?
  var json: Bool
  var shard: FolderComparison.Shard?
  var verbose: Bool
  /// The options a printed command repeats: those that choose files or how images compare.
  var repeated: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    expectedPath = arguments.operands[0]
    actualPath = arguments.operands[1]
    update = arguments.flag("--update")
    prune = arguments.flag("--prune")
    artifactsPath = arguments.string("--artifacts")
    comparison = try ComparisonArguments(arguments)
    reportPath = arguments.string("--report")
    junitPath = arguments.string("--junit")
    json = arguments.flag("--json")
    shard = try arguments.value("--shard") { text in
      let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
        (1...count).contains(index)
      else { return nil }
      return FolderComparison.Shard(index: index, count: count)
    }
    verbose = arguments.flag("--verbose")
    repeated = arguments.words(of: ["--artifacts"] + ComparisonArguments.names)
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if prune, !update {
      throw UsageError("--prune deletes expected images only with --update; add --update")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let expected = context.url(for: expectedPath, isDirectory: true)
    let actual = context.url(for: actualPath, isDirectory: true)
    if FolderHandle.resolvedPath(expected.path) == FolderHandle.resolvedPath(actual.path) {
      context.console.error(
        "compare needs two different folders: '\(DisplayText.escaped(expectedPath))' and "
          + "'\(DisplayText.escaped(actualPath))' are the same")
      return ExitCode.usage
    }
    let comparison = FolderComparison(
      expected: expected, actual: actual, options: comparison.options,
      artifactsDirectory: context.url(
        for: artifactsPath ?? CheckOptions().artifactsDirectory.relativePath, isDirectory: true),
      shard: shard, update: update, prune: prune, commandOptions: repeated)
    return report(comparison.run(), context: context)
  }

  /// Prints the result and writes the reports, all made from the one result; returns the exit
  /// code.
  private func report(_ result: CheckResult, context: ToolContext) -> Int32 {
    let console = context.console
    for script in result.scripts {
      for diagnostic in script.diagnostics { console.error(DisplayText.escaped(diagnostic.text)) }
      for frame in script.result?.errors ?? [] {
        console.error(DisplayText.escaped(frame.error!))
      }
    }
    if json {
      console.print(
        CheckCommand.safeJSON(String(decoding: JSONReport.data(for: result), as: UTF8.self)))
    } else {
      for line in TextReport.lines(for: result, verbose: verbose) {
        console.print(DisplayText.escaped(line))
      }
    }
    do {
      if let reportPath {
        let html = HTMLReport.html(for: result, title: "circles compare")
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
}
