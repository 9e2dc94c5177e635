/// The tokens of one source line, comments removed.
package struct TokenLine: Hashable, Sendable {
  /// The 1-based line number.
  package var number: Int
  /// The tokens, in order; empty for a blank or comment-only line.
  package var tokens: [Token]

  /// Creates a token line.
  package init(number: Int, tokens: [Token]) {
    self.number = number
    self.tokens = tokens
  }
}
