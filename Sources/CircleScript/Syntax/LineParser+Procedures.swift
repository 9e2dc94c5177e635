/// `def <name>(<parameter>, …) {`, calls `<name>(<expression>, …)` and `return`
/// (docs/language.md, "Procedures").
extension LineParser {
  /// A word that starts `<name>(`: the name, where it is written, and the rest of the word
  /// from the `(` on, as an expression reads it.
  struct NamedParentheses {
    var name: String
    var nameRange: SourceRange
    var rest: ExpressionSource
  }

  /// The word split at its first `(`, when what comes before is an id: `flower(3, i)`.
  static func namedParentheses(_ token: Token) -> NamedParentheses? {
    guard token.kind == .word, let open = token.text.firstIndex(of: "(") else { return nil }
    let name = String(token.text[..<open])
    guard isID(name) else { return nil }
    // An id is ASCII: as many characters as bytes.
    let length = name.utf8.count
    return NamedParentheses(
      name: name, nameRange: token.range.subrange(offset: 0, length: length),
      rest: ExpressionSource(
        text: token.text[open...], start: token.range.subrange(offset: length, length: 0).start))
  }

  /// Whether a line's first word is a call, `<name>(…`.
  static func isCall(_ tokens: [Token]) -> Bool {
    tokens.first.flatMap(namedParentheses) != nil
  }

  /// Why `name` cannot name a procedure, or `nil` when it can: a command, a word of the
  /// language's structure, a function, a colour function or `pi`.
  static func procedureNameProblem(_ name: String) -> String? {
    if commandNames.contains(name) || ExpressionParser.structureWords.contains(name) {
      return "'\(name)' is a command word and cannot name a procedure"
    }
    if ScriptFunction.names.contains(name) || ScriptFunction.colourFunctions.contains(name) {
      return "'\(name)' is a function and cannot name a procedure"
    }
    if name == "pi" || ScriptFunction.isNotANumber(name) {
      return "'\(name)' is a number and cannot name a procedure"
    }
    return nil
  }

  /// Parses `def <name>(<parameter>, …) {`; the parameters are bound as variables from here on,
  /// so that a keyword of such a name in a number position reads as the parameter.
  mutating func definitionHeader() throws(Diagnostic) -> BlockHeader {
    let keyword = commandToken
    let form = "def <name>(<parameter>, …) {"
    guard let word = next() else {
      throw .error("expected a procedure name after 'def': \(form)", at: endOfLine)
    }
    guard let parts = Self.namedParentheses(word) else {
      if word.kind == .word, Self.isID(word.text) {
        if let following = peek(), following.kind == .word, following.text.hasPrefix("(") {
          throw .error(
            "write the '(' right after the name, with no space: "
              + "'def \(Self.shorten(word.text))(…) {'", at: following.range)
        }
        throw .error(
          "expected '(' after the procedure name; a procedure without parameters is "
            + "'def \(Self.shorten(word.text))() {'",
          at: SourceRange(start: word.range.end, length: 0))
      }
      throw .error(
        "expected a procedure name after 'def', found \(Self.describe(word)); a name is a "
          + "letter or '_' followed by letters, digits, '_' or '-'", at: word.range)
    }
    if let problem = Self.procedureNameProblem(parts.name) {
      throw .error(problem, at: parts.nameRange)
    }
    var parser = try ExpressionParser([parts.rest], variables: variables)
    let names = try parser.parameterNames()
    let brace = try openingBrace(after: "the parameters")
    let parameters = names.map { name in
      let text = String(name.text)
      variables.bind(text)
      return VariableName(text, index: variables.index(of: text), at: name.range)
    }
    return BlockHeader(
      kind: .procedure(name: parts.name, nameRange: parts.nameRange, parameters: parameters),
      keyword: keyword.range, brace: brace.range, range: lineRange)
  }

  /// Parses `<name>(<expression>, …)`; whether the procedure exists and takes that many
  /// arguments is checked once the whole script is read, as it may be defined further down.
  mutating func call() throws(Diagnostic) -> Statement {
    guard let parts = Self.namedParentheses(commandToken) else {
      preconditionFailure("call() on a line that is not a call")
    }
    var parser = try ExpressionParser([parts.rest], variables: variables)
    let arguments = try parser.callArguments()
    index = 1
    try finish()
    return Statement(
      command: .call(name: parts.name, nameRange: parts.nameRange, arguments: arguments),
      keyword: parts.nameRange, range: lineRange)
  }

  /// The error for `name (…)`, a call written with a space before its `(`; `nil` when the line
  /// is not one.
  func spacedCall() -> Diagnostic? {
    guard tokens.count > 1, Self.isID(commandToken.text), tokens[1].kind == .word,
      tokens[1].text.hasPrefix("(")
    else { return nil }
    return .error(
      "write the '(' of a call right after the name, with no space: "
        + "'\(Self.shorten(commandToken.text))(…)'", at: tokens[1].range)
  }
}
