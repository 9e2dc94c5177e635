/// A value from a script together with where it was written.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The value.
  package var value: Value
  /// The characters it was written as.
  package var range: SourceRange

  /// Creates a located value.
  package init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }
}
