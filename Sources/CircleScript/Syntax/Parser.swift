/// Turns the text of a `.circles` script into a `Script`, checking everything that can be
/// checked without running it.
///
/// The whole script is parsed before anything runs, so a syntax error produces no frame at
/// all. Beyond the grammar, the parser rejects: a `canvas` that is repeated, inside a group or
/// after a command other than `limit`; `undo` and `redo` inside a group; groups nested more
/// than `maximumGroupDepth` deep; an unclosed `{` and a stray `}`. It works line by line with
/// an explicit stack of open groups, so its time is linear in the size of the script and
/// deep nesting cannot overflow the call stack.
public enum Parser {
  /// The deepest nesting of groups allowed.
  public static let maximumGroupDepth = 100

  /// The words that start a command (`add`, `group`, …), in the order the language lists them.
  public static var commandNames: [String] { LineParser.commandNames }

  /// Parses the raw bytes of a script.
  ///
  /// - Parameters:
  ///   - bytes: the script as read from its file, expected to be UTF-8.
  ///   - fileName: the name diagnostics print (`scene.circles`).
  /// - Returns: the parsed script.
  /// - Throws: the first problem found, as a diagnostic.
  public static func parse(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> Script {
    var lexer = Lexer(bytes: bytes, fileName: fileName)
    var builder = ScriptBuilder()
    while let line = try lexer.nextLine() {
      guard let first = line.tokens.first else { continue }
      switch first.kind {
      case .closeBrace:
        try builder.close(line.tokens)
      case .word where first.text == "group":
        var parser = LineParser(line.tokens)
        try builder.open(try parser.groupHeader())
      case .word:
        var parser = LineParser(line.tokens)
        try builder.append(try parser.command())
      case .openBrace:
        throw .error("unexpected '{'; a '{' ends a 'group' line", at: first.range)
      case .string:
        throw .error("expected a command, found a string", at: first.range)
      }
    }
    return Script(fileName: fileName, statements: try builder.finish())
  }

  /// Parses the text of a script.
  ///
  /// - Throws: the first problem found, as a diagnostic.
  public static func parse(_ source: String, fileName: String) throws(Diagnostic) -> Script {
    try parse(Array(source.utf8), fileName: fileName)
  }
}

extension Script {
  /// Parses the raw bytes of a script; the same as `Parser.parse(_:fileName:)`.
  ///
  /// - Throws: the first problem found, as a diagnostic.
  public static func parse(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> Script {
    try Parser.parse(bytes, fileName: fileName)
  }

  /// Parses the text of a script; the same as `Parser.parse(_:fileName:)`.
  ///
  /// - Throws: the first problem found, as a diagnostic.
  public static func parse(_ source: String, fileName: String) throws(Diagnostic) -> Script {
    try Parser.parse(source, fileName: fileName)
  }
}
