import CircleEngine
import Foundation

/// `circles history <script|->`: the undo and redo stacks a script leaves, as an Edit menu shows
/// them.
struct HistoryCommand: Subcommand {
  static let name = "history"
  static let summary = "Run a script and print its undo and redo stacks."
  static let discussion = """
    Runs a drawing script in memory and prints, after its last command, the undo and redo stacks
    with their action names as an Edit menu shows them, the next step first:

      Undo (2 steps, most recent first):
        Undo Add moon
        Undo Add sun
      Redo: nothing to redo

    Nothing is written: 'render' commands are skipped; 'expect' commands are checked. When the
    script stops at an error or a failed 'expect', the stacks at that point are printed, then
    the diagnostic. '-' reads the script from standard input.
    """
  static let epilogue = """
    Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line.
    """

  static var options: [CommandOption] { declarations(UndoBudget.option) }
  static var operands: CommandOperands {
    CommandOperands.script
  }

  var scriptPath: String
  /// The most changes the undo history keeps (`--max-undo`).
  var maximumKeptChanges: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scriptPath = arguments.operands[0]
    maximumKeptChanges = try UndoBudget.value(in: arguments)
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    guard let source = ScriptSource.givenReporting(scriptPath, in: context) else {
      return ExitCode.usage
    }
    let result: HistoryResult
    do {
      result = try HistoryRunner.run(source, maximumKeptChanges: maximumKeptChanges)
    } catch {
      if case .script(let failure) = error {
        console.report(failure, source: source.bytes)
      } else {
        console.error(error.description)
      }
      return error.exitCode
    }
    for line in result.history.lines { console.print(line) }
    if let failure = result.failure {
      console.report(failure, source: source.bytes)
      return failure.exitCode
    }
    return ExitCode.success
  }
}
