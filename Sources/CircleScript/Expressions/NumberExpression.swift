import CircleCanvas

/// A number position of a command (SPEC §3.1): a number as written, or an expression of
/// variables, operators and functions compiled once and evaluated whenever the command runs.
public struct NumberExpression: Hashable, Sendable {
  /// What gives the value.
  enum Value: Hashable, Sendable {
    /// A number written as such (`12`, `-3.5`), already checked against its position's rules.
    case number(Double)
    /// A variable or a parenthesised expression.
    case compiled(CompiledExpression)
  }

  /// Where it is written: the number, the variable name, or the parentheses and all inside.
  public var range: SourceRange
  let value: Value

  init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// A number written as such.
  public static func number(_ value: Double, at range: SourceRange) -> NumberExpression {
    NumberExpression(.number(value), at: range)
  }

  /// The number, when it is written as one rather than computed.
  public var constant: Double? {
    if case .number(let number) = value { number } else { nil }
  }
}

/// A point position: `x,y`, each part a number position (`(cx + 10),cy`).
public struct PointExpression: Hashable, Sendable {
  /// The whole point as written.
  public var range: SourceRange
  /// The horizontal part.
  public var x: NumberExpression
  /// The vertical part.
  public var y: NumberExpression

  /// Creates a point from its parts.
  public init(x: NumberExpression, y: NumberExpression, at range: SourceRange) {
    self.x = x
    self.y = y
    self.range = range
  }

  /// The point, when both parts are written as numbers.
  public var constant: Point? {
    guard let x = x.constant, let y = y.constant else { return nil }
    return Point(x: x, y: y)
  }
}
