/// One step of a compiled expression, which runs on a stack of numbers.
///
/// `site` is the index, in the expression's `sites`, of the characters to point at when the
/// step fails.
enum Instruction: Hashable, Sendable {
  /// Pushes a number.
  case number(Double)
  /// Pushes the value of the script's variable `index`; fails when it has none yet.
  case variable(index: Int32, site: Int32)
  /// Replaces the top value by its negation.
  case negate
  /// Pops two values and pushes their sum; fails when it is not finite.
  case add(site: Int32)
  /// Pops two values and pushes the first minus the second.
  case subtract(site: Int32)
  /// Pops two values and pushes their product.
  case multiply(site: Int32)
  /// Pops two values and pushes the first over the second; fails on a zero divisor.
  case divide(site: Int32, divisor: Int32)
  /// Pops two values and pushes the remainder with the sign of the first, as C's `fmod`.
  case remainder(site: Int32, divisor: Int32)
  /// Applies a one-argument function to the top value.
  case call(ScriptFunction, site: Int32)
  /// Pops two values and pushes the smaller.
  case minimum
  /// Pops two values and pushes the larger.
  case maximum
  /// Pops `a` and `b` and pushes `a + (b - a) * u`, `u` the generator's next unit value;
  /// fails when `a > b`.
  case random(site: Int32)
  /// Pops `a` and `b` and pushes 1 when `a` compares with `b` as asked, else 0.
  case compare(Comparison)
  /// Replaces the top value by 1 when it is 0, else by 0.
  case not
  /// Replaces the top value by 1 when it is not 0, else leaves 0.
  case truth
  /// `and`: when the top value is 0, leaves 0 and jumps `over` instructions (the right side
  /// and its `truth`); otherwise pops it and goes on with the right side.
  case andSkip(over: Int32)
  /// `or`: when the top value is not 0, replaces it by 1 and jumps `over` instructions;
  /// otherwise pops it and goes on with the right side.
  case orSkip(over: Int32)
}

/// A comparison of two numbers.
enum Comparison: Hashable, Sendable {
  case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual

  /// Whether `a` compares with `b` so.
  func holds(_ a: Double, _ b: Double) -> Bool {
    switch self {
    case .less: a < b
    case .lessOrEqual: a <= b
    case .greater: a > b
    case .greaterOrEqual: a >= b
    case .equal: a == b
    case .notEqual: a != b
    }
  }
}

/// An expression compiled once, when the script is parsed, and evaluated each time its command
/// runs: the instructions in postfix order and where each part was written.
package final class CompiledExpression: Hashable, Sendable {
  /// The instructions, in the order they run.
  let code: [Instruction]
  /// The characters each failing instruction points at.
  let sites: SiteTable
  /// The most values on the stack at once.
  let depth: Int

  init(code: [Instruction], sites: SiteTable, depth: Int) {
    self.code = code
    self.sites = sites
    self.depth = depth
  }

  package static func == (lhs: CompiledExpression, rhs: CompiledExpression) -> Bool {
    lhs === rhs || (lhs.code == rhs.code && lhs.sites == rhs.sites)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }
}

/// The source ranges of an expression's operations, by number, in 16 bytes each (a
/// `SourceRange` takes 40), so that a long expression's compiled form stays small.
struct SiteTable: Hashable, Sendable {
  private struct Place: Hashable, Sendable {
    var file: Int32
    var line: Int32
    var column: Int32
    var length: Int32
  }

  private var files: [String] = []
  private var places: [Place] = []

  /// Adds a range; returns its number.
  mutating func append(_ range: SourceRange) -> Int32 {
    let file: Int
    if let known = files.lastIndex(of: range.start.file) {
      file = known
    } else {
      files.append(range.start.file)
      file = files.count - 1
    }
    places.append(
      Place(
        file: Int32(file), line: Int32(clamping: range.start.line),
        column: Int32(clamping: range.start.column), length: Int32(clamping: range.length)))
    return Int32(places.count - 1)
  }

  /// The range of number `site`.
  subscript(_ site: Int32) -> SourceRange {
    let place = places[Int(site)]
    return SourceRange(
      start: SourceLocation(
        file: files[Int(place.file)], line: Int(place.line), column: Int(place.column)),
      length: Int(place.length))
  }
}
