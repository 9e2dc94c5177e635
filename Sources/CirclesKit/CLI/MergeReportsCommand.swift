import CircleSnapshot
import CircleSystem
import Foundation

/// `circles merge-reports <blob>...`: the reports of one run made from its shards' blobs.
struct MergeReportsCommand: Subcommand {
  static let name = "merge-reports"
  static let summary = "Merge the blobs of a sharded check into the reports of one run."
  static let discussion = """
    Reads the blobs that the shards of a check wrote ('circles check' with a share of the
    scripts and a blob file, one per shard; docs/ci.md shows the workflows), and prints and
    writes the reports one check of the whole suite would: the text or JSON on standard
    output, the HTML page, the JUnit file and GitHub's workflow commands, with every script
    once, in the suite's order, and the same exit code. The blobs alone are enough: every image
    the HTML page shows is inside them, so it runs on any machine. Paths in the reports name
    the same files relative to this folder as they did relative to the folder each shard ran
    in.
    """
  static let epilogue = """
    Blobs of different runs are refused, each with the reason: different numbers of shards, a
    shard given twice or missing, another version of circles, a file that is not a blob.

    Exit codes: 0 every script passed, 1 a frame differs or is missing (or an 'expect' failed),
    2 a script had an error, or a blob could not be read or merged, or a report written.
    """

  static var reportKeys: ReportArguments.Keys {
    ReportArguments.Keys(
      reporting: "run", sharing: nil, as: "Merge", listing: "frames")
  }

  static var options: [CommandOption] { reportKeys.declarations + declarations(reportKeys.blob) }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["blob.tar"], repeatsLast: true, kind: .file(extensions: ["tar"]),
      noun: "blobs", missing: "the blobs of every shard", synopsis: "<blob.tar>...")
  }

  var paths: [String]
  var reports: ReportArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    paths = arguments.operands
    reports = try ReportArguments(arguments, Self.reportKeys)
  }

  func run(in context: ToolContext) -> Int32 {
    let merged: ReportBlob.Merged
    do {
      var blobs: [(shown: String, blob: ReportBlob)] = []
      for path in paths {
        blobs.append((path, try ReportBlob(reading: context.url(for: path), shownAs: path)))
      }
      merged = try ReportBlob.merge(blobs, into: context.currentDirectory)
    } catch {
      context.console.error(error.description)
      return ExitCode.usage
    }
    let images = merged.images
    let load = { (url: URL) in images[url.standardizedFileURL.path] }
    let folders = merged.result.scripts.contains { $0.result?.comparesFolders == true }
    let status = reports.report(
      merged.result, title: merged.title, comparesFolders: folders, context: context,
      loadImage: load)
    guard let blobPath = reports.blobPath else { return status }
    let count = merged.result.scripts.count
    let whole = ReportBlob(
      result: merged.result, title: merged.title, shard: .init(index: 1, count: 1),
      positions: Array(0..<count), suiteSize: count, directory: context.currentDirectory,
      loadImage: load)
    return whole.write(to: blobPath, in: context, status: status, quiet: reports.json)
  }
}
