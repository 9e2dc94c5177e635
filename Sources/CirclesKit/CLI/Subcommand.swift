/// One subcommand of `circles`, shaped like an argument-parser command: parse, validate, run.
protocol Subcommand {
  /// The word that selects it (`run`).
  static var name: String { get }
  /// One line for the tool's help.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Every option the parser reads, but `--help` (see ``CommandOption``).
  static var options: [CommandOption] { get }
  /// The words that are not options, for completion.
  static var operands: CommandOperands { get }
  /// Reads the arguments that follow the subcommand's name.
  init(arguments: [String]) throws(UsageError)
  /// Rejects bad combinations before any work.
  func validate(in context: ToolContext) throws(UsageError)
  /// Does the work and returns the exit code.
  func run(in context: ToolContext) -> Int32
}

extension Subcommand {
  func validate(in context: ToolContext) throws(UsageError) {}

  /// Its options with `--help`: what completion offers.
  static var allOptions: [CommandOption] { options + [.help] }

  /// The error for an option the subcommand does not have, suggesting the nearest it has.
  static func unknownOption(_ name: String) -> UsageError {
    UsageError.unknownOption(name, known: allOptions.map(\.name))
  }
}
