/// A value from a script together with where it was written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The value.
  public var value: Value
  /// The characters it was written as.
  public var range: SourceRange

  /// Creates a located value.
  public init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }
}
