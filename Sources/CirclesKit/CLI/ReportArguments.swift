import CircleRender
import CircleSnapshot
import CircleSystem
import Foundation

/// The options that choose how a check's result is reported, shared by `check`, `compare` and
/// `merge-reports`: text or JSON on standard output, an HTML page, a JUnit file, a blob for
/// `merge-reports`, a share of the work and whether passing items are listed. Every report and the exit code are made from the one result.
struct ReportArguments {
  var reportPath: String?
  var junitPath: String?
  var json: Bool
  var verbose: Bool
  /// Whether failures are also printed as GitHub workflow commands; `nil` to follow
  /// `GITHUB_ACTIONS`.
  var annotations: GitHubAnnotations.Mode?
  /// The i-th of n shares, 1-based.
  var shard: (index: Int, count: Int)?
  /// Where the result goes as one file for `merge-reports` (`--blob`).
  var blobPath: String?

  /// The options' keys, whose help names what the command reports and shares.
  struct Keys: Sendable {
    let report: OptionKey<String?>
    let junit: OptionKey<String?>
    let json: OptionKey<Bool>
    /// `--shard`; `nil` for a command that reports a whole run (`merge-reports`).
    let shard: OptionKey<(index: Int, count: Int)?>?
    let verbose: OptionKey<Bool>
    let annotations: OptionKey<GitHubAnnotations.Mode?>
    /// `--blob`: the result as one tar file for `merge-reports` (each command lists it where
    /// its help shows it).
    let blob: OptionKey<String?>

    /// The report covers `whole` (`check`, `comparison`), `--shard` makes the command
    /// (`Check`, `Compare`) do a share of its `items` (`scripts`, `paths`; no `--shard` when
    /// `nil`), and `--verbose` lists passing `listed` (`frames`, `images`).
    init(
      reporting whole: String, sharing items: String?, as verb: String, listing listed: String
    ) {
      report = .option(
        "--report", "file.html", .file(extensions: ["html"]), "Write an HTML report",
        help: "Write one self-contained HTML page of the whole \(whole).")
      junit = .option(
        "--junit", "file.xml", .file(extensions: ["xml"]), "Write a JUnit XML report",
        help: "Write a JUnit XML report for CI systems.")
      json = .flag(
        "--json", "Print the results as JSON",
        help: "Print the results as JSON on standard output instead of text.")
      shard = items.map { ReportArguments.shard(as: verb, sharing: $0) }
      verbose = .flag("--verbose", short: "-v", "List passing \(listed) too")
      annotations = .choice(
        "--annotations", "kind", of: GitHubAnnotations.Mode.self,
        "Also print failures as GitHub workflow commands",
        help: "Also print each failure as a GitHub Actions workflow command (::error file=…,"
          + "line=…::…), which a workflow shows on the pull request: on standard output, or "
          + "on standard error with --json.",
        default: "github where GITHUB_ACTIONS=true, else none")
      blob =
        items == nil
        ? .option(
          "--blob", "file.tar", .file(extensions: ["tar"]),
          "Also write the merged result as one blob",
          help: "Also write the merged result as one blob of the whole \(whole), whose times the "
            + "next run's check reads to balance its shards.")
        : .option(
          "--blob", "file.tar", .file(extensions: ["tar"]),
          "Also write the whole result as one file",
          help: "Also write the whole result, with every image its HTML report shows, as one tar "
            + "file, which 'circles merge-reports' merges with the other shards' into the reports "
            + "of one \(whole), on any machine.")
    }

    var declarations: [CommandOption] {
      CirclesKit.declarations(report, junit, json) + (shard.map { [$0.declaration] } ?? [])
        + CirclesKit.declarations(verbose, annotations)
    }
  }

  /// `--shard i/n`: the command (`Check`) does a share of its `items` (`scripts`), the i-th
  /// of n, 1-based.
  static func shard(
    as verb: String, sharing items: String
  ) -> OptionKey<(index: Int, count: Int)?> {
    .parsed(
      "--shard", "i/n", expected: "<i>/<n> with 1 ≤ i ≤ n, such as 2/4",
      "\(verb) only the i-th of n shares of the \(items)",
      help: "\(verb) only the i-th of n equal shares of the \(items) (1-based)."
    ) { text in
      let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
        (1...count).contains(index)
      else { return nil }
      return (index, count)
    }
  }

  init(_ arguments: ParsedArguments, _ keys: Keys) throws(UsageError) {
    reportPath = try arguments[keys.report]
    junitPath = try arguments[keys.junit]
    json = try arguments[keys.json]
    verbose = try arguments[keys.verbose]
    if let key = keys.shard { shard = try arguments[key] }
    annotations = try arguments[keys.annotations]
    blobPath = try arguments[keys.blob]
  }

  /// Prints the result (text, or JSON with `--json`) and writes the HTML and JUnit reports it
  /// asks for; returns the result's exit code, or the usage code when a report cannot be
  /// written. Every line carries text from files through `DisplayText.escaped`, so a file name
  /// cannot send escape sequences to the terminal.
  ///
  /// - Parameter loadImage: reads the images the HTML report shows; from disk unless given.
  func report(
    _ result: CheckResult, title: String, comparesFolders: Bool = false, context: ToolContext,
    loadImage: @escaping (URL) -> Data? = HTMLReport.readImage
  ) -> Int32 {
    let console = context.console
    if json {
      console.print(
        Self.safeJSON(
          String(
            decoding: JSONReport.data(for: result, comparesFolders: comparesFolders),
            as: UTF8.self)))
    } else {
      for line in TextReport.lines(for: result, verbose: verbose) {
        console.print(DisplayText.escaped(line))
      }
    }
    if (annotations ?? .automatic(context.environment)) == .github {
      for line in GitHubAnnotations.lines(for: result) {
        if json {
          console.printError(DisplayText.escaped(line))
        } else {
          console.print(DisplayText.escaped(line))
        }
      }
    }
    do {
      if let reportPath {
        let html = HTMLReport.html(for: result, title: title, loadImage: loadImage)
        try AtomicFile.write(Data(html.utf8), to: context.url(for: reportPath))
        if !json { console.print("report: \(DisplayText.escaped(reportPath))") }
      }
      if let junitPath {
        try AtomicFile.write(
          Data(JUnitReport.xml(for: result).utf8), to: context.url(for: junitPath))
        if !json { console.print("junit: \(DisplayText.escaped(junitPath))") }
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
