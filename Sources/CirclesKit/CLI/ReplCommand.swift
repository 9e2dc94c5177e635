import Foundation

/// `circles repl [-o live.png]`: an interactive drawing session.
struct ReplCommand: Subcommand {
  static let name = "repl"
  static let summary = "Draw interactively, one command per line, with undo and a live picture."
  static let discussion = """
    Starts an interactive session: type commands of the script language one per line (a group
    over several lines runs when its '}' is typed). Each entry is one undo step; 'undo' and
    'redo' print the menu title of the step ("Undo Add sun"). An entry with an error is
    reported as in a script, with the session's line number, and changes nothing.

    Session commands: :help [command] (all of them, or how one command is written), :history
    (the undo and redo stacks), :list (the session as a script), :save <file> (write it;
    running it reproduces the canvas and its history), :quit.

    Reads standard input, a terminal or a pipe. At a terminal it shows a prompt and edits lines
    as a shell does (libedit): ← → Home End, Ctrl-A Ctrl-E, Ctrl-K (cut to the end), Ctrl-U (cut
    to the start), Ctrl-W (cut a word), Delete; ↑ ↓ walk the history and Ctrl-R searches it;
    Tab completes commands, keywords, colour names and circle ids. From a pipe it prints only
    results and diagnostics.

    History: the lines typed at a terminal (the last 1000) are kept in $CIRCLES_HISTORY if it is
    set (set it empty to keep none), else in $XDG_STATE_HOME/circles/history, else in
    ~/.local/state/circles/history.
    """
  static let epilogue = """
    Exit codes: 0 when the session ends; from a pipe, 2 if any entry had an error, else 1 if an
    'expect' failed, else 0.
    """

  static var output: OptionKey<String?> {
    .option(
      "--output", short: "-o", "live.png", .file(extensions: ["png", "svg", "pdf"]),
      "A picture rewritten after every change",
      help: "A picture rewritten whole after every change, for an image viewer that reloads: "
        + ".png, .svg or .pdf.",
      default: "none", noun: "the live picture")
  }
  static var options: [CommandOption] { declarations(output) }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: [], kind: .text, noun: "no script (use 'circles run' for files)")
  }

  var outputPath: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    outputPath = try arguments[Self.output]
  }

  func validate(in context: ToolContext) throws(UsageError) {
    guard let outputPath else { return }
    try Self.requireExtension(of: outputPath, for: Self.output)
  }

  func run(in context: ToolContext) -> Int32 {
    let reader = context.lineReader()
    let session = ReplSession(
      console: context.console, livePicture: outputPath.map { context.url(for: $0) },
      workingDirectory: context.currentDirectory)
    guard session.start() else { return ExitCode.usage }
    let file =
      reader.isInteractive
      ? ReplHistory.location(
        environment: context.environment, currentDirectory: context.currentDirectory) : nil
    session.run(reading: reader, history: ReplHistory(file: file))
    guard !reader.isInteractive else { return ExitCode.success }
    if session.errorCount > 0 { return ExitCode.usage }
    return session.failedExpectations > 0 ? ExitCode.failure : ExitCode.success
  }
}
