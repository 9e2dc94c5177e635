import CircleEngine
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// The `circles` command line: parses arguments and runs the matching subcommand.
public enum CommandLineTool {
  /// The version printed by `circles --version`: the one place it is written. CHANGELOG.md's
  /// top entry and README's `from:` versions name the same one (the tests hold them to it), as
  /// will the repository's tags once releases are tagged.
  public static let version = "0.3.0"

  static var subcommands: [any Subcommand.Type] {
    [
      RunCommand.self, CheckCommand.self, MergeReportsCommand.self, DiffCommand.self,
      CompareCommand.self, ReplCommand.self,
      HistoryCommand.self, ViewCommand.self, PreviewCommand.self, ReviewCommand.self,
      CompletionsCommand.self,
      LanguageServerCommand.self, HelpCommand.self,
    ]
  }

  /// The options that may come before a subcommand (described as each subcommand's are).
  static var options: [CommandOption] {
    [.help, .flag("--version", "Print the version")]
  }

  /// The entries of the tool's own options, laid out as a subcommand's are.
  static var optionEntries: String {
    let layout = SubcommandHelp(toolOptions: options)
    return options.flatMap(layout.entry(for:)).joined(separator: "\n")
  }

  static var help: String {
    let width = subcommands.map { $0.name.count }.max() ?? 0
    let list = subcommands.map {
      "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
    }
    return """
      circles — run drawing scripts of circles with undo, render every state to PNG, and check
      renders against golden images.

      Usage: circles <subcommand> [options]

      Subcommands:
      \(list.joined(separator: "\n"))

      Options:
      \(optionEntries)

      'circles <subcommand> --help' shows a subcommand's help, 'circles help language' describes
      the drawing language, 'circles help <command>' one of its commands.

      Exit codes: 0 success, 1 a check or an expect failed, 2 an error in the script or the
      command line.
      """
  }

  /// Runs the tool with the process's streams and environment.
  public static func main(arguments: [String]) -> Int32 {
    let console = Console.standard()
    // Help and the version need only the output, so they are answered before the environment
    // and the working folder are read: `circles --version` starts as quickly as it can.
    if let code = answerWithoutContext(arguments, console: console) { return code }
    // Ctrl-C and SIGTERM remove the temporary files of writes under way before the process ends.
    StopSignals.install()
    let environment = ProcessInfo.processInfo.environment
    let context = ToolContext(
      console: console, environment: environment,
      currentDirectory: FolderHandle.currentDirectory,
      readStandardInput: { ScriptSource.standardInputBytes() },
      lineReader: standardLineReader)
    return main(arguments: arguments, context: context)
  }

  /// Runs the tool with the given arguments (without the program name) in a context.
  ///
  /// - Returns: the process exit code (docs/cli.md, "Exit codes and output": 0 success, 1 a check failed, 2 a usage or script
  ///   error).
  package static func main(arguments: [String], context: ToolContext) -> Int32 {
    if let code = answerWithoutContext(arguments, console: context.console) { return code }
    let first = arguments[0]
    if first.hasPrefix("-") {
      let error = UsageError.unknownOption(first, known: options.map(\.name))
      context.console.error(error.message + "\nRun 'circles --help' for its usage.")
      return ExitCode.usage
    }
    guard let command = subcommand(named: first) else {
      context.console.error(
        unknownSubcommand(first) + "\nRun 'circles --help' for the list of subcommands.")
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    // `--help` asks for help before `--`; after it, every word is an operand.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
      context.console.print(command.help)
      return ExitCode.success
    }
    do {
      let parsed = try command.parse(rest)
      try parsed.validate(in: context)
      return parsed.run(in: context)
    } catch {
      context.console.error(
        error.message + "\nRun 'circles \(command.name) --help' for its usage.")
      return ExitCode.usage
    }
  }

  /// Answers the requests that need no context: no arguments (usage), `--help` (`-h`) with or
  /// without a subcommand, and `--version`.
  ///
  /// - Returns: the exit code, or `nil` when the arguments ask for something else.
  private static func answerWithoutContext(_ arguments: [String], console: Console) -> Int32? {
    guard let first = arguments.first else {
      console.printError(help)
      return ExitCode.usage
    }
    switch first {
    case "-h", "--help":
      if arguments.count > 1, let command = subcommand(named: arguments[1]) {
        console.print(command.help)
      } else {
        console.print(help)
      }
      return ExitCode.success
    case "--version":
      console.print("circles \(version)")
      return ExitCode.success
    default:
      return nil
    }
  }

  /// Standard input a line at a time: edited by libedit at a terminal, read as it comes from a
  /// pipe or a file.
  static func standardLineReader() -> LineReader {
    if isatty(STDIN_FILENO) == 1, let editor = EditLineReader() { return editor }
    return PipedLines()
  }

  /// The message for a first word that is no subcommand, with where to go: the nearest
  /// subcommand, `--version` for `version`, `circles run` for a script.
  static func unknownSubcommand(_ word: String) -> String {
    let message = "unknown subcommand '\(DisplayText.escaped(word))'"
    if word.lowercased().hasSuffix(".circles") || word == "-" {
      return message + "; to run a script: circles run \(DisplayText.escaped(word))"
    }
    if ["version", "-v", "-version"].contains(word.lowercased()) {
      return message + "; the version is 'circles --version'"
    }
    if let guess = Suggestion.closest(to: word, among: subcommands.map { $0.name }) {
      return message + "; did you mean '\(guess)'?"
    }
    return message
  }

  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.name == name }
  }
}
