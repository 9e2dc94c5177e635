import CircleCanvas

/// A colour position: a colour as written (`#f80`, `gold`, `none`), or `rgb(…)` / `hsl(…)`
/// whose arguments are number expressions, computed when the command runs.
package typealias ColourExpression = WrittenValue<Colour, ColourCall>

/// `rgb(r, g, b)`, `rgb(r, g, b, a)`, `hsl(h, s, l)` or `hsl(h, s, l, a)` with arguments that
/// are computed when the command runs.
package struct ColourCall: Hashable, Sendable {
  /// `rgb` or `hsl`.
  let name: String
  /// The channels, in order.
  let arguments: [NumberExpression]
}

extension ColourExpression {
  /// A colour known when the script is parsed.
  package static func colour(_ colour: Colour, at range: SourceRange) -> ColourExpression {
    ColourExpression(.literal(colour), at: range)
  }
}
