import CircleScript

/// Positions in a document as the protocol counts them (0-based lines, UTF-16 offsets) and as
/// circles' diagnostics do (1-based lines, columns in characters).
enum DocumentText {
  /// Whether a character ends a line: `\n`, or `\r\n`, which Swift takes as one character.
  static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n"
  }

  /// The lines of a text, without their line breaks (`\n` or `\r\n`).
  static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
  }

  /// A diagnostic's range as the protocol's.
  static func range(_ range: SourceRange, in text: String) -> LSPRange {
    LineIndex(text).range(range)
  }

  /// How many UTF-16 units the first `count` characters of a line take.
  static func utf16Offset(ofCharacter count: Int, in line: Substring) -> Int {
    line.prefix(max(0, count)).utf16.count
  }

  /// The text with a range replaced, for an incremental change.
  static func replacing(_ range: LSPRange, in text: String, with new: String) -> String {
    let lines = LineIndex(text)
    let start = lines.index(of: range.start)
    let end = max(start, lines.index(of: range.end))
    var result = String(lines.text[..<start])
    result.reserveCapacity(text.utf8.count + new.utf8.count)
    result += new
    result += lines.text[end...]
    return result
  }
}
