import CircleScript

/// `circles help [topic]`: the tool's help, a subcommand's, the language's or one command's,
/// or all of them as the manual page.
struct HelpCommand: HandParsedSubcommand {
  static let name = "help"
  static let summary = "Describe a subcommand, the drawing language or one of its commands."
  static let help = """
    Usage: circles help [<subcommand> | language | <command>] [--man]

    Prints the help of a subcommand (as 'circles <subcommand> --help' does), a summary of the
    drawing language ('circles help language'), or how one of its commands is written and what
    it does ('circles help add'). The REPL's ':help' prints the same texts. Without a topic,
    the tool's help.

    Options:
      --man        Print the whole manual page, circles.1, in roff, whatever the topic: the
                   tool's help, every subcommand's and the language's ('man -l' shows it;
                   scripts/install installs it).
      -h, --help   Show this help.

    Exit codes: 0 success, 2 an unknown topic or a mistake on the command line.
    """

  static let options: [CommandOption] = [.flag("--man", "Print the manual page in roff")]
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["topic"],
      kind: .choices(CommandLineTool.subcommands.map { $0.name } + LanguageHelp.topics))
  }

  var topic: String?
  var manual = false

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    while let item = reader.next() {
      switch item {
      case .option("--man", inlineValue: nil): manual = true
      case .option(let name, _): throw Self.unknownOption(name)
      case .positional(let word):
        guard topic == nil else { throw UsageError("'circles help' takes one topic") }
        topic = word
      }
    }
  }

  func validate(in context: ToolContext) throws(UsageError) {
    guard let topic, Self.text(for: topic) == nil else { return }
    var message = "no help topic '\(topic)'"
    if let guess = Suggestion.closest(
      to: topic, among: CommandLineTool.subcommands.map { $0.name } + LanguageHelp.topics)
    {
      message += "; did you mean '\(guess)'?"
    }
    throw UsageError(message)
  }

  func run(in context: ToolContext) -> Int32 {
    if manual {
      let sections = CommandLineTool.subcommands.map { (name: $0.name, help: $0.help) }
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
