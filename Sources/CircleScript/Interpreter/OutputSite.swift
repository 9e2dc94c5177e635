/// Where a script asked for a file, a frame or a `render` target: what the failure to write it
/// is located at, whether the interpreter meets that failure at once or a host learns of it
/// later (a frame written on another thread, a `render` whose name a later frame wants).
package struct OutputSite: Hashable, Sendable {
  /// What was asked for.
  package enum Output: Hashable, Sendable {
    /// A frame, by name (`0002-add-c1`).
    case frame(String)
    /// A `render` target: its path after interpolation, and where the path is written.
    case render(path: String, at: SourceRange)
  }

  /// The frame or `render` target.
  package var output: Output
  /// The command that asked for it.
  package var command: SourceRange
  /// The loop passes and procedure calls around the command, outermost first.
  package var contexts: [Frame.Context]

  /// Creates a site.
  package init(output: Output, command: SourceRange, contexts: [Frame.Context]) {
    self.output = output
    self.command = command
    self.contexts = contexts
  }

  /// The failure of the command when writing its output throws `error`, without the notes of
  /// the loops and calls around it: the error as it is at the command when it is a bound on the output
  /// (``OutputLimitReached``), else `cannot write frame '<name>': <error>` at the command or
  /// `cannot render '<path>': <error>` at the path.
  package func failure(_ error: any Error) -> ScriptFailure {
    if let limit = error as? OutputLimitReached {
      return .error(.error(limit.description, at: command))
    }
    switch output {
    case .frame(let name):
      return .error(.error("cannot write frame '\(name)': \(error)", at: command))
    case .render(let path, let range):
      return .error(.error("cannot render '\(path)': \(error)", at: range))
    }
  }

  /// The failure the script gives when writing the output throws `error` at the command: the
  /// ``failure(_:)`` with the notes of the loops and calls around it, innermost first, as the
  /// interpreter reports an error inside them.
  package func failureInScript(_ error: any Error) -> ScriptFailure {
    Frame.Context.notes(for: contexts).reduce(failure(error)) { $0.noting($1) }
  }
}
