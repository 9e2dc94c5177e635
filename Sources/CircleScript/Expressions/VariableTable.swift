/// The names of a script's variables, numbered in order of first appearance as the script is
/// parsed; compiled expressions refer to variables by these numbers.
final class VariableTable {
  private(set) var names: [String] = []
  private var numbers: [String: Int] = [:]
  /// The names a `let` or a `repeat … as` has bound so far, in the order the script is read.
  private(set) var bound: Set<String> = []

  /// The number of a name, given a new one on first use.
  func index(of name: String) -> Int {
    if let number = numbers[name] { return number }
    numbers[name] = names.count
    names.append(name)
    return names.count - 1
  }

  /// Records that a `let` or a `repeat … as` binds `name`: from then on a keyword of that
  /// name in a number position reads as the variable.
  func bind(_ name: String) {
    bound.insert(name)
  }
}

/// The name a `let` or a `repeat … as` gives a value to.
package struct VariableName: Hashable, Sendable {
  /// The name as written.
  package var name: String
  /// Where it is written.
  package var range: SourceRange
  /// Its number in the script's variable table (`Script.variables`).
  package var index: Int

  /// Creates a variable name.
  package init(_ name: String, index: Int, at range: SourceRange) {
    self.name = name
    self.index = index
    self.range = range
  }
}
