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

  /// Whether this is the name `word` (`and`, `or`, `not`).
  func isWord(_ word: String) -> Bool { kind == .name && text == word }

  /// Whether `other` starts right where this token ends, on the same line: `<` and `=` make
  /// `<=` only when written together.
  func touches(_ other: ExpressionToken) -> Bool {
    range.start.line == other.range.start.line
      && range.start.column + range.length == other.range.start.column
  }

  /// How the token is named in a message: quoted, or "the end".
  var shown: String {
    kind == .end ? "the end of the expression" : "'\(LineParser.shorten(text))'"
  }
}

/// Reads the tokens of an expression's pieces one at a time, so that an expression of any
/// length is read in constant memory: the parser holds the token before, the current one and
/// the one after.
struct ExpressionLexer {
  /// The pieces an expression is read from: given as they are, or the words of a line, each
  /// made a piece only when it is read (a `let` of a million words keeps no copy of them).
  enum Pieces {
    case sources([ExpressionSource])
    case words(ArraySlice<Token>)

    var count: Int {
      switch self {
      case .sources(let sources): sources.count
      case .words(let words): words.count
      }
    }

    subscript(_ position: Int) -> ExpressionSource {
      switch self {
      case .sources(let sources): return sources[position]
      case .words(let words):
        let word = words[words.startIndex + position]
        return ExpressionSource(text: word.text[...], start: word.range.start)
      }
    }

    var first: ExpressionSource? { count > 0 ? self[0] : nil }
  }

  private let sources: Pieces
  private var source = 0
  private var index: Substring.Index
  private var column: Int
  private var end: SourceRange

  init(_ sources: Pieces) {
    self.sources = sources
    let first = sources.first?.start ?? SourceRange.startOfFile().start
    end = SourceRange(start: first, length: 0)
    index = sources.first?.text.startIndex ?? "".startIndex
    column = sources.first?.start.column ?? 1
  }

  /// Reads every token once, throwing the first that cannot be read, so that an error in the
  /// characters is reported before any in the grammar, wherever it lies.
  static func check(_ sources: Pieces) throws(Diagnostic) {
    var lexer = ExpressionLexer(sources)
    while try lexer.next().kind != .end {}
  }

  /// The next token; `.end` at the end, and ever after.
  mutating func next() throws(Diagnostic) -> ExpressionToken {
    while source < sources.count {
      let piece = sources[source]
      let text = piece.text
      func range(_ length: Int) -> SourceRange {
        SourceRange(
          start: SourceLocation(file: piece.start.file, line: piece.start.line, column: column),
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
        let kind: ExpressionToken.Kind
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
              at: range(length))
          case .malformed:
            throw .error(
              "invalid number '\(LineParser.shorten(written))'; write a plain decimal such as "
                + "12, 3.5 or .5", at: range(length))
          }
        } else if character.isNameStart {
          while next < text.endIndex, text[next].isNamePart { next = text.index(after: next) }
          kind = .name
        } else if "+-*/%(),=<>!&|".contains(character) {
          kind = .symbol(character)
        } else {
          throw .error("unexpected '\(character)' in an expression", at: range(1))
        }
        let written = text[index..<next]
        let token = ExpressionToken(kind: kind, text: written, range: range(written.count))
        column += written.count
        index = next
        return token
      }
      end = SourceRange(
        start: SourceLocation(file: piece.start.file, line: piece.start.line, column: column),
        length: 0)
      source += 1
      if source < sources.count {
        index = sources[source].text.startIndex
        column = sources[source].start.column
      }
    }
    return ExpressionToken(kind: .end, text: "", range: end)
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
