/// Text an expression is read from: a word, or the words of a `let` line, and where it starts.
struct ExpressionSource {
  var text: Substring
  var start: SourceLocation
}

/// One lexical unit of an expression.
struct ExpressionToken {
  enum Kind: Equatable {
    /// A plain decimal, checked to lie within ±1,000,000.
    case number(Double)
    /// A variable, function or constant name: a letter or `_`, then letters, digits or `_`.
    case name
    /// One of `+ - * / % ( ) , =`.
    case symbol(Character)
    /// The end of the text.
    case end
  }

  var kind: Kind
  var text: Substring
  var range: SourceRange

  /// Whether this is the symbol `symbol`.
  func `is`(_ symbol: Character) -> Bool { kind == .symbol(symbol) }

  /// How the token is named in a message: quoted, or "the end".
  var shown: String {
    kind == .end ? "the end of the expression" : "'\(LineParser.shorten(text))'"
  }

  /// Splits sources into tokens, with an `end` token after the last.
  ///
  /// - Throws: a diagnostic for a character that no expression uses, or a malformed or too
  ///   large number.
  static func tokens(of sources: [ExpressionSource]) throws(Diagnostic) -> [ExpressionToken] {
    var tokens: [ExpressionToken] = []
    let first = sources.first?.start ?? SourceLocation(file: "", line: 1, column: 1)
    var end = SourceRange(start: first, length: 0)
    for source in sources {
      let text = source.text
      var index = text.startIndex
      var column = source.start.column
      func range(_ from: Substring.Index, _ length: Int) -> SourceRange {
        SourceRange(
          start: SourceLocation(file: source.start.file, line: source.start.line, column: column),
          length: length)
      }
      while index < text.endIndex {
        let character = text[index]
        if character == " " || character == "\t" {
          index = text.index(after: index)
          column += 1
          continue
        }
        var next = text.index(after: index)
        let kind: Kind
        if character.isASCIIDigit || character == "." {
          while next < text.endIndex, text[next].isASCIIDigit || text[next] == "." {
            next = text.index(after: next)
          }
          var malformed = false
          while next < text.endIndex, text[next].isNamePart {
            malformed = true
            next = text.index(after: next)
          }
          let written = text[index..<next]
          let length = written.count
          switch malformed ? .malformed : LineParser.decimal(written) {
          case .value(let value):
            kind = .number(value)
          case .tooLarge:
            throw .error(
              "number \(LineParser.shorten(written)) is too large; \(LineParser.rangeAdvice)",
              at: range(index, length))
          case .malformed:
            throw .error(
              "invalid number '\(LineParser.shorten(written))'; write a plain decimal such as "
                + "12, 3.5 or .5", at: range(index, length))
          }
        } else if character.isNameStart {
          while next < text.endIndex, text[next].isNamePart { next = text.index(after: next) }
          kind = .name
        } else if "+-*/%(),=".contains(character) {
          kind = .symbol(character)
        } else {
          throw .error("unexpected '\(character)' in an expression", at: range(index, 1))
        }
        let written = text[index..<next]
        tokens.append(
          ExpressionToken(kind: kind, text: written, range: range(index, written.count)))
        column += written.count
        index = next
      }
      end = SourceRange(
        start: SourceLocation(file: source.start.file, line: source.start.line, column: column),
        length: 0)
    }
    tokens.append(ExpressionToken(kind: .end, text: "", range: end))
    return tokens
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }

  /// A letter or `_`: what a name starts with.
  var isNameStart: Bool {
    isASCII && (isLetter || self == "_")
  }

  /// A letter, a digit or `_`: what a name goes on with.
  var isNamePart: Bool {
    isASCII && (isLetter || isNumber || self == "_")
  }
}
