/// One option of a subcommand, described once: its parser's "did you mean" list, the shell
/// completion scripts and the tests that hold both to the `--help` text all read it.
///
/// Each subcommand lists its options in `options`, next to its parser; an option that the
/// parser reads but the list lacks fails the tests that compare the help, the list and the
/// parser.
struct CommandOption: Equatable, Sendable {
  /// The long name with its dashes: `--output`.
  var name: String
  /// The one-letter name with its dash, if any: `-o`.
  var short: String?
  /// What follows the option; `nil` for a flag.
  var value: Value?
  /// Whether the option may be given more than once (each adds to the last, as `--only`).
  var repeats = false
  /// What it does, in a few words, for the shells that show it beside the name.
  var summary: String

  /// The value an option takes.
  struct Value: Equatable, Sendable {
    /// The value's name in messages: `dir`, `format`.
    var placeholder: String
    /// What the value is, for completing it.
    var kind: ValueKind
    /// Whether the option may stand alone (`--record` or `--record failed`).
    var isOptional = false
  }

  /// An option that takes no value.
  static func flag(_ name: String, short: String? = nil, _ summary: String) -> CommandOption {
    CommandOption(name: name, short: short, value: nil, summary: summary)
  }

  /// An option followed by a value, as the next argument or after `=`.
  static func option(
    _ name: String, short: String? = nil, _ placeholder: String, _ kind: ValueKind,
    repeats: Bool = false, _ summary: String
  ) -> CommandOption {
    CommandOption(
      name: name, short: short, value: Value(placeholder: placeholder, kind: kind),
      repeats: repeats, summary: summary)
  }

  /// An option whose value may be left out.
  static func optionalValue(
    _ name: String, _ placeholder: String, _ kind: ValueKind, _ summary: String
  ) -> CommandOption {
    CommandOption(
      name: name, value: Value(placeholder: placeholder, kind: kind, isOptional: true),
      summary: summary)
  }

  /// `-h`, `--help`, which every subcommand has (the tool answers it before any parser).
  static let help = flag("--help", short: "-h", "Show help")

  /// The names the option answers to: the long one, then the short one.
  var names: [String] { [name] + (short.map { [$0] } ?? []) }
}

/// What a value on the command line is, so that a shell can offer the right words.
enum ValueKind: Equatable, Sendable {
  /// One of these words.
  case choices([String])
  /// A file with one of these extensions (any file when empty); folders are offered to walk
  /// into.
  case file(extensions: [String])
  /// A folder.
  case folder
  /// Free text such as a number or a pattern: nothing to offer.
  case text
}

/// The words of a subcommand that are not options, such as its scripts.
struct CommandOperands: Equatable, Sendable {
  /// The name of each word in order (`script`; `expected.png`, `actual.png`).
  var placeholders: [String]
  /// Whether the last one may be repeated (`check a.circles b.circles`).
  var repeatsLast = false
  /// What each word is.
  var kind: ValueKind

  /// A subcommand that takes no operand.
  static let none = CommandOperands(placeholders: [], kind: .text)

  /// One script file (`.circles`), or `-` for standard input.
  static let script = CommandOperands(
    placeholders: ["script"], kind: .file(extensions: ["circles"]))
}

extension [CommandOption] {
  /// The option a name on the command line means (long or short), if any.
  func named(_ name: String) -> CommandOption? {
    first { $0.names.contains(name) }
  }
}
