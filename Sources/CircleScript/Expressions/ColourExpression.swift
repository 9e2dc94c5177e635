import CircleCanvas

/// A colour position: a colour as written (`#f80`, `gold`, `none`), or `rgb(…)` / `hsl(…)`
/// whose arguments are number expressions, computed when the command runs.
public struct ColourExpression: Hashable, Sendable {
  /// How the colour is given.
  enum Value: Hashable, Sendable {
    /// A colour known when the script is parsed.
    case colour(Colour)
    /// `rgb(r, g, b)` or `rgb(r, g, b, a)`.
    case rgb([NumberExpression])
    /// `hsl(h, s, l)` or `hsl(h, s, l, a)`.
    case hsl([NumberExpression])
  }

  /// Where the colour is written.
  public var range: SourceRange
  let value: Value

  init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// A colour known when the script is parsed.
  public static func colour(_ colour: Colour, at range: SourceRange) -> ColourExpression {
    ColourExpression(.colour(colour), at: range)
  }

  /// The colour, when it does not depend on variables.
  public var constant: Colour? {
    if case .colour(let colour) = value { colour } else { nil }
  }
}

/// An id, a string or a `render` path that may interpolate whole numbers: `dot{i}`,
/// `"Ring {i + 1}"`, `ring{i}.png`.
public struct InterpolatedText: Hashable, Sendable {
  /// A piece of the text.
  enum Part: Hashable, Sendable {
    /// Characters as they are.
    case text(String)
    /// A number expression whose whole-number value is written in.
    case number(NumberExpression)
  }

  /// How the text is given.
  enum Value: Hashable, Sendable {
    /// Text with nothing to interpolate.
    case literal(String)
    /// Text and interpolations, in order.
    case parts([Part])
  }

  /// Where it is written (quotes included for a string).
  public var range: SourceRange
  let value: Value

  init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// Text with nothing to interpolate.
  public static func text(_ text: String, at range: SourceRange) -> InterpolatedText {
    InterpolatedText(.literal(text), at: range)
  }

  /// The text, when it interpolates nothing.
  public var literal: String? {
    if case .literal(let text) = value { text } else { nil }
  }
}
