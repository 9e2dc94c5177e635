extension LineParser {
  /// The words that may follow `expect`.
  static let expectationKinds = ["count", "undo", "redo", "pixel"]

  /// Parses `expect count|undo|redo|pixel ...`.
  mutating func expect() throws(Diagnostic) -> Command {
    let kind = try value(after: commandToken, "'count', 'undo', 'redo' or 'pixel'")
    switch kind.kind == .word ? kind.text : "" {
    case "count":
      let token = try value(after: kind, "a number of circles")
      return .expect(.count(try count(token, named: "count", in: 0...Self.largestCount)))
    case "undo":
      return .expect(.undo(try actionName(after: kind)))
    case "redo":
      return .expect(.redo(try actionName(after: kind)))
    case "pixel":
      let point = try point(try value(after: kind, "a point x,y"), after: kind)
      guard let colourToken = next() else {
        throw .error("expected a colour after the point", at: endOfLine)
      }
      let colour = try colour(colourToken)
      var tolerance: NumberExpression?
      if let within = next() {
        guard within.kind == .word, within.text == "within" else {
          throw .error(
            "unknown keyword \(Self.describe(within)) in 'expect pixel'; expected 'within'",
            at: within.range)
        }
        let token = try value(after: within, "a tolerance from 0 to 255")
        tolerance = try count(token, named: "tolerance", in: 0...255)
      }
      return .expect(.pixel(point: point, colour: colour, tolerance: tolerance))
    default:
      let hint =
        Suggestion.closest(to: kind.text, among: Self.expectationKinds).map {
          "did you mean '\($0)'?"
        } ?? "expected 'count', 'undo', 'redo' or 'pixel'"
      throw .error(
        "unknown expectation \(Self.describe(kind)); \(hint)", at: kind.range)
    }
  }

  /// Reads `"<action name>"` or `none` after `expect undo` or `expect redo`.
  private mutating func actionName(
    after kind: Token
  ) throws(Diagnostic) -> InterpolatedText? {
    let token = try value(after: kind, "an action name in quotes or 'none'")
    if token.kind == .string { return try template(token) }
    guard token.kind == .word, token.text == "none" else {
      throw .error(
        "expected an action name in quotes or 'none' after '\(kind.text)', found "
          + Self.describe(token), at: token.range)
    }
    return nil
  }
}
