/// Ids, strings and `render` paths that interpolate whole numbers: `dot{i}`, `"Ring {i + 1}"`.
extension LineParser {
  /// Reads a word or a string that may interpolate numbers.
  ///
  /// In a word, `{` starts an interpolation that runs to its `}`. In a string, `\{` and `\}`
  /// are braces; any other `{` starts an interpolation, which ends at the next `}`.
  ///
  /// - Throws: a diagnostic for an unclosed or empty interpolation, or a wrong expression.
  func template(_ token: Token) throws(Diagnostic) -> InterpolatedText {
    let isString = token.kind == .string
    let written = token.spelling
    // Bytes first: a word without a `{` byte has no `{` character either. Most ids have no
    // interpolation, and the string search was 8 % of the time of parsing 250,000 `add` lines.
    guard written.utf8.contains(UInt8(ascii: "{")), written.contains("{") else {
      return .text(token.text, at: token.range)
    }
    let base = token.range.subrange(offset: isString ? 1 : 0, length: 0)
    var parts: [TextTemplate.Part] = []
    var text = ""
    var interpolates = false
    var offset = 0
    var index = written.startIndex
    while index < written.endIndex {
      let character = written[index]
      if isString, character == "\\" {
        index = written.index(after: index)
        text.append(written[index])
        index = written.index(after: index)
        offset += 2
        continue
      }
      guard character == "{" else {
        text.append(character)
        index = written.index(after: index)
        offset += 1
        continue
      }
      let opening = base.subrange(offset: offset, length: 1)
      let inner = written.index(after: index)
      guard let close = Self.closingBrace(in: written[inner...]) else {
        let fix = isString ? "add a '}', or write \\{ for a brace" : "add a '}'"
        throw .error("unclosed '{' in \(Self.describe(token)); \(fix)", at: opening)
      }
      let source = written[inner..<close]
      let length = source.count + 2
      guard source.contains(where: { $0 != " " && $0 != "\t" }) else {
        throw .error(
          "empty interpolation; write an expression between '{' and '}'",
          at: base.subrange(offset: offset, length: length))
      }
      var parser = try ExpressionParser(
        [ExpressionSource(text: source, start: base.subrange(offset: offset + 1, length: 0).start)],
        variables: variables)
      let number = try parser.whole()
      if let value = number.constant {
        try Self.interpolationRule.checkComputed(value, at: number.range)
      }
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
      parts.append(.number(number))
      interpolates = true
      offset += length
      index = written.index(after: close)
    }
    if !text.isEmpty { parts.append(.text(text)) }
    guard interpolates else { return .text(token.text, at: token.range) }
    return InterpolatedText(.computed(TextTemplate(parts: parts)), at: token.range)
  }

  /// What an interpolation must give.
  static let interpolationRule = NumberRule.count(
    "interpolation", -Int(numberLimit)...Int(numberLimit))

  /// The `}` that closes an interpolation whose text starts `text`, if any.
  private static func closingBrace(in text: Substring) -> Substring.Index? {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "{": depth += 1
      case "}" where depth == 0: return index
      case "}": depth -= 1
      default: break
      }
    }
    return nil
  }
}

extension InterpolatedText {
  /// The text with a `0` for each interpolation: what a check of the text's form sees.
  var skeleton: String { joined(interpolation: "0") }

  /// The text with `{…}` for each interpolation, for messages.
  var shown: String { joined(interpolation: "{…}") }

  private func joined(interpolation: String) -> String {
    switch form {
    case .literal(let text): text
    case .computed(let template):
      template.parts.map { part in
        switch part {
        case .text(let text): text
        case .number: interpolation
        }
      }.joined()
    }
  }
}
