/// One step of a compiled expression, which runs on a stack of numbers.
///
/// `site` is the index, in the expression's `sites`, of the characters to point at when the
/// step fails.
enum Instruction: Hashable, Sendable {
  /// Pushes a number.
  case number(Double)
  /// Pushes the value of the script's variable `index`; fails when it has none yet.
  case variable(index: Int, site: Int)
  /// Replaces the top value by its negation.
  case negate
  /// Pops two values and pushes their sum; fails when it is not finite.
  case add(site: Int)
  /// Pops two values and pushes the first minus the second.
  case subtract(site: Int)
  /// Pops two values and pushes their product.
  case multiply(site: Int)
  /// Pops two values and pushes the first over the second; fails on a zero divisor.
  case divide(site: Int, divisor: Int)
  /// Pops two values and pushes the remainder with the sign of the first, as C's `fmod`.
  case remainder(site: Int, divisor: Int)
  /// Applies a one-argument function to the top value.
  case call(ScriptFunction, site: Int)
  /// Pops two values and pushes the smaller.
  case minimum
  /// Pops two values and pushes the larger.
  case maximum
  /// Pops `a` and `b` and pushes `a + (b - a) * u`, `u` the generator's next unit value;
  /// fails when `a > b`.
  case random(site: Int)
}

/// An expression compiled once, when the script is parsed, and evaluated each time its command
/// runs: the instructions in postfix order and where each part was written.
public final class CompiledExpression: Hashable, Sendable {
  /// The instructions, in the order they run.
  let code: [Instruction]
  /// The characters each failing instruction points at.
  let sites: [SourceRange]
  /// The most values on the stack at once.
  let depth: Int

  init(code: [Instruction], sites: [SourceRange], depth: Int) {
    self.code = code
    self.sites = sites
    self.depth = depth
  }

  public static func == (lhs: CompiledExpression, rhs: CompiledExpression) -> Bool {
    lhs === rhs || (lhs.code == rhs.code && lhs.sites == rhs.sites)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }
}
