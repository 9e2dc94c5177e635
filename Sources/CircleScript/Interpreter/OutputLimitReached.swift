/// A bound on what a run may write, reached: a host throws it from
/// ``ScriptHost/scriptDidProduceFrame(_:)`` or a `render`, and the script stops with its
/// message at the command that would go over, as it is (no "cannot write" before it).
package struct OutputLimitReached: Error, Hashable, Sendable, CustomStringConvertible {
  /// The whole message: what would be exceeded and how to raise the bound.
  package var description: String

  /// An error with its message, e.g. `the run would write more than 100000 frames; raise the
  /// limit with --max-frames <n>`.
  package init(_ description: String) {
    self.description = description
  }
}
