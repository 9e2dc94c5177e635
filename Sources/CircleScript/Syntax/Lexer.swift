/// Splits the raw bytes of a script into lines of tokens.
///
/// The lexer checks the text as it goes: invalid UTF-8, NUL and other control characters
/// (anything below U+0020 except tab and a line break, DEL, and U+0080…U+009F) are
/// diagnostics at the line and column of the first offending character, wherever they are,
/// comments and strings included. A UTF-8 byte order mark at the start is skipped, as is a
/// first line starting with `#!`. Line breaks are `\n` or `\r\n`.
///
/// It works one line at a time (`nextLine()`), so memory stays bounded by the longest line.
/// After an error it goes on at the next line, so a parser can report every line that is
/// wrong.
///
/// Words end at white space, a quote or a brace, except inside parentheses and interpolations:
/// `(cx + 10),cy` and `dot{i + 1}` are one word each. A `{` opens a group's or a loop's body
/// (a brace token) when a space, a tab, a brace, a quote, a comment or the end of the line
/// follows it; otherwise it starts an interpolation, even at the start of a word
/// (`render {i}.png`).
package struct Lexer {
  private let bytes: [UInt8]
  private let file: String
  private var offset: Int
  private var line = 1
  private var lineStart: Int
  private var cursor: (offset: Int, column: Int)
  /// Whether the line of the last error ends with a `{` that opens a body, so that a parser
  /// going on after the error can match the `}` that closes it.
  package private(set) var failedLineOpensBody = false

  /// Creates a lexer over the bytes of a script named `fileName` in diagnostics.
  package init(bytes: [UInt8], fileName: String) {
    self.bytes = bytes
    self.file = fileName
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    if bytes[start...].starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {
      while start < bytes.count, bytes[start] != Byte.newline { start += 1 }
    }
    offset = start
    lineStart = start
    cursor = (start, 1)
  }

  /// The tokens of the next line, or `nil` after the last line.
  ///
  /// - Throws: a diagnostic for invalid UTF-8, a control character, an unterminated string
  ///   or an unknown escape in a string. The rest of that line is skipped: the next call reads
  ///   the line after it.
  package mutating func nextLine() throws(Diagnostic) -> TokenLine? {
    guard offset < bytes.count else { return nil }
    do {
      return try scanLine()
    } catch {
      skipRestOfLine()
      throw error
    }
  }

  private mutating func scanLine() throws(Diagnostic) -> TokenLine {
    var tokens: [Token] = []
    // Room for a typical line (`add c1 at 1,2 radius 3 fill red`) in one allocation.
    tokens.reserveCapacity(10)
    let number = line
    scanning: while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case Byte.space, Byte.tab:
        offset += 1
      case Byte.newline:
        break scanning
      case Byte.carriageReturn where next(is: Byte.newline):
        break scanning
      case Byte.slash where next(is: Byte.slash):
        try skipComment()
      case Byte.quote:
        tokens.append(try string())
      case Byte.openBrace where !startsInterpolation(), Byte.closeBrace:
        let kind: Token.Kind = byte == Byte.openBrace ? .openBrace : .closeBrace
        tokens.append(Token(kind: kind, text: String(UnicodeScalar(byte)), range: range(offset, 1)))
        offset += 1
      default:
        tokens.append(try word())
      }
    }
    endLine()
    return TokenLine(number: number, tokens: tokens)
  }

  /// Steps over the line break at `offset`, if any, to the start of the next line.
  private mutating func endLine() {
    if offset < bytes.count, bytes[offset] == Byte.carriageReturn { offset += 1 }
    if offset < bytes.count { offset += 1 }
    line += 1
    lineStart = offset
    cursor = (offset, 1)
  }

  /// Skips what is left of a line that failed, noting whether it opens a body.
  private mutating func skipRestOfLine() {
    let end = bytes[offset...].firstIndex(of: Byte.newline) ?? bytes.count
    failedLineOpensBody = Self.opensBody(bytes[lineStart..<end])
    offset = end
    endLine()
  }

  /// Whether a line's last token, comments and trailing blanks aside, is a lone `{`.
  static func opensBody(_ line: ArraySlice<UInt8>) -> Bool {
    var end = line.endIndex
    if let comment = line.indices.first(where: {
      line[$0] == Byte.slash && $0 + 1 < line.endIndex && line[$0 + 1] == Byte.slash
    }) {
      end = comment
    }
    let isBlank = { (byte: UInt8) in
      byte == Byte.space || byte == Byte.tab || byte == Byte.carriageReturn
    }
    while end > line.startIndex, isBlank(line[end - 1]) { end -= 1 }
    guard end > line.startIndex, line[end - 1] == Byte.openBrace else { return false }
    let before = end - 1
    return before == line.startIndex || isBlank(line[before - 1]) || line[before - 1] == Byte.quote
  }

  private func next(is expected: UInt8) -> Bool {
    offset + 1 < bytes.count && bytes[offset + 1] == expected
  }

  /// Whether the `{` at `offset` starts an interpolation rather than opening a body: something
  /// other than white space, a quote, a brace or a comment follows it.
  private func startsInterpolation() -> Bool {
    guard offset + 1 < bytes.count else { return false }
    let following = bytes[offset + 1]
    if following == Byte.slash, offset + 2 < bytes.count, bytes[offset + 2] == Byte.slash {
      return false
    }
    return !Byte.endsWord(following)
  }

  private mutating func skipComment() throws(Diagnostic) {
    while offset < bytes.count, bytes[offset] != Byte.newline {
      if bytes[offset] == Byte.carriageReturn, next(is: Byte.newline) { return }
      offset += try scalarLength(at: offset)
    }
  }

  /// A word, which runs on over white space and quotes while a parenthesis or an
  /// interpolation is open; only the end of the line or a comment ends it then.
  private mutating func word() throws(Diagnostic) -> Token {
    let start = offset
    var depth = 0
    scanning: while offset < bytes.count {
      let byte = bytes[offset]
      if byte == Byte.newline || (byte == Byte.carriageReturn && next(is: Byte.newline))
        || (byte == Byte.slash && next(is: Byte.slash))
      {
        break
      }
      switch byte {
      case Byte.openParenthesis, Byte.openBrace:
        depth += 1
      case Byte.closeParenthesis where depth > 0:
        depth -= 1
      case Byte.closeBrace where depth > 0:
        depth -= 1
      default:
        // The first character is always taken (and checked): it may be a lone carriage
        // return, which must be reported rather than make an empty word.
        if depth == 0, offset > start, Byte.endsWord(byte) { break scanning }
      }
      offset += try scalarLength(at: offset)
    }
    var end = offset
    while end > start, bytes[end - 1] == Byte.space || bytes[end - 1] == Byte.tab { end -= 1 }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    return Token(kind: .word, text: text, range: range(start, end - start))
  }

  private mutating func string() throws(Diagnostic) -> Token {
    let start = offset
    var value: [UInt8] = []
    offset += 1
    while true {
      guard offset < bytes.count, bytes[offset] != Byte.newline,
        !(bytes[offset] == Byte.carriageReturn && next(is: Byte.newline))
      else {
        throw .error("unterminated string; add a closing '\"'", at: range(start, 1))
      }
      let byte = bytes[offset]
      if byte == Byte.quote { break }
      if byte == Byte.backslash {
        guard offset + 1 < bytes.count, Byte.escaped.contains(bytes[offset + 1]) else {
          throw .error(
            "unknown escape in string; only \\\", \\\\, \\{ and \\} are allowed",
            at: range(offset, 1))
        }
        value.append(bytes[offset + 1])
        offset += 2
        continue
      }
      let length = try scalarLength(at: offset)
      value.append(contentsOf: bytes[offset..<offset + length])
      offset += length
    }
    let spelling = String(decoding: bytes[start + 1..<offset], as: UTF8.self)
    offset += 1
    let text = String(decoding: value, as: UTF8.self)
    return Token(
      kind: .string, text: text, range: range(start, offset - start), spelling: spelling)
  }

  /// Validates the character at `position` and returns its length in bytes.
  private mutating func scalarLength(at position: Int) throws(Diagnostic) -> Int {
    let lead = bytes[position]
    if lead < 0x80 {
      if lead >= 0x20, lead != 0x7F { return 1 }
      if lead == Byte.tab { return 1 }
      throw .error(Self.controlMessage(UInt32(lead)), at: range(position, 1))
    }
    let (length, low, high): (Int, UInt8, UInt8) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80, 0xBF)
      case 0xE0: (3, 0xA0, 0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
      case 0xED: (3, 0x80, 0x9F)
      case 0xF0: (4, 0x90, 0xBF)
      case 0xF1...0xF3: (4, 0x80, 0xBF)
      case 0xF4: (4, 0x80, 0x8F)
      default: (0, 0, 0)
      }
    var valid = length > 0 && position + length <= bytes.count
    if valid {
      let second = bytes[position + 1]
      valid = (low...high).contains(second)
      for index in position + 2..<position + length where !(0x80...0xBF).contains(bytes[index]) {
        valid = false
      }
    }
    guard valid else {
      let hex = String(lead, radix: 16, uppercase: true)
      throw .error(
        "invalid UTF-8 (byte 0x\(hex)); a script must be UTF-8 text", at: range(position, 1))
    }
    if lead == 0xC2, bytes[position + 1] < 0xA0 {
      throw .error(
        Self.controlMessage(UInt32(bytes[position + 1])), at: range(position, length))
    }
    return length
  }

  private static func controlMessage(_ value: UInt32) -> String {
    var hex = String(value, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    if value == 0 { return "NUL character (U+0000) in script; is this a binary file?" }
    return "control character U+\(hex) is not allowed; use spaces, tabs and line breaks"
  }

  /// The range of `byteLength` bytes starting at byte `start` of the current line.
  private mutating func range(_ start: Int, _ byteLength: Int) -> SourceRange {
    let column = column(at: start)
    let end = min(start + byteLength, bytes.count)
    return SourceRange(
      start: SourceLocation(file: file, line: line, column: column),
      length: Self.characterCount(bytes[start..<end]))
  }

  private mutating func column(at position: Int) -> Int {
    if position < cursor.offset { cursor = (lineStart, 1) }
    let column = cursor.column + Self.characterCount(bytes[cursor.offset..<position])
    cursor = (position, column)
    return column
  }

  private static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
    if slice.allSatisfy({ $0 < 0x80 }) { return slice.count }
    return String(decoding: slice, as: UTF8.self).count
  }
}

/// Byte values the lexer looks for.
enum Byte {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let slash = UInt8(ascii: "/")
  static let backslash = UInt8(ascii: "\\")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openParenthesis = UInt8(ascii: "(")
  static let closeParenthesis = UInt8(ascii: ")")
  /// The characters a backslash may escape in a string.
  static let escaped: [UInt8] = [quote, backslash, openBrace, closeBrace]

  /// Whether a byte ends a word: white space, a line break, a quote or a brace.
  static func endsWord(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || byte == newline || byte == carriageReturn || byte == quote
      || byte == openBrace || byte == closeBrace
  }
}
