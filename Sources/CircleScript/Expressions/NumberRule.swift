import CircleCanvas

/// What a number position accepts, with the message for a value it refuses.
///
/// A number written as such is checked when the script is parsed; a computed one when its
/// command runs, with the same message (docs/language.md, "Variables, expressions and loops").
enum NumberRule: Hashable, Sendable {
  /// Any number within ±1,000,000: a `let`, a coordinate, a hue.
  case any
  /// At least 0: `radius`, `width`.
  case nonNegative(String)
  /// Between two bounds: `opacity` 0…1, the channels of `rgb()` and `hsl()`.
  case between(String, Double, Double)
  /// Greater than 0: `scale`.
  case positive(String)
  /// A whole number within bounds: the counts of `undo`, `redo`, `limit`, `expect count`,
  /// `repeat`, `within` and `seed`, and interpolations.
  case count(String, ClosedRange<Int>)

  /// Checks a value; `shown` is how the message writes it (the number as written, or the
  /// value computed).
  ///
  /// - Throws: a diagnostic at `range` when the value breaks the rule.
  func check(
    _ value: Double, shown: @autoclosure () -> String, at range: SourceRange
  ) throws(Diagnostic) {
    switch self {
    case .any:
      return
    case .nonNegative(let name):
      guard value >= 0 else {
        throw .error("\(name) must be at least 0, not \(Point.format(value))", at: range)
      }
    case .between(let name, let low, let high):
      guard value >= low, value <= high else {
        throw .error(
          "\(name) must be between \(Point.format(low)) and \(Point.format(high)), not \(shown())",
          at: range)
      }
    case .positive(let name):
      guard value > 0 else {
        throw .error("\(name) must be greater than 0, not \(shown())", at: range)
      }
    case .count(let name, let bounds):
      guard value == value.rounded() else {
        throw .error("\(name) must be a whole number, not \(shown())", at: range)
      }
      guard value >= Double(bounds.lowerBound), value <= Double(bounds.upperBound) else {
        throw .error(
          Self.outOfBounds(name, bounds, below: value < Double(bounds.lowerBound), shown()),
          at: range
        )
      }
    }
  }

  /// Checks a value computed when its command ran: first that it lies within ±1,000,000,
  /// then this rule.
  ///
  /// - Throws: a diagnostic at `range` when the value is refused.
  func checkComputed(_ value: Double, at range: SourceRange) throws(Diagnostic) {
    guard abs(value) <= LineParser.numberLimit else {
      throw .error(
        "result \(Point.format(value)) is too large; \(LineParser.rangeAdvice)", at: range)
    }
    try check(value, shown: Point.format(value), at: range)
  }

  /// `name must be at least 1, not 0`, or at most, or between, as the bounds call for.
  static func outOfBounds(
    _ name: String, _ bounds: ClosedRange<Int>, below: Bool, _ shown: String
  ) -> String {
    if bounds.upperBound >= LineParser.largestCount {
      return below
        ? "\(name) must be at least \(bounds.lowerBound), not \(shown)"
        : "\(name) must be at most \(bounds.upperBound), not \(shown)"
    }
    return "\(name) must be between \(bounds.lowerBound) and \(bounds.upperBound), not \(shown)"
  }
}
