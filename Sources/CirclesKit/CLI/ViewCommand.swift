import CircleEngine
import CircleScript
import CircleSystem
import Foundation

/// `circles view <script|-> [-o history.html]`: the history viewer, one self-contained page.
struct ViewCommand: Subcommand {
  static let name = "view"
  static let summary = "Write a web page to step through a script's history, picture by picture."
  static let discussion = """
    Runs a drawing script in memory and writes one self-contained HTML page of its history:
    the script beside the picture, a timeline of every state with its action and whether it
    is a change, an undo or a redo, and the Edit menu (the undo and redo stacks by their
    titles) at the selected state. Stepping highlights the command's line and outlines the
    region of the picture that changed. Keys: ← and → step, Home and End go to the first and
    last state, Page Up and Page Down step by ten; the slider scrubs. The page loads nothing
    from the network; open it in any browser.

    Nothing else is written: 'render' commands are skipped; 'expect' commands are checked.
    When the script stops at an error or a failed 'expect', the page shows the states before
    it and the diagnostic, which is also printed. '-' reads the script from standard input.
    """
  static let epilogue = """
    Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line,
    or the page could not be written.
    """

  static var output: OptionKey<String?> {
    .option(
      "--output", short: "-o", "history.html", .file(extensions: ["html", "htm"]), "The page",
      help: "The page.",
      default: "'<script name>-history.html' in the current folder ('stdin-history.html' for "
        + "'-')", noun: "the page")
  }
  static var options: [CommandOption] { declarations(output, UndoBudget.option) }
  static var operands: CommandOperands {
    CommandOperands.script
  }

  var scriptPath: String
  var outputPath: String?

  /// The most changes the undo history keeps (`--max-undo`).
  var maximumKeptChanges: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scriptPath = arguments.operands[0]
    outputPath = try arguments[Self.output]
    maximumKeptChanges = try UndoBudget.value(in: arguments)
  }

  /// The page's path as given, or the default one.
  var pagePath: String {
    let base = scriptPath == "-" ? "stdin" : ScriptSource(bytes: [], fileName: scriptPath).baseName
    return outputPath ?? "\(base)-history.html"
  }

  /// The page's path as messages show it (control characters as pictures).
  var shownPath: String { DisplayText.escaped(pagePath) }

  func validate(in context: ToolContext) throws(UsageError) {
    let page = context.url(for: pagePath)
    try Self.requireExtension(of: pagePath, for: Self.output)
    let script = context.url(for: scriptPath)
    if scriptPath != "-", page.resolvingSymlinksInPath() == script.resolvingSymlinksInPath() {
      throw UsageError("the page '\(shownPath)' would replace the script; choose another name")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    guard let source = ScriptSource.givenReporting(scriptPath, in: context) else {
      return ExitCode.usage
    }
    let history: ViewerHistory
    do {
      history = try HistoryViewer.write(
        source, to: context.url(for: pagePath), maximumKeptChanges: maximumKeptChanges)
    } catch {
      switch error {
      case .script(let failure):
        console.report(failure, source: source.bytes)
        return failure.exitCode
      case .cannotWrite(let reason):
        console.error("cannot write '\(shownPath)': \(reason)")
        return ExitCode.usage
      }
    }
    let count = history.frames.count
    console.print(
      "history of \(Plural.count(count, "state")) written to \(shownPath)")
    guard let failure = history.failure else { return ExitCode.success }
    console.report(failure, source: source.bytes)
    return failure.exitCode
  }
}
