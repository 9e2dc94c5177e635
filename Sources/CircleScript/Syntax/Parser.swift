/// Turns the text of a `.circles` script into a `Script`, checking everything that can be
/// checked without running it.
///
/// The whole script is parsed before anything runs, so a syntax error produces no frame at
/// all. Every line that fails to parse is reported, up to `SyntaxErrors.limit` of them: after
/// an error the parser goes on at the next line (a failed line that ends with `{` still opens
/// a block, so that its `}` matches). Beyond the grammar, the parser rejects: a `canvas` that
/// is repeated, inside a block or after a command other than `limit`, `let` and `seed`; `undo`
/// and `redo` inside a group; blocks nested more than `maximumGroupDepth` deep; an unclosed
/// `{` and a stray `}`. It works line by line with an explicit stack of open blocks, so its
/// time is linear in the size of the script and deep nesting cannot overflow the call stack.
public enum Parser {
  /// The deepest nesting of groups and loops allowed.
  public static let maximumGroupDepth = 100

  /// The words that start a command (`add`, `group`, …), in the order the language lists them.
  package static var commandNames: [String] { LineParser.commandNames }

  /// Parses the raw bytes of a script.
  ///
  /// - Parameters:
  ///   - bytes: the script as read from its file, expected to be UTF-8.
  ///   - fileName: the name diagnostics print (`scene.circles`).
  /// - Returns: the parsed script.
  /// - Throws: every syntax error found, in order (at most `SyntaxErrors.limit`).
  public static func parse(_ bytes: [UInt8], fileName: String) throws(SyntaxErrors) -> Script {
    try parse(bytes, fileName: fileName, bound: [])
  }

  /// Parses a script that goes on from lines parsed before (a REPL's entries), in which the
  /// variables `bound` have been given values already: a keyword of such a name in a number
  /// position reads as the variable, and the procedures `known` are defined already (a `def`
  /// of one of their names is an error, as two `def`s of one name are).
  package static func parse(
    _ bytes: [UInt8], fileName: String, bound: Set<String>,
    procedures known: [String: Procedure] = [:]
  ) throws(SyntaxErrors) -> Script {
    var lexer = Lexer(bytes: bytes, fileName: fileName)
    var builder = ScriptBuilder(known: known)
    let variables = VariableTable()
    bound.forEach(variables.bind)
    var errors = SyntaxErrors()
    /// Lines whose first word is no command, which may be a procedure named without its `(…)`.
    var unknownWords: [(error: Int, word: String)] = []
    while !errors.isFull {
      let line: TokenLine
      do {
        guard let next = try lexer.nextLine() else { break }
        line = next
      } catch {
        errors.append(error)
        if lexer.failedLineOpensBody {
          builder.openPlaceholder(isGroup: false, at: error.range)
        }
        continue
      }
      guard let first = line.tokens.first else { continue }
      let depth = builder.depth
      do {
        try parse(line.tokens, into: &builder, variables: variables)
      } catch {
        if first.kind == .word, line.tokens.count == 1, LineParser.isID(first.text),
          !LineParser.commandNames.contains(first.text)
        {
          unknownWords.append((errors.diagnostics.count, first.text))
        }
        errors.append(error)
        if builder.depth == depth, first.kind != .closeBrace, opensBody(line.tokens) {
          let range = first.range.extended(through: line.tokens[line.tokens.count - 1].range)
          builder.openPlaceholder(isGroup: first.text == "group", at: range)
        }
      }
    }
    var statements: [Statement] = []
    do {
      statements = try builder.finish()
    } catch {
      errors.append(error)
    }
    if !errors.isFull {
      for (index, word) in unknownWords where index < errors.diagnostics.count {
        guard let procedure = builder.procedures[word] ?? known[word] else { continue }
        var diagnostic = errors.diagnostics[index]
        diagnostic.message =
          "'\(LineParser.shorten(word))' is a procedure; call it with its arguments in "
          + "parentheses: \(LineParser.shorten(procedure.name))(…)"
        errors.replace(index, with: diagnostic)
      }
      errors.merge(builder.callErrors())
    }
    guard errors.diagnostics.isEmpty else { throw errors }
    return Script(
      fileName: fileName, statements: statements, variables: variables.names,
      procedures: builder.procedures)
  }

  /// Parses the text of a script.
  ///
  /// - Throws: every syntax error found, in order (at most `SyntaxErrors.limit`).
  public static func parse(_ source: String, fileName: String) throws(SyntaxErrors) -> Script {
    try parse(Array(source.utf8), fileName: fileName)
  }

  /// Whether a line that failed ends with a `{`, even one swallowed by a word whose
  /// parenthesis is not closed (`repeat (2 {`).
  private static func opensBody(_ tokens: [Token]) -> Bool {
    guard let last = tokens.last else { return false }
    if last.kind == .openBrace { return true }
    guard last.kind == .word, last.text.hasSuffix("{") else { return false }
    let before = last.text.dropLast().last
    return before == " " || before == "\t"
  }

  /// Parses one line into the builder.
  private static func parse(
    _ tokens: [Token], into builder: inout ScriptBuilder, variables: VariableTable
  ) throws(Diagnostic) {
    let first = tokens[0]
    var parser = LineParser(tokens, variables: variables)
    switch first.kind {
    case .closeBrace where tokens.count > 1 && tokens[1].kind == .word && tokens[1].text == "else":
      let line = first.range.extended(through: tokens[tokens.count - 1].range)
      let header: LineParser.BlockHeader
      do {
        header = try parser.conditionHeader()
      } catch {
        builder.abandonBlock(at: line)
        throw error
      }
      try builder.continueIf(header, at: line)
    case .closeBrace:
      try builder.close(tokens)
    case .word where first.text == "if":
      try builder.open(try parser.conditionHeader())
    case .word where first.text == "group":
      try builder.open(try parser.groupHeader())
    case .word where first.text == "repeat":
      try builder.open(try parser.loopHeader())
    case .word where first.text == "def":
      try builder.open(try parser.definitionHeader())
    case .word:
      try builder.append(try parser.command())
    case .openBrace:
      throw .error(
        "unexpected '{'; a '{' ends a 'group', 'repeat', 'if' or 'def' line", at: first.range)
    case .string:
      throw .error("expected a command, found a string", at: first.range)
    }
  }
}

extension Script {
  /// Parses the raw bytes of a script; the same as `Parser.parse(_:fileName:)`.
  ///
  /// - Throws: every syntax error found, in order (at most `SyntaxErrors.limit`).
  public static func parse(_ bytes: [UInt8], fileName: String) throws(SyntaxErrors) -> Script {
    try Parser.parse(bytes, fileName: fileName)
  }

  /// Parses the text of a script; the same as `Parser.parse(_:fileName:)`.
  ///
  /// - Throws: every syntax error found, in order (at most `SyntaxErrors.limit`).
  public static func parse(_ source: String, fileName: String) throws(SyntaxErrors) -> Script {
    try Parser.parse(source, fileName: fileName)
  }
}
