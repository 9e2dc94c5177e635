/// A small reader of command-line arguments: flags, options with values, and positionals.
///
/// Long options take their value as the next argument or after `=` (`-o out`, `--output=out`);
/// `--` ends the options; a lone `-` is a positional (standard input).
struct ArgumentReader {
  private var remaining: ArraySlice<String>
  private var onlyPositionals = false

  init(_ arguments: [String]) {
    remaining = arguments[...]
  }

  /// How many arguments are still to be read: what a command consumed lies between two counts.
  var remainingCount: Int { remaining.count }

  /// One argument as read: an option name (with its inline value, if any) or a positional.
  enum Item: Equatable {
    case option(String, inlineValue: String?)
    case positional(String)
  }

  /// The next item, or nil at the end.
  mutating func next() -> Item? {
    guard let argument = remaining.popFirst() else { return nil }
    if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
      return .positional(argument)
    }
    if argument == "--" {
      onlyPositionals = true
      return next()
    }
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      return .option(
        String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...])
      )
    }
    return .option(argument, inlineValue: nil)
  }

  /// The value of an option: its inline value, else the next argument.
  mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
    if let inline { return inline }
    guard let value = remaining.popFirst() else {
      throw UsageError("option '\(option)' needs a value")
    }
    return value
  }
}
