/// A problem found in a script, with where it is and what to do about it.
///
/// Messages follow compiler style: one terse phrase, lower case, no trailing period, naming
/// the thing and, where it helps, the fix (`no circle named 'moon'`).
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable {
    /// The script cannot run (or stopped).
    case error
    /// The script runs, but probably not as meant.
    case warning
  }

  /// Extra information attached to a diagnostic, such as where a name was first used.
  public struct Note: Hashable, Sendable {
    /// Where the note points, if anywhere.
    public var range: SourceRange?
    /// The note's text.
    public var message: String

    /// Creates a note.
    public init(range: SourceRange?, message: String) {
      self.range = range
      self.message = message
    }
  }

  /// How serious the problem is.
  public var severity: Severity
  /// The characters the problem is about.
  public var range: SourceRange
  /// What is wrong.
  public var message: String
  /// Further notes, printed after the main message.
  public var notes: [Note]

  /// Creates a diagnostic.
  public init(
    severity: Severity = .error, range: SourceRange, message: String, notes: [Note] = []
  ) {
    self.severity = severity
    self.range = range
    self.message = message
    self.notes = notes
  }

  /// Creates an error diagnostic.
  public static func error(
    _ message: String, at range: SourceRange, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(severity: .error, range: range, message: message, notes: notes)
  }

  /// Where the problem starts.
  public var location: SourceLocation { range.start }

  /// The first line of the printed form: `file:line:column: error: message`.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
