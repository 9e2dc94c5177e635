import CircleCanvas

/// A number position of a command (docs/language.md, "Variables, expressions and loops"): a number as written, or an expression of
/// variables, operators and functions compiled once and evaluated whenever the command runs.
package typealias NumberExpression = WrittenValue<Double, CompiledExpression>

extension NumberExpression {
  /// A number written as such.
  package static func number(_ value: Double, at range: SourceRange) -> NumberExpression {
    NumberExpression(.literal(value), at: range)
  }
}

/// A point position: `x,y`, each part a number position (`(cx + 10),cy`).
package struct PointExpression: Hashable, Sendable {
  /// The whole point as written.
  package var range: SourceRange
  /// The horizontal part.
  package var x: NumberExpression
  /// The vertical part.
  package var y: NumberExpression

  /// Creates a point from its parts.
  package init(x: NumberExpression, y: NumberExpression, at range: SourceRange) {
    self.x = x
    self.y = y
    self.range = range
  }

  /// The point, when both parts are written as numbers.
  package var constant: Point? {
    guard let x = x.constant, let y = y.constant else { return nil }
    return Point(x: x, y: y)
  }
}
