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
    let all = lines(text)
    let index = range.start.line - 1
    guard all.indices.contains(index) else {
      let end = LSPPosition(line: max(0, all.count - 1), character: 0)
      return LSPRange(start: end, end: end)
    }
    let line = all[index]
    let start = utf16Offset(ofCharacter: range.start.column - 1, in: line)
    let end = utf16Offset(ofCharacter: range.start.column - 1 + max(range.length, 0), in: line)
    return LSPRange(
      start: LSPPosition(line: index, character: start),
      end: LSPPosition(line: index, character: max(end, start)))
  }

  /// How many UTF-16 units the first `count` characters of a line take.
  static func utf16Offset(ofCharacter count: Int, in line: Substring) -> Int {
    line.prefix(max(0, count)).utf16.count
  }

  /// The index in `text` of a protocol position (clamped to the text).
  static func index(of position: LSPPosition, in text: String) -> String.Index {
    var index = text.startIndex
    var line = 0
    while line < position.line, let next = text[index...].firstIndex(where: isLineBreak) {
      index = text.index(after: next)
      line += 1
    }
    if line < position.line { return text.endIndex }
    let end = text[index...].firstIndex(where: isLineBreak) ?? text.endIndex
    let utf16 = text[index..<end].utf16
    let offset = min(max(0, position.character), utf16.count)
    let target = utf16.index(utf16.startIndex, offsetBy: offset)
    // A position inside a character (between two halves of a surrogate pair) goes to its end.
    return String.Index(target, within: text) ?? end
  }

  /// The text with a range replaced, for an incremental change.
  static func replacing(_ range: LSPRange, in text: String, with new: String) -> String {
    let start = index(of: range.start, in: text)
    let end = max(start, index(of: range.end, in: text))
    return String(text[..<start]) + new + String(text[end...])
  }
}
