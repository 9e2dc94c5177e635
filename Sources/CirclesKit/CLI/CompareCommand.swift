import CircleRender
import CircleSnapshot
import Foundation

/// `circles compare <expected-dir> <actual-dir>`: two folders of PNGs paired by path and
/// compared with the engine of `check`.
struct CompareCommand: Subcommand {
  static let name = "compare"
  static let summary = "Compare two folders of PNG images, paired by path."
  static let help = """
    Usage: circles compare <expected-folder> <actual-folder> [options]

    Pairs the PNG files of the two folders by their path below each, as reg-cli does, and
    compares every pair pixel by pixel with the engine of 'circles check': an image is passed,
    changed (a diff image and an expected | diff | actual strip are written, and the differing
    pixels counted), new (only in the actual folder) or deleted (only in the expected one).
    Sizes are compared first, from the files' headers: images of other sizes are reported and
    never decoded. Symbolic links, hidden files and files not named .png are skipped with a
    note; nothing is reached through a link. A damaged file is an error on that image, and the
    others are still compared.

    Options:
      --update               Copy new and changed actual images over the expected folder,
                             each written whole or not at all.
      --prune                With --update, also delete expected images that have no actual
                             one.
      --artifacts <dir>      Where diff images and strips go, in '<dir>/<actual folder name>/'.
                             Default: .circles-artifacts
    \(ComparisonArguments.help)
      --report <file.html>   Write one self-contained HTML page of the whole comparison.
      --junit <file.xml>     Write a JUnit XML report for CI systems.
      --json                 Print the results as JSON on standard output instead of text.
      --shard <i>/<n>        Compare only the i-th of n equal shares of the paths (1-based).
      -v, --verbose          List passing images too.
      -h, --help             Show this help.

    Exit codes: 0 every image matches, 1 an image changed, is new or was deleted, 2 a folder
    or an image could not be read, a file could not be written, or a mistake on the command
    line.
    """

  static let options: [CommandOption] =
    [
      .flag("--update", "Copy new and changed images over the expected folder"),
      .flag("--prune", "With --update, delete expected images without an actual one"),
      .option("--artifacts", "dir", .folder, "Where diff images and strips go"),
    ] + ComparisonArguments.options + [
      .option("--report", "file.html", .file(extensions: ["html"]), "Write an HTML report"),
      .option("--junit", "file.xml", .file(extensions: ["xml"]), "Write a JUnit XML report"),
      .flag("--json", "Print the results as JSON"),
      .option("--shard", "i/n", .text, "Compare only the i-th of n shares of the paths"),
      .flag("--verbose", short: "-v", "List passing images too"),
    ]
  static let operands = CommandOperands(
    placeholders: ["expected-folder", "actual-folder"], kind: .folder)

  var expectedPath: String
  var actualPath: String
  var update = false
  var prune = false
  var artifactsPath: String?
  var comparison = ComparisonArguments()
  var reportPath: String?
  var junitPath: String?
  var json = false
  var shard: FolderComparison.Shard?
  var verbose = false
  /// The options a printed command repeats: those that choose files or how images compare.
  var repeated: [String] = []

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    var folders: [String] = []
    while true {
      let start = arguments.count - reader.remainingCount
      guard let item = reader.next() else { break }
      switch item {
      case .positional(let value):
        folders.append(value)
      case .option(let name, let inline):
        if try comparison.take(name, inline: inline, from: &reader) {
          repeated += arguments[start..<(arguments.count - reader.remainingCount)]
          continue
        }
        switch name {
        case "--update": update = true
        case "--prune": prune = true
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
          shard = FolderComparison.Shard(index: parts[0], count: parts[1])
        default:
          throw Self.unknownOption(name)
        }
      }
    }
    guard folders.count == 2 else {
      throw UsageError("compare takes two folders, the expected one and the actual one")
    }
    expectedPath = folders[0]
    actualPath = folders[1]
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
        for: artifactsPath ?? ".circles-artifacts", isDirectory: true),
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
