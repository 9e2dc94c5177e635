import CircleRender
import CircleSnapshot
import CircleSystem
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

  static var update: OptionKey<Bool> {
    .flag(
      "--update", "Copy new and changed images over the expected folder",
      help: "Copy new and changed actual images over the expected folder, each written "
        + "whole or not at all.")
  }
  static var prune: OptionKey<Bool> {
    .flag(
      "--prune", "With --update, delete expected images without an actual one",
      help: "With --update, also delete expected images that have no actual one.")
  }
  static var artifacts: OptionKey<String?> {
    .option(
      "--artifacts", "dir", .folder, "Where diff images and strips go",
      help: "Where diff images and strips go, in '<dir>/<actual folder name>/'.",
      default: CheckOptions().artifactsDirectory.relativePath)
  }
  static var reportKeys: ReportArguments.Keys {
    ReportArguments.Keys(
      reporting: "comparison", sharing: "paths", as: "Compare", listing: "images")
  }

  static var options: [CommandOption] {
    declarations(update, prune, artifacts) + ComparisonArguments.options
      + reportKeys.declarations + declarations(reportKeys.blob)
  }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["expected-folder", "actual-folder"], kind: .folder, noun: "two folders",
      missing: "two folders, the expected one and the actual one")
  }

  var expectedPath: String
  var actualPath: String
  var update: Bool
  var prune: Bool
  var artifactsPath: String?
  var comparison: ComparisonArguments
  var reports: ReportArguments
  /// The options a printed command repeats: those that choose files or how images compare.
  var repeated: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    expectedPath = arguments.operands[0]
    actualPath = arguments.operands[1]
    update = try arguments[Self.update]
    prune = try arguments[Self.prune]
    artifactsPath = try arguments[Self.artifacts]
    comparison = try ComparisonArguments(arguments)
    reports = try ReportArguments(arguments, Self.reportKeys)
    repeated = arguments.words(of: [Self.artifacts.declaration] + ComparisonArguments.options)
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if prune, !update {
      throw UsageError("--prune deletes expected images only with --update; add --update")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let expected = context.url(for: expectedPath, isDirectory: true)
    let actual = context.url(for: actualPath, isDirectory: true)
    var comparison = FolderComparison(
      expected: expected, actual: actual, options: comparison.options,
      artifactsDirectory: context.url(
        for: artifactsPath ?? CheckOptions().artifactsDirectory.relativePath, isDirectory: true),
      shard: reports.shard.map { FolderComparison.Shard(index: $0.index, count: $0.count) },
      update: update, prune: prune, commandOptions: repeated)
    comparison.suggestsLocally = CheckOptions.isContinuousIntegration(context.environment)
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
    let status = reports.report(
      result, title: "circles compare", comparesFolders: true, context: context)
    guard let blobPath = reports.blobPath else { return status }
    // One comparison, its images shared between the shards: each blob holds a share of them.
    let blob = ReportBlob(
      result: result, title: "circles compare",
      shard: .init(index: reports.shard?.index ?? 1, count: reports.shard?.count ?? 1),
      positions: [0], suiteSize: 1, directory: context.currentDirectory)
    return blob.write(to: blobPath, in: context, status: status, quiet: reports.json)
  }
}
