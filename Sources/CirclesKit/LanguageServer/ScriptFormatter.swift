import CircleScript

/// `textDocument/formatting`: a script laid out as the language reference and the samples
/// write it, its meaning unchanged.
///
/// The rules: one command per line, as the language has it; two spaces of indentation for each
/// open `group`, `repeat` or `if` branch, and `}` (or `} else … {`) at the indentation of the line
/// that opened it; one space
/// between the words of a line, each word kept as written (inside parentheses too: an
/// expression's own spacing is left alone); a comment after a command stays at its column when the
/// command ends before it (so comments aligned in a column stay aligned), else one space after
/// the command; a comment on a line of its own takes the indentation of the line; no blank
/// line at the start or the end, no two blank lines in a row, no trailing blanks, and one line
/// break at the end, of the kind the document uses (`\n` or `\r\n`). A `#!` first line and a
/// byte order mark are kept as they are.
///
/// A script with a syntax error is refused: its layout cannot be known where it does not parse.
/// The result is checked before it is given: read again, it must have the same tokens on the
/// same lines, blank lines aside.
enum ScriptFormatter {
  /// Why a text is not formatted.
  struct Refusal: Error, Equatable {
    var message: String
  }

  /// The text formatted.
  ///
  /// - Throws: a `Refusal` when the text has a syntax error (the message names the first).
  static func format(_ text: String) throws(Refusal) -> String {
    let mark = "\u{FEFF}"
    let hasMark = text.hasPrefix(mark)
    let body = hasMark ? String(text.dropFirst()) : text
    do {
      _ = try Script.parse(body, fileName: "script")
    } catch {
      let first = error.diagnostics.first
      let place = first.map { "line \($0.range.start.line): \($0.message)" } ?? "\(error)"
      throw Refusal(
        message: "the script is not formatted while it has syntax errors; the first is at \(place)")
    }
    let lines = DocumentText.lines(body)
    let tokenLines = ScriptWords.lines(Array(body.utf8), fileName: "script").lines
    var tokensByLine: [[Token]] = Array(repeating: [], count: lines.count)
    for line in tokenLines where line.number - 1 < lines.count {
      tokensByLine[line.number - 1] = line.tokens
    }
    var output: [String] = []
    var depth = 0
    for (index, line) in lines.enumerated() {
      if index == 0, line.hasPrefix("#!") {
        output.append(String(line))
        continue
      }
      let tokens = tokensByLine[index]
      if tokens.first?.kind == .closeBrace { depth = max(0, depth - 1) }
      let formatted = layout(line, tokens: tokens, indentation: depth)
      if tokens.last?.kind == .openBrace { depth += 1 }
      if formatted.isEmpty, output.last?.isEmpty ?? true { continue }
      output.append(formatted)
    }
    while output.last?.isEmpty == true { output.removeLast() }
    let lineBreak =
      body.firstIndex(where: DocumentText.isLineBreak).map { String(body[$0]) } ?? "\n"
    let result =
      (hasMark ? mark : "") + output.joined(separator: lineBreak)
      + (output.isEmpty ? "" : lineBreak)
    try check(result.dropFirst(hasMark ? 1 : 0), against: tokenLines)
    return result
  }

  /// One line laid out at a depth of blocks.
  private static func layout(_ line: Substring, tokens: [Token], indentation depth: Int) -> String {
    let indentation = String(repeating: "  ", count: depth)
    var codeEnd = 0
    if let last = tokens.last { codeEnd = last.range.start.column - 1 + last.range.length }
    let rest = line.dropFirst(codeEnd)
    let commentStart = rest.firstIndex { $0 != " " && $0 != "\t" }
    var comment = commentStart.map { String(rest[$0...]) } ?? ""
    while comment.last == " " || comment.last == "\t" { comment.removeLast() }
    guard !tokens.isEmpty else { return comment.isEmpty ? "" : indentation + comment }
    let code = indentation + tokens.map(written).joined(separator: " ")
    guard let commentStart else { return code }
    let column = line.distance(from: line.startIndex, to: commentStart)
    let padding = column > code.count ? column - code.count : 1
    return code + String(repeating: " ", count: padding) + comment
  }

  /// A token as it is written in the formatted text.
  private static func written(_ token: Token) -> String {
    switch token.kind {
    case .string: "\"" + token.spelling + "\""
    case .openBrace: "{"
    case .closeBrace: "}"
    case .word: token.text
    }
  }

  /// Checks that a formatted text reads as the same tokens, line for line, as the original.
  private static func check(_ formatted: Substring, against original: [TokenLine])
    throws(Refusal)
  {
    func shape(_ lines: [TokenLine]) -> [[String]] {
      lines.filter { !$0.tokens.isEmpty }.map { line in
        line.tokens.map { "\($0.kind) \(written($0))" }
      }
    }
    let again = ScriptWords.lines(Array(formatted.utf8), fileName: "script")
    guard again.failures.isEmpty, shape(again.lines) == shape(original) else {
      throw Refusal(message: "formatting would change how the script reads; it is left as it is")
    }
  }
}
