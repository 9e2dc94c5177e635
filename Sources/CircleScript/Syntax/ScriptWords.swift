/// The tokens of a script line by line, and the circle ids among them, as tools that work on
/// the text (an editor's rename and formatting) need them: read by the `Lexer`, so strings and
/// comments are never taken for words, and with the parser's own rules for where an id is.
package enum ScriptWords {
  /// The lines the lexer reads (blank and comment-only lines included, with no tokens), and a
  /// diagnostic for each line it cannot read.
  package static func lines(_ bytes: [UInt8], fileName: String) -> (
    lines: [TokenLine], failures: [Diagnostic]
  ) {
    var lexer = Lexer(bytes: bytes, fileName: fileName)
    var lines: [TokenLine] = []
    var failures: [Diagnostic] = []
    while true {
      do {
        guard let line = try lexer.nextLine() else { break }
        lines.append(line)
      } catch {
        failures.append(error)
      }
    }
    return (lines, failures)
  }

  /// The token that names a circle on a line, if the line's command takes one: the operand of
  /// `remove`, `move`, `set`, `front` and `back`, or the id of an `add` that gives one (as the
  /// parser decides: the word after `add` unless it is a property keyword followed by a value).
  package static func circleID(in line: TokenLine) -> Token? {
    let tokens = line.tokens
    guard tokens.count > 1, tokens[0].kind == .word, tokens[1].kind == .word else { return nil }
    switch tokens[0].text {
    case "remove", "move", "set", "front", "back":
      return tokens[1]
    case "add":
      let isKeyword = LineParser.propertyKeywords.contains(tokens[1].text)
      let nextIsKeyword =
        tokens.count > 2 && LineParser.propertyKeywords.contains(tokens[2].text)
      return !isKeyword || nextIsKeyword ? tokens[1] : nil
    default:
      return nil
    }
  }

  /// Whether a line is an `add` that gives no id, so that the circle is named `c1`, `c2`, ….
  package static func addsUnnamed(_ line: TokenLine) -> Bool {
    line.tokens.first?.kind == .word && line.tokens[0].text == "add" && circleID(in: line) == nil
  }

  /// The procedure a line calls, `name(…)`, and where its name is written.
  package static func namedCall(_ line: TokenLine) -> (name: String, range: SourceRange)? {
    guard let first = line.tokens.first else { return nil }
    return namedCall(first)
  }

  /// The name a word starts before its `(` (`flower(3, i)`), and where it is written.
  package static func namedCall(_ token: Token) -> (name: String, range: SourceRange)? {
    LineParser.namedParentheses(token).map { ($0.name, $0.nameRange) }
  }

  /// Whether `text` is a circle id: a letter or `_`, then letters, digits, `_` or `-`.
  package static func isID(_ text: String) -> Bool {
    LineParser.isID(text)
  }
}
