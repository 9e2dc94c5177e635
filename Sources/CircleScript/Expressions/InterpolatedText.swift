/// An id, a string or a `render` path that may interpolate whole numbers: `dot{i}`,
/// `"Ring {i + 1}"`, `ring{i}.png`.
package typealias InterpolatedText = WrittenValue<String, TextTemplate>

/// The pieces of a text that interpolates numbers, in order.
package struct TextTemplate: Hashable, Sendable {
  /// A piece of the text.
  enum Part: Hashable, Sendable {
    /// Characters as they are.
    case text(String)
    /// A number expression whose whole-number value is written in.
    case number(NumberExpression)
  }

  /// Text and interpolations, in order.
  let parts: [Part]
}

extension InterpolatedText {
  /// Text with nothing to interpolate.
  package static func text(_ text: String, at range: SourceRange) -> InterpolatedText {
    InterpolatedText(.literal(text), at: range)
  }
}
