/// Parses the tokens of one line into a statement or the header of a block.
struct LineParser {
  /// The first line of a block: `group "<name>" {` or `repeat <n> [as <name>] {`.
  struct BlockHeader {
    /// What the block is.
    enum Kind {
      case group(name: InterpolatedText)
      case loop(count: NumberExpression, variable: VariableName?)
      /// `if <condition> {` or `} else if <condition> {`.
      case condition(NumberExpression)
      /// `} else {`.
      case otherwise
      /// `def <name>(<parameter>, …) {`.
      case procedure(name: String, nameRange: SourceRange, parameters: [VariableName])
    }

    var kind: Kind
    var keyword: SourceRange
    var brace: SourceRange
    var range: SourceRange

    /// Whether the block is a group, in which `undo` and `redo` are not allowed.
    var isGroup: Bool {
      if case .group = kind { true } else { false }
    }
  }

  /// The names of all commands, for suggestions.
  static let commandNames = [
    "canvas", "add", "remove", "move", "set", "front", "back", "clear", "undo", "redo", "group",
    "limit", "render", "expect", "let", "seed", "repeat", "if", "def", "return",
  ]

  let tokens: [Token]
  var index = 1
  /// The script's variables, which expressions number as they are read.
  let variables: VariableTable

  /// Creates a parser for a line; `tokens` must not be empty.
  init(_ tokens: [Token], variables: VariableTable) {
    self.tokens = tokens
    self.variables = variables
  }

  /// The command word.
  var commandToken: Token { tokens[0] }

  /// The whole line, from the first token to the end of the last.
  var lineRange: SourceRange { tokens[0].range.extended(through: tokens[tokens.count - 1].range) }

  /// The point just after the last token, where a missing value belongs.
  var endOfLine: SourceRange {
    let last = tokens[tokens.count - 1].range
    return SourceRange(start: last.end, length: 0)
  }

  mutating func next() -> Token? {
    guard index < tokens.count else { return nil }
    defer { index += 1 }
    return tokens[index]
  }

  func peek(_ ahead: Int = 0) -> Token? {
    index + ahead < tokens.count ? tokens[index + ahead] : nil
  }

  /// The next token, which must exist: the value of `keyword`, described as `what`.
  mutating func value(after keyword: Token, _ what: String) throws(Diagnostic) -> Token {
    guard let token = next() else {
      throw .error("expected \(what) after '\(Self.shorten(keyword.text))'", at: endOfLine)
    }
    return token
  }

  /// Checks that nothing follows the command.
  func finish() throws(Diagnostic) {
    guard let extra = peek() else { return }
    let advice =
      extra.kind == .closeBrace
      ? "; put '}' on a line of its own"
      : extra.kind == .openBrace ? "; only 'group', 'repeat', 'if' and 'def' open '{'" : ""
    throw .error(
      "unexpected \(Self.describe(extra)) at the end of '\(commandToken.text)'\(advice)",
      at: extra.range)
  }

  /// Wraps a command into a statement covering the whole line.
  func statement(_ command: Command) -> Statement {
    Statement(command: command, keyword: commandToken.range, range: lineRange)
  }

  /// How a token is named in a message: a word or brace quoted, a string as "a string".
  static func describe(_ token: Token) -> String {
    token.kind == .string ? "string \"\(shorten(token.text))\"" : "'\(shorten(token.text))'"
  }

  /// Text cut to a readable length for a message.
  static func shorten(_ text: some StringProtocol) -> String {
    text.count <= 24 ? String(text) : String(text.prefix(20)) + "…"
  }

  /// Parses `group "<name>" {`.
  mutating func groupHeader() throws(Diagnostic) -> BlockHeader {
    let keyword = commandToken
    let name = try value(after: keyword, "a group name in quotes")
    guard name.kind == .string else {
      throw .error(
        "expected a group name in quotes after 'group', found \(Self.describe(name))",
        at: name.range)
    }
    guard !name.text.isEmpty else {
      throw .error("a group name cannot be empty", at: name.range)
    }
    let text = try template(name)
    let brace = try openingBrace(after: "the group name")
    return BlockHeader(
      kind: .group(name: text), keyword: keyword.range, brace: brace.range, range: lineRange)
  }

  /// Parses `if <condition> {`, or, when the line starts `} else`, `} else if <condition> {`
  /// and `} else {`: the condition is the rest of the line up to the `{`, as a `let`'s value.
  mutating func conditionHeader() throws(Diagnostic) -> BlockHeader {
    let keyword: Token
    if commandToken.kind == .closeBrace {
      let otherwise = tokens[1]
      guard let next = peek(1) else {
        throw .error("expected '{' after 'else'", at: endOfLine)
      }
      if next.kind == .openBrace {
        index = 3
        if let extra = peek() {
          throw .error(
            "unexpected \(Self.describe(extra)) after '{'; put each command on a line of its own",
            at: extra.range)
        }
        return BlockHeader(
          kind: .otherwise, keyword: otherwise.range, brace: next.range,
          range: otherwise.range.extended(through: next.range))
      }
      guard next.kind == .word, next.text == "if" else {
        throw .error(
          "expected '{' or 'if' after 'else', found \(Self.describe(next))", at: next.range)
      }
      keyword = next
      index = 3
    } else {
      keyword = commandToken
      index = 1
    }
    guard let braceIndex = tokens[index...].firstIndex(where: { $0.kind == .openBrace }) else {
      throw .error("expected '{' at the end of the 'if' line", at: endOfLine)
    }
    let brace = tokens[braceIndex]
    if braceIndex + 1 < tokens.count {
      let extra = tokens[braceIndex + 1]
      throw .error(
        "unexpected \(Self.describe(extra)) after '{'; put each command on a line of its own",
        at: extra.range)
    }
    guard braceIndex > index else {
      throw .error("expected a condition after 'if'", at: brace.range)
    }
    let words = tokens[index..<braceIndex]
    for token in words where token.kind != .word {
      throw .error("expected a condition, found \(Self.describe(token))", at: token.range)
    }
    var parser = try ExpressionParser(words: words, variables: variables)
    let condition = try parser.whole()
    index = tokens.count
    return BlockHeader(
      kind: .condition(condition), keyword: keyword.range, brace: brace.range,
      range: keyword.range.extended(through: brace.range))
  }

  /// Reads the `{` that ends a block's first line, and checks that nothing follows it.
  mutating func openingBrace(after what: String) throws(Diagnostic) -> Token {
    guard let brace = next() else {
      throw .error("expected '{' after \(what)", at: endOfLine)
    }
    guard brace.kind == .openBrace else {
      throw .error("expected '{' after \(what), found \(Self.describe(brace))", at: brace.range)
    }
    if let extra = peek() {
      throw .error(
        "unexpected \(Self.describe(extra)) after '{'; put each command on a line of its own",
        at: extra.range)
    }
    return brace
  }

  /// Parses any command but the first line of a block.
  mutating func command() throws(Diagnostic) -> Statement {
    let word = commandToken.text
    let command: Command
    switch word {
    case "canvas": command = try canvas()
    case "add": command = try add()
    case "remove": command = .remove(id: try idOperand())
    case "move": command = try move()
    case "set": command = try set()
    case "front": command = .front(id: try idOperand())
    case "back": command = .back(id: try idOperand())
    case "clear": command = .clear
    case "undo": command = .undo(count: try stepCount())
    case "redo": command = .redo(count: try stepCount())
    case "limit": command = try limit()
    case "render": command = try render()
    case "expect": command = try expect()
    case "let": command = try assignment()
    case "seed": command = try seed()
    case "return": command = .return
    default:
      if let hint = foreignWordHint(word) {
        throw .error("unknown command '\(Self.shorten(word))'; " + hint, at: commandToken.range)
      }
      if Self.isCall(tokens) { return try call() }
      if let spaced = spacedCall() { throw spaced }
      throw .error(
        "unknown command '\(Self.shorten(word))'"
          + Suggestion.didYouMean(word, among: Self.commandNames), at: commandToken.range)
    }
    try finish()
    return statement(command)
  }
}
