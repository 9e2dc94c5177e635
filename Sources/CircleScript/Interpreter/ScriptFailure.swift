/// Why a script stopped.
public enum ScriptFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// An error found while running the script, or from its host: exit code 2.
  case error(Diagnostic)
  /// Errors found while parsing, before anything ran: exit code 2.
  case syntax(SyntaxErrors)
  /// An `expect` that did not hold: exit code 1.
  case expectationFailed(Diagnostic)

  /// The first (for a run error or a failed `expect`, the only) diagnostic to print.
  public var diagnostic: Diagnostic {
    diagnostics.first
      ?? .error(
        "syntax error",
        at: SourceRange.startOfFile())
  }

  /// Every diagnostic to print, in order.
  public var diagnostics: [Diagnostic] {
    switch self {
    case .error(let diagnostic), .expectationFailed(let diagnostic): [diagnostic]
    case .syntax(let errors): errors.diagnostics
    }
  }

  /// Whether the script has an error (exit code 2), rather than a failed `expect`.
  public var isError: Bool {
    if case .expectationFailed = self { false } else { true }
  }

  /// The process exit code (docs/cli.md, "Exit codes and output"): 2 for an error, 1 for a failed expectation.
  public var exitCode: Int32 { isError ? 2 : 1 }

  /// The first line of each diagnostic.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
