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

/// A mistake on the command line: reported with the usage of the subcommand, exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, as one lower-case phrase.
  public var message: String

  /// Creates an error with its message.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }

  /// The error for an option the subcommand does not have, with a suggestion when one is close.
  static func unknownOption(_ name: String, known: [String]) -> UsageError {
    var message = "unknown option '\(name)'"
    if let guess = Spelling.closest(to: name, in: known) {
      message += "; did you mean '\(guess)'?"
    }
    return UsageError(message)
  }
}

/// Suggestions for misspelt words.
enum Spelling {
  /// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, word.count / 3) ? best.0 : nil
  }

  /// Edit distance between two strings by characters, a swap of neighbours counting as one edit.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // rows[i][j]: the distance between the first i characters of a and the first j of b.
    var rows = [[Int]](repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}
