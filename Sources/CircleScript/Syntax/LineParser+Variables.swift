/// `let`, `seed` and the first line of `repeat` (docs/language.md, "Variables, expressions and loops").
extension LineParser {
  /// Parses `let <name> = <expression>`, the expression being the rest of the line.
  mutating func assignment() throws(Diagnostic) -> Command {
    guard tokens.count > 1 else {
      throw .error("expected a variable name after 'let'", at: endOfLine)
    }
    try Self.refuseDash(in: tokens[1])
    for token in tokens[1...] where token.kind != .word {
      throw .error("expected an expression, found \(Self.describe(token))", at: token.range)
    }
    var parser = try ExpressionParser(words: tokens[1...], variables: variables)
    let (name, value) = try parser.assignment()
    index = tokens.count
    let text = String(name.text)
    variables.bind(text)
    return .let(VariableName(text, index: variables.index(of: text), at: name.range), value: value)
  }

  /// Parses `seed <n>`, a whole number 0…2147483647.
  mutating func seed() throws(Diagnostic) -> Command {
    let token = try value(after: commandToken, "a whole number to seed random() with")
    return .seed(try count(token, named: "seed", in: 0...Self.largestCount))
  }

  /// Parses `repeat <count> [as <name>] {`.
  mutating func loopHeader() throws(Diagnostic) -> BlockHeader {
    let keyword = commandToken
    let countToken = try value(after: keyword, "a number of times")
    let count = try count(countToken, named: "repeat count", in: 0...Self.largestCount)
    var variable: VariableName?
    if let word = peek(), word.kind == .word, word.text == "as" {
      index += 1
      let name = try value(after: word, "a variable name")
      variable = try variableName(name, after: word)
    } else if let word = peek(), word.kind == .word,
      let guess = Suggestion.closest(to: word.text, among: ["as"])
    {
      throw .error(
        "unknown keyword '\(Self.shorten(word.text))' in 'repeat'; did you mean '\(guess)'?",
        at: word.range)
    }
    let after = variable == nil ? "the repeat count" : "the variable name"
    let brace = try openingBrace(after: after)
    return BlockHeader(
      kind: .loop(count: count, variable: variable), keyword: keyword.range, brace: brace.range,
      range: lineRange)
  }

  /// Reads the name a value is given to: letters, digits and `_`, not starting with a digit,
  /// and not a command, a function or `pi`.
  func variableName(_ token: Token, after keyword: Token) throws(Diagnostic) -> VariableName {
    try Self.refuseDash(in: token)
    let text = token.text
    guard token.kind == .word, let first = text.first, first.isNameStart,
      text.allSatisfy(\.isNamePart)
    else {
      throw .error(
        "expected a variable name after '\(keyword.text)', found \(Self.describe(token)); a "
          + "name is a letter or '_' followed by letters, digits or '_'", at: token.range)
    }
    try ExpressionParser.checkVariableName(text, at: token.range)
    variables.bind(text)
    return VariableName(text, index: variables.index(of: text), at: token.range)
  }

  /// Refuses an id with a `-` where a variable name belongs: inside an expression it would
  /// read as a subtraction.
  private static func refuseDash(in token: Token) throws(Diagnostic) {
    let text = token.text
    guard token.kind == .word, text.contains("-"), let first = text.first, first.isNameStart,
      isID(text)
    else { return }
    throw .error(
      "variable name '\(shorten(text))' cannot contain '-', which would read as a minus; "
        + "use '_' instead", at: token.range)
  }
}
