/// One lexical unit of a script line.
package struct Token: Hashable, Sendable {
  /// What sort of token this is.
  package enum Kind: Hashable, Sendable {
    /// A run of characters up to a space, tab, quote, brace, comment or line end: a command,
    /// keyword, number, point, size, colour, id, file name or expression. Inside parentheses
    /// and inside an interpolation (`dot{i + 1}`) spaces, tabs and quotes do not end it.
    case word
    /// A double-quoted string; the token's text is its value with escapes resolved.
    case string
    /// `{`, opening a group's body.
    case openBrace
    /// `}`, closing a group's body.
    case closeBrace
  }

  /// What sort of token this is.
  package var kind: Kind
  /// The word as written, the string's value, or the brace.
  package var text: String
  /// Where the token is, quotes included for a string.
  package var range: SourceRange
  /// The characters as written: for a string, those between the quotes with their escapes
  /// (`Ring \{ {i}`); for any other token, the same as `text`.
  package var spelling: String

  /// Creates a token; `spelling` defaults to `text`.
  package init(kind: Kind, text: String, range: SourceRange, spelling: String? = nil) {
    self.kind = kind
    self.text = text
    self.range = range
    self.spelling = spelling ?? text
  }
}
