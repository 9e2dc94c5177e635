import CircleRender
import CircleSystem

/// One option of a subcommand, declared once: its parser (``ParsedArguments``), its `--help`
/// text and manual page section (``SubcommandHelp``), its "did you mean" list and the shell
/// completion scripts all read this declaration.
///
/// A subcommand lists its options in `options`; ``Subcommand/help`` is made from them.
struct CommandOption: Equatable, Sendable {
  /// The long name with its dashes: `--output`.
  var name: String
  /// The one-letter name with its dash, if any: `-o`.
  var short: String?
  /// What follows the option; `nil` for a flag.
  var value: Value?
  /// Whether the option may be given more than once (each adds to the last, as `--only`);
  /// any other option given twice keeps the last value.
  var repeats = false
  /// What it does, in a few words, for the shells that show it beside the name.
  var summary: String
  /// What it does in full, for `--help` and the manual page: sentences, wrapped there. Empty
  /// when the summary says it all.
  var help = ""
  /// The default shown in `--help` (`Default: …`), taken from the library's options type where
  /// there is one; `nil` when nothing is worth showing.
  var defaultValue: String?
  /// How messages about a file option's value name the file (`the animation`); the option's
  /// name when `nil`.
  var noun: String?

  /// The value an option takes.
  struct Value: Equatable, Sendable {
    /// The value's name in messages: `dir`, `format`.
    var placeholder: String
    /// What the value is, for completing it.
    var kind: ValueKind
    /// Whether the option may stand alone (`--record` or `--record failed`).
    var isOptional = false
    /// What the parser accepts; ``ValueRule/kind`` checks what the kind can (its choices).
    var rule = ValueRule.kind
  }

  /// An option that takes no value.
  static func flag(
    _ name: String, short: String? = nil, _ summary: String, help: String = ""
  ) -> CommandOption {
    CommandOption(name: name, short: short, value: nil, summary: summary, help: help)
  }

  /// An option followed by a value, as the next argument or after `=`.
  static func option(
    _ name: String, short: String? = nil, _ placeholder: String, _ kind: ValueKind,
    rule: ValueRule = .kind, repeats: Bool = false, _ summary: String, help: String = "",
    default defaultValue: String? = nil
  ) -> CommandOption {
    CommandOption(
      name: name, short: short, value: Value(placeholder: placeholder, kind: kind, rule: rule),
      repeats: repeats, summary: summary, help: help, defaultValue: defaultValue)
  }

  /// An option whose value may be left out: a bare one takes the next word as its value when
  /// that word cannot be an operand (see ``CommandOperands/mayBe(_:)``).
  static func optionalValue(
    _ name: String, _ placeholder: String, _ kind: ValueKind, rule: ValueRule = .kind,
    _ summary: String, help: String = ""
  ) -> CommandOption {
    CommandOption(
      name: name,
      value: Value(placeholder: placeholder, kind: kind, isOptional: true, rule: rule),
      summary: summary, help: help)
  }

  /// `-h`, `--help`, which every subcommand has (the tool answers it before any parser).
  static let help = flag("--help", short: "-h", "Show help", help: "Show this help.")

  /// The names the option answers to: the long one, then the short one.
  var names: [String] { [name] + (short.map { [$0] } ?? []) }

  /// How `--help` shows the option: `-o, --output <dir>`, `--record [<mode>]`.
  var tag: String {
    var tag = (short.map { "\($0), " } ?? "") + name
    if let value {
      let shown = value.kind.shownPlaceholder(value.placeholder)
      tag += value.isOptional ? " [<\(shown)>]" : " <\(shown)>"
    }
    return tag
  }

  /// The sentences `--help` shows beside the tag: the help (or the summary), then the default.
  var description: String {
    var text = help.isEmpty ? summary + "." : help
    if let defaultValue { text += " Default: \(defaultValue)." }
    return text
  }
}

/// An option's declaration with the type its value is read as: a subcommand declares each of
/// its options as a key and reads the value back by the same key (`try arguments[Self.output]`),
/// as a swift-argument-parser `@Option` property is both the declaration and the value. A key
/// cannot name an option the subcommand does not have, and its type says what the value is.
struct OptionKey<Value>: Sendable {
  /// What the parser, `--help` and the completions read.
  let declaration: CommandOption
  /// Makes the value from the option's occurrences in order (each value, `nil` for a flag or a
  /// bare optional-value option; none when the option was not given).
  let read: @Sendable ([String?]) throws(UsageError) -> Value

  /// The long name with its dashes: `--output`.
  var name: String { declaration.name }

  /// A key whose value `convert` makes from the text given last; `nil` from `convert` is a bad
  /// value, refused with the message of the option's rule.
  fileprivate static func converting<Converted: Sendable>(
    _ declaration: CommandOption, bare: Converted? = nil,
    _ convert: @escaping @Sendable (String) -> Converted?
  ) -> OptionKey<Converted?> {
    OptionKey<Converted?>(declaration: declaration) { (given) throws(UsageError) in
      guard let last = given.last else { return nil }
      guard let text = last else { return bare }
      guard let value = convert(text) else { throw ParsedArguments.badValue(text, of: declaration) }
      return value
    }
  }
}

extension OptionKey<Bool> {
  /// An option that takes no value: whether it was given.
  static func flag(
    _ name: String, short: String? = nil, _ summary: String, help: String = ""
  ) -> Self {
    Self(declaration: .flag(name, short: short, summary, help: help)) { !$0.isEmpty }
  }
}

extension OptionKey<String?> {
  /// An option followed by text, a file or a folder: the value given last.
  ///
  /// - Parameter noun: how messages name the file (`the animation`); the option's name unless
  ///   given.
  static func option(
    _ name: String, short: String? = nil, _ placeholder: String, _ kind: ValueKind,
    _ summary: String, help: String = "", default defaultValue: String? = nil,
    noun: String? = nil
  ) -> Self {
    var declaration = CommandOption.option(
      name, short: short, placeholder, kind, summary, help: help, default: defaultValue)
    declaration.noun = noun
    return converting(declaration) { $0 }
  }
}

extension OptionKey<[String]> {
  /// An option that may be given more than once: every value, in order.
  static func repeating(
    _ name: String, _ placeholder: String, kind: ValueKind = .text, _ summary: String,
    help: String = ""
  ) -> Self {
    Self(
      declaration: .option(name, placeholder, kind, repeats: true, summary, help: help)
    ) { $0.compactMap { $0 } }
  }
}

extension OptionKey<Int?> {
  /// An option followed by a whole number in `range`.
  static func wholeNumber(
    _ name: String, _ placeholder: String, in range: ClosedRange<Int>, _ summary: String,
    help: String = "", default defaultValue: String? = nil
  ) -> Self {
    converting(
      .option(
        name, placeholder, .text, rule: .wholeNumber(range), summary, help: help,
        default: defaultValue)
    ) { Int($0) }
  }
}

extension OptionKey<Double?> {
  /// An option followed by a finite number in `range`, of a `unit` (`seconds`) or none.
  static func number(
    _ name: String, _ placeholder: String, in range: ClosedRange<Double>,
    unit: String = "a number", _ summary: String, help: String = "",
    default defaultValue: String? = nil
  ) -> Self {
    converting(
      .option(
        name, placeholder, .text, rule: .number(range, unit: unit), summary, help: help,
        default: defaultValue)
    ) { Double($0) }
  }
}

extension OptionKey {
  /// An option followed by one of a type's cases, by its raw value (in any case).
  static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
    _ name: String, _ placeholder: String, of type: Choice.Type, _ summary: String,
    help: String = "", default defaultValue: String? = nil
  ) -> Self where Value == Choice?, Choice.RawValue == String {
    converting(
      .option(
        name, placeholder, .choices(Choice.allCases.map(\.rawValue)), summary, help: help,
        default: defaultValue)
    ) { Choice(rawValue: $0) }
  }

  /// An option whose text `convert` reads (`nil` for a bad one, refused with `expected`, which
  /// says what the option takes: `a pixel count or a share such as 0.5%`).
  ///
  /// - Parameters:
  ///   - kind: what the value is, for completing it; its choices are what completion offers.
  ///   - bare: the value of the option given without one; `nil` when it needs one.
  static func parsed<Parsed: Sendable>(
    _ name: String, _ placeholder: String, _ kind: ValueKind = .text, expected: String,
    bare: Parsed? = nil, _ summary: String, help: String = "",
    default defaultValue: String? = nil, _ convert: @escaping @Sendable (String) -> Parsed?
  ) -> Self where Value == Parsed? {
    let declaration =
      bare == nil
      ? CommandOption.option(
        name, placeholder, kind, rule: .described(expected), summary, help: help,
        default: defaultValue)
      : CommandOption.optionalValue(
        name, placeholder, kind, rule: .described(expected), summary, help: help)
    return converting(declaration, bare: bare, convert)
  }

  /// A repeatable option whose every text `convert` reads, refused as ``parsed(_:_:_:expected:bare:_:help:default:_:)`` refuses one.
  static func parsedRepeating<Parsed: Sendable>(
    _ name: String, _ placeholder: String, expected: String, _ summary: String,
    help: String = "", _ convert: @escaping @Sendable (String) -> Parsed?
  ) -> Self where Value == [Parsed] {
    let declaration = CommandOption.option(
      name, placeholder, .text, rule: .described(expected), repeats: true, summary, help: help)
    return Self(declaration: declaration) { (given) throws(UsageError) in
      var values: [Parsed] = []
      for case let text? in given {
        guard let value = convert(text) else {
          throw ParsedArguments.badValue(text, of: declaration)
        }
        values.append(value)
      }
      return values
    }
  }
}

/// The declarations of keys, in order: a subcommand's `options`.
func declarations<each Value>(_ keys: repeat OptionKey<each Value>) -> [CommandOption] {
  var declarations: [CommandOption] = []
  for key in repeat each keys { declarations.append(key.declaration) }
  return declarations
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

  /// The placeholder `--help` shows: the choices themselves when they are few (`png|svg|pdf`).
  func shownPlaceholder(_ placeholder: String) -> String {
    guard case .choices(let words) = self, words.joined(separator: "|").count <= 18 else {
      return placeholder
    }
    return words.joined(separator: "|")
  }
}

/// What the parser accepts as an option's value, and how its message says so when it is not:
/// `--frames takes all, last or none, not 'some'`.
enum ValueRule: Equatable, Sendable {
  /// The kind's choices (any case; the declared spelling is kept), or any text.
  case kind
  /// A whole number in the range.
  case wholeNumber(ClosedRange<Int>)
  /// A finite number in the range, of a unit (`seconds`) or none (`a number`).
  case number(ClosedRange<Double>, unit: String = "a number")
  /// Checked by the option's key when the subcommand reads the value (``OptionKey``); the
  /// text says what is expected (`<i>/<n> with 1 ≤ i ≤ n, such as 2/4`).
  case described(String)

  /// What the message about a bad value says is expected, for a value of `kind`.
  func expectation(for kind: ValueKind) -> String? {
    switch self {
    case .kind:
      guard case .choices(let words) = kind else { return nil }
      return words.listed(joinedBy: "or")
    case .wholeNumber(let range):
      if range.upperBound == Int.max { return "a whole number ≥ \(range.lowerBound)" }
      return "a whole number from \(range.lowerBound) to \(range.upperBound)"
    case .number(let range, let unit):
      return "\(unit) from \(range.lowerBound.shortText) to \(range.upperBound.shortText)"
    case .described(let text):
      return text
    }
  }
}

/// The words of a subcommand that are not options, such as its scripts.
struct CommandOperands: Equatable, Sendable {
  /// The name of each word in order (`script`; `expected.png`, `actual.png`).
  var placeholders: [String]
  /// Whether the last one may be repeated (`check a.circles b.circles`).
  var repeatsLast = false
  /// Whether they may all be left out (`circles help`).
  var isOptional = false
  /// What each word is.
  var kind: ValueKind
  /// How the messages about too few or too many name them: `one script`; `two PNG files`.
  var noun = "no argument"
  /// What the message about too few adds after "needs": `a script file (or '-' for standard
  /// input)`; the noun when empty.
  var missing = ""
  /// How the usage line writes them (`<script.circles | ->`); made from the placeholders when
  /// `nil`.
  var synopsis: String?

  /// A subcommand that takes no operand.
  static var none: CommandOperands {
    CommandOperands(placeholders: [], kind: .text)
  }

  /// One script file (`.circles`), or `-` for standard input.
  static var script: CommandOperands {
    CommandOperands(
      placeholders: ["script"], kind: .file(extensions: ["circles"]), noun: "one script",
      missing: "a script file (or '-' for standard input)", synopsis: "<script.circles | ->")
  }

  /// The fewest words the subcommand needs.
  var minimum: Int { isOptional ? 0 : placeholders.count }
  /// The most it takes; `nil` for no limit.
  var maximum: Int? { repeatsLast ? nil : placeholders.count }

  /// Whether a word could be one of the operands rather than the value of an optional-value
  /// option before it: a file of the operands' extensions, a path with a `/`, or a name that
  /// exists in the current folder.
  func mayBe(_ word: String) -> Bool {
    if case .file(let extensions) = kind,
      extensions.contains(where: { word.lowercased().hasSuffix("." + $0) })
    {
      return true
    }
    return word.contains("/") || FolderHandle.status(atPath: word) != nil
  }
}

extension [CommandOption] {
  /// The option a name on the command line means (long or short), if any.
  func named(_ name: String) -> CommandOption? {
    first { $0.names.contains(name) }
  }
}

extension [String] {
  /// `a, b or c`; `a`; empty for none.
  func listed(joinedBy conjunction: String) -> String {
    guard count > 1 else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last!
  }
}

extension Double {
  /// `0.01`, `60`, `1`: the number as written by hand, without a trailing `.0`.
  var shortText: String {
    rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
