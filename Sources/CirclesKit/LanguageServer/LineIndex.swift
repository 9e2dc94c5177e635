import CircleScript

/// Where each line of a text starts, found once by a scan of its bytes, so that a position in a
/// long document (ten megabytes and more) is found without walking its characters.
///
/// Lines end at `\n` (a `\r` before it belongs to the line break), as `DocumentText` counts them.
struct LineIndex {
  let text: String
  /// The UTF-8 offset at which each line starts.
  private let starts: [Int]

  init(_ text: String) {
    var text = text
    text.makeContiguousUTF8()
    self.text = text
    var starts = [0]
    text.utf8.withContiguousStorageIfAvailable { bytes in
      for (offset, byte) in bytes.enumerated() where byte == 10 { starts.append(offset + 1) }
    }
    self.starts = starts
  }

  /// How many lines the text has (one more than its line breaks).
  var count: Int { starts.count }

  /// A line without its line break; the empty line after the last one past the end.
  func line(_ number: Int) -> Substring {
    guard starts.indices.contains(number) else { return text[text.endIndex...] }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: starts[number])
    var end =
      number + 1 < starts.count
      ? utf8.index(utf8.startIndex, offsetBy: starts[number + 1] - 1) : utf8.endIndex
    if end > start, utf8[utf8.index(before: end)] == 13, number + 1 < starts.count {
      end = utf8.index(before: end)
    }
    return text[start..<end]
  }

  /// A diagnostic's range (1-based line, columns in characters) as the protocol's.
  func range(_ range: SourceRange) -> LSPRange {
    let index = range.start.line - 1
    guard starts.indices.contains(index) else {
      let end = LSPPosition(line: max(0, count - 1), character: 0)
      return LSPRange(start: end, end: end)
    }
    let line = line(index)
    let start = DocumentText.utf16Offset(ofCharacter: range.start.column - 1, in: line)
    let end = DocumentText.utf16Offset(
      ofCharacter: range.start.column - 1 + max(range.length, 0), in: line)
    return LSPRange(
      start: LSPPosition(line: index, character: start),
      end: LSPPosition(line: index, character: max(end, start)))
  }

  /// The index in the text of a protocol position, clamped to the text: past the last line is
  /// the end, past the end of a line is its end, and so is a position inside a character
  /// (between the halves of a surrogate pair).
  func index(of position: LSPPosition) -> String.Index {
    guard position.line < starts.count else { return text.endIndex }
    let line = line(max(0, position.line))
    let utf16 = line.utf16
    let offset = min(max(0, position.character), utf16.count)
    let target = utf16.index(utf16.startIndex, offsetBy: offset)
    return String.Index(target, within: text) ?? line.endIndex
  }

  /// The position just after the last character.
  var end: LSPPosition {
    LSPPosition(line: count - 1, character: line(count - 1).utf16.count)
  }
}
