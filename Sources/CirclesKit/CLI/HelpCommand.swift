import CircleScript

/// `circles help [topic]`: the tool's help, a subcommand's, the language's or one command's,
/// or all of them as the manual page.
struct HelpCommand: Subcommand {
  static let name = "help"
  static let summary = "Describe a subcommand, the drawing language or one of its commands."
  static let discussion = """
    Prints the help of a subcommand (as 'circles <subcommand> --help' does), a summary of the
    drawing language ('circles help language'), or how one of its commands is written and what
    it does ('circles help add'). The REPL's ':help' prints the same texts. Without a topic,
    the tool's help.
    """
  static let epilogue = """
    Exit codes: 0 success, 2 an unknown topic or a mistake on the command line.
    """

  static var manualPage: OptionKey<Bool> {
    .flag(
      "--man", "Print the manual page in roff",
      help: "Print the whole manual page, circles.1, in roff, whatever the topic: the tool's "
        + "help, every subcommand's and the language's ('man -l' shows it; scripts/install "
        + "installs it).")
  }
  static var options: [CommandOption] { declarations(manualPage) }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["topic"], isOptional: true,
      kind: .choices(CommandLineTool.subcommands.map { $0.name } + LanguageHelp.topics),
      noun: "one topic", synopsis: "[<subcommand> | language | <command>]")
  }

  var topic: String?
  var manual = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    topic = arguments.operands.first
    manual = try arguments[Self.manualPage]
  }

  func validate(in context: ToolContext) throws(UsageError) {
    guard let topic, Self.text(for: topic) == nil else { return }
    var message = "no help topic '\(topic)'"
    if let guess = Suggestion.closest(
      to: topic, among: CommandLineTool.subcommands.map { $0.name } + LanguageHelp.topics)
    {
      message += "; did you mean '\(guess)'?"
    } else {
      message +=
        "; the topics are 'language', 'colours', a subcommand ("
        + CommandLineTool.subcommands.map { $0.name }.joined(separator: ", ")
        + ") and a command of the language ("
        + LanguageHelp.topics.filter {
          ![LanguageHelp.topic, LanguageHelp.coloursTopic].contains($0)
        }
        .joined(separator: ", ") + ")"
    }
    throw UsageError(message)
  }

  func run(in context: ToolContext) -> Int32 {
    if manual {
      let sections = CommandLineTool.subcommands.map { SubcommandHelp($0) }
      context.console.print(
        ManualPage(
          version: CommandLineTool.version, tool: CommandLineTool.help, subcommands: sections
        ).text)
    } else {
      context.console.print(topic.flatMap(Self.text(for:)) ?? CommandLineTool.help)
    }
    return ExitCode.success
  }

  /// The text of a topic: a subcommand's help, the language's, or a command's.
  static func text(for topic: String) -> String? {
    CommandLineTool.subcommand(named: topic)?.help ?? LanguageHelp.text(for: topic)
  }
}
