/// The tokens of one source line, comments removed.
public struct TokenLine: Hashable, Sendable {
  /// The 1-based line number.
  public var number: Int
  /// The tokens, in order; empty for a blank or comment-only line.
  public var tokens: [Token]

  /// Creates a token line.
  public init(number: Int, tokens: [Token]) {
    self.number = number
    self.tokens = tokens
  }
}
