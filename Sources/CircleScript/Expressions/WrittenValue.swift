/// A value a command is given, as the script writes it, and where: known when the script is
/// parsed (`12`, `gold`, `dot`), or computed each time the command runs (`(r * 2)`,
/// `rgb(i, 0, 0)`, `dot{i}`).
///
/// ``NumberExpression``, ``ColourExpression`` and ``InterpolatedText`` are its kinds.
package struct WrittenValue<Literal: Hashable & Sendable, Computation: Hashable & Sendable>:
  Hashable, Sendable
{
  /// How the value is given.
  enum Form: Hashable, Sendable {
    /// A value known when the script is parsed, already checked against its position's rules.
    case literal(Literal)
    /// What computes the value when the command runs.
    case computed(Computation)
  }

  /// Where it is written: the word, or the parentheses, the call or the string (quotes
  /// included) and all inside.
  package var range: SourceRange
  let form: Form

  init(_ form: Form, at range: SourceRange) {
    self.form = form
    self.range = range
  }

  /// The value, when it is written as one rather than computed.
  package var constant: Literal? {
    if case .literal(let literal) = form { literal } else { nil }
  }
}
