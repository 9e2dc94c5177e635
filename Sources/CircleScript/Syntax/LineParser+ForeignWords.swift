/// Hints for the first words of lines written in other languages (`for`, `while`, `elif`, `function`,
/// `var`): what circles writes instead, rather than the nearest command's spelling.
extension LineParser {
  /// The hint for a command word that another language uses, or `nil` for any other word.
  ///
  /// `for i in 1...3 {` gets the loop that runs as often, with its counter: `repeat 3 as i`
  /// (counting from 0, as circles' loops do).
  func foreignWordHint(_ word: String) -> String? {
    switch word.lowercased() {
    case "for", "foreach":
      return "circles loops with " + loopSuggestion()
    case "while", "loop", "do", "until":
      return "circles loops with 'repeat <count> { … }', or with a procedure that calls itself "
        + "while an 'if' says so"
    case "elif", "elsif", "elseif":
      return "write '} else if <condition> {' on the line of the '}' that ends the 'if'"
    case "else":
      return "'else' goes on the line of the '}' that ends the 'if': '} else {'"
    case "unless", "switch", "when":
      return "circles chooses with 'if <condition> { … } else if <condition> { … } else { … }'"
    case "function", "func", "fn", "fun", "proc", "sub", "lambda", "to", "define", "void":
      return "circles defines a procedure with 'def <name>(<parameter>, …) { … }'"
    case "var", "const", "val", "local", "my", "dim":
      return "circles names a number with 'let <name> = <expression>'"
    default:
      return nil
    }
  }

  /// `'repeat 3 as i { … }', i counting from 0` for `for i in 1...3 {` (or `0..<3`), else the
  /// general form.
  private func loopSuggestion() -> String {
    let words = tokens.dropFirst().map(\.text)
    if commandToken.text.lowercased() == "for", words.count >= 3, words[1] == "in",
      let first = words[0].first, first.isNameStart, words[0].allSatisfy(\.isNamePart),
      let count = Self.rangeCount(words[2])
    {
      return "'repeat \(count) as \(words[0]) { … }', \(words[0]) counting from 0"
    }
    return "'repeat <count> as <name> { … }', the name counting from 0"
  }

  /// How many whole numbers `a...b` or `a..<b` holds, when both ends are whole numbers.
  private static func rangeCount(_ text: String) -> Int? {
    for (separator, closed) in [("...", true), ("..<", false)] {
      guard let range = text.firstRange(of: separator),
        let low = Int(text[..<range.lowerBound]), let high = Int(text[range.upperBound...]),
        low <= high, high - low < Int(Int32.max)
      else { continue }
      let count = high - low + (closed ? 1 : 0)
      return count > 0 ? count : nil
    }
    return nil
  }
}
