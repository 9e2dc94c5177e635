/// Why a script stopped.
public enum ScriptFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// An error in the script, found while parsing or running it: exit code 2.
  case error(Diagnostic)
  /// An `expect` that did not hold: exit code 1.
  case expectationFailed(Diagnostic)

  /// The diagnostic to print.
  public var diagnostic: Diagnostic {
    switch self {
    case .error(let diagnostic), .expectationFailed(let diagnostic): diagnostic
    }
  }

  /// The process exit code (SPEC §6): 2 for an error, 1 for a failed expectation.
  public var exitCode: Int32 {
    switch self {
    case .error: 2
    case .expectationFailed: 1
    }
  }

  /// The diagnostic's first line.
  public var description: String { diagnostic.description }
}
