/// One subcommand of `circles`, shaped like an argument-parser command: parse, validate, run.
protocol Subcommand {
  /// The word that selects it (`run`).
  static var name: String { get }
  /// One line for the tool's help.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Every option it reads, but `--help` (see ``CommandOption``).
  static var options: [CommandOption] { get }
  /// The words that are not options.
  static var operands: CommandOperands { get }
  /// Reads the arguments that follow the subcommand's name and makes the subcommand.
  static func parse(_ arguments: [String]) throws(UsageError) -> Self
  /// Rejects bad combinations before any work.
  func validate(in context: ToolContext) throws(UsageError)
  /// Does the work and returns the exit code.
  func run(in context: ToolContext) -> Int32
}

extension Subcommand {
  func validate(in context: ToolContext) throws(UsageError) {}

  /// Its options with `--help`: what the parser reads and completion offers.
  static var allOptions: [CommandOption] { options + [.help] }

  /// The error for an option the subcommand does not have, suggesting the nearest it has.
  static func unknownOption(_ name: String) -> UsageError {
    UsageError.unknownOption(name, known: allOptions.map(\.name))
  }
}

/// A subcommand whose help and parser are made from its declarations.
///
/// It declares its options and operands once; ``CommandLineTool`` reads the arguments against
/// them into ``ParsedArguments`` before ``init(_:)``, and its `--help`, the manual page and the
/// shell completions are made from the same declarations.
protocol DeclaredSubcommand: Subcommand {
  /// The paragraphs of `--help` between the usage line and the options, wrapped by hand.
  static var discussion: String { get }
  /// The paragraphs of `--help` after the options (rules, exit codes), wrapped by hand.
  static var epilogue: String { get }
  /// Takes the arguments read against the declarations: the values it keeps, and the values
  /// and combinations only it can judge.
  init(_ arguments: ParsedArguments) throws(UsageError)
}

extension DeclaredSubcommand {
  static var epilogue: String { "" }

  /// The full `--help` text, made from the declarations.
  static var help: String { SubcommandHelp(Self.self).text }

  static func parse(_ arguments: [String]) throws(UsageError) -> Self {
    try Self(ParsedArguments(arguments, command: name, options: allOptions, operands: operands))
  }
}

/// A subcommand that reads its arguments with a parser of its own.
protocol HandParsedSubcommand: Subcommand {
  /// Reads the arguments that follow the subcommand's name.
  init(arguments: [String]) throws(UsageError)
}

extension HandParsedSubcommand {
  static func parse(_ arguments: [String]) throws(UsageError) -> Self {
    try Self(arguments: arguments)
  }
}
