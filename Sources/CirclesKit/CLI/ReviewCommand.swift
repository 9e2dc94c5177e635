import CircleEngine
import CircleSnapshot
import CircleSystem
import Foundation

/// `circles review <script|dir>... [--port <n>] [--open]`: a check served as a page on which
/// each failing, missing, moved or orphan image is accepted or rejected.
struct ReviewCommand: Subcommand {
  static let name = "review"
  static let summary = "Accept or reject each changed frame in the browser."
  static let discussion = """
    Checks scripts against their goldens as 'circles check' does, writing nothing, and serves
    a page at http://127.0.0.1:<port>/ of every frame that differs from its golden, has none
    or matches one under another name, and of every golden without a frame, grouped by script
    at the line that made each. Each shows the golden, the differences and the actual picture
    (side by side, with a slider, or as an onion skin), the scene's changes in words and the
    frames before and after it.

    Accept writes exactly what the equivalent 'circles check' command line writes, and the
    page shows that line: a frame's golden recorded (or a moved one renamed), or a golden
    without a frame deleted, that one alone. Reject writes nothing and marks the frame.
    Nothing is written before an accept. Keys: j and k for the next and previous frame, a to
    accept, r to reject, v to change the view.

    When a script is saved, it is checked again and the page updates; a decision stays while
    the frame's picture is the one decided on, and is cleared (the page says so) when it
    changed. The server is the one of 'circles preview': 127.0.0.1 only, Host checked, and
    accept and reject need the token that only the page holds. Ctrl-C stops it and prints
    what was accepted and rejected.

    With --artifacts, the page also shows the failures that assertSnapshot calls left in a
    test run's artifacts folder (each call writes <name>.review.json beside its images), and an
    accept writes the golden in the call's own golden folder.
    """
  static let epilogue = """
    Exit codes: 0 stopped with Ctrl-C and every frame now matches its golden, 1 stopped with
    frames that still differ or are missing, 2 an error on the command line, in finding the
    scripts, or a port that cannot be listened on.
    """

  static var shard: OptionKey<(index: Int, count: Int)?> {
    ReportArguments.shard(as: "Review", sharing: "scripts")
  }
  static var artifacts: OptionKey<String?> {
    .option(
      "--artifacts", "dir", .folder, "Review what assertSnapshot calls left in <dir>",
      help: "Also review the failures that assertSnapshot calls left in <dir> (a test "
        + "run's .circles-artifacts), each against its own golden folder.")
  }

  static var options: [CommandOption] {
    declarations(
      CheckCommand.golden, PreviewCommand.port, PreviewCommand.open, shard, artifacts,
      UndoBudget.option) + ComparisonArguments.options
  }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["script or folder"], repeatsLast: true, isOptional: true,
      kind: .file(extensions: ["circles"]),
      noun: "scripts or folders", missing: "at least one script or folder",
      synopsis: "[<script.circles | dir>...]")
  }

  var paths: [String]
  var goldenPath: String?
  var port: Int
  var opens: Bool
  var shard: (index: Int, count: Int)?
  var artifactsPath: String?
  var comparison: ComparisonArguments
  /// The options an equivalent command repeats: those that choose files or how images compare.
  var repeated: [String]

  /// The most changes the undo history keeps (`--max-undo`).
  var maximumKeptChanges: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    paths = arguments.operands
    goldenPath = try arguments[CheckCommand.golden]
    port = try arguments[PreviewCommand.port] ?? 0
    opens = try arguments[PreviewCommand.open]
    shard = try arguments[Self.shard]
    maximumKeptChanges = try UndoBudget.value(in: arguments)
    artifactsPath = try arguments[Self.artifacts]
    if paths.isEmpty, artifactsPath == nil {
      throw UsageError("review needs at least one script or folder, or --artifacts <dir>")
    }
    comparison = try ComparisonArguments(arguments)
    repeated = arguments.words(
      of: [CheckCommand.golden.declaration, UndoBudget.option.declaration]
        + ComparisonArguments.options)
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if paths.contains("-") {
      throw UsageError("review needs script files: goldens are found beside each script")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    var subjects: [ReviewSubject] = []
    if !paths.isEmpty {
      do {
        subjects = try ScriptDiscovery.scripts(in: paths, context: context).map { .script($0) }
      } catch {
        console.error(error.message)
        return ExitCode.usage
      }
    }
    if let artifactsPath {
      let folder = context.url(for: artifactsPath, isDirectory: true)
      guard FolderHandle.status(atPath: folder.path)?.kind == S_IFDIR else {
        console.error(
          "cannot review '\(DisplayText.escaped(artifactsPath))': not a folder of artifacts")
        return ExitCode.usage
      }
      subjects += ReviewSubject.snapshots(in: folder)
    }
    if let shard { subjects = CheckOptions.shard(subjects, index: shard.index, count: shard.count) }
    var options = CheckOptions(
      goldenRoot: goldenPath.map { context.url(for: $0, isDirectory: true) },
      comparison: comparison.options, commandOptions: repeated)
    options.maximumKeptChanges = maximumKeptChanges
    let channel = PreviewChannel()
    let session = ReviewSession(
      subjects: subjects, options: options, currentDirectory: context.currentDirectory,
      channel: channel,
      onDecision: { decision in console.print(Self.line(decision)) })
    let first: ReviewRound
    do {
      first = try session.refresh()
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    let server: PreviewServer
    do {
      server = try PreviewServer(
        port: port, channel: channel, name: "circles review",
        actions: ["accept": session.answer, "reject": session.answer],
        images: session.picture)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    PreviewCommand.serve(
      server, opens: opens, context: context,
      announce: { address in
        console.print("reviewing at \(address)")
        console.print(Self.line(first))
        Self.reportErrors(of: session, to: console)
      },
      until: { stopped in
        session.watch(
          interval: PreviewCommand.interval, until: stopped,
          onRound: {
            console.print(Self.line($0))
            Self.reportErrors(of: session, to: console)
          })
      })
    let summary = session.summary
    let result = session.result
    let still = result.scripts.filter { $0.status != .passed }.map(\.displayPath)
    let decided = "\(summary.accepted.count) accepted, \(summary.rejected.count) rejected"
    let outcome =
      still.isEmpty
      ? "every frame matches its golden"
      : "still failing: \(still.map(DisplayText.escaped).joined(separator: ", "))"
    console.print("review: \(decided); \(outcome)")
    return still.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// The diagnostics of the scripts that stop at an error, on standard error, as `check`
  /// prints them (the page shows them too).
  static func reportErrors(of session: ReviewSession, to console: Console) {
    for script in session.result.scripts where script.isError {
      for diagnostic in script.diagnostics { console.printError(diagnostic.text) }
    }
  }

  /// `page 2: 3 to review, 1 accepted (0.12 s)`.
  static func line(_ round: ReviewRound) -> String {
    "page \(round.version): \(round.summary) (\(Duration.formatted(seconds: round.seconds)))"
  }

  /// `accepted s.circles 0002-add-hill: circles check s.circles --record --only 0002-add-hill`.
  static func line(_ decision: ReviewDecision) -> String {
    let what =
      "\(decision.decision.rawValue) \(DisplayText.escaped(decision.scriptName)) "
      + DisplayText.escaped(decision.name)
    return decision.command.map { "\(what): \(DisplayText.escaped($0))" } ?? what
  }
}
