/// Every syntax error of a script, in the order of its lines: what `Parser.parse` throws.
///
/// The parser stops looking after `limit` errors; if it finds one more, the last error kept
/// carries a note saying that the rest of the script was not checked.
public struct SyntaxErrors: Error, Hashable, Sendable, CustomStringConvertible {
  /// The most errors reported for one script.
  public static let limit = 20

  /// The errors; never empty once thrown.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Creates a list of errors.
  public init(_ diagnostics: [Diagnostic] = []) {
    self.diagnostics = Array(diagnostics.prefix(Self.limit))
  }

  /// Whether more errors would be past the limit.
  var isFull: Bool { diagnostics.count >= Self.limit && hasMore }
  private var hasMore = false

  /// Adds an error; past the limit, only notes on the last one that there are more.
  mutating func append(_ diagnostic: Diagnostic) {
    guard diagnostics.count < Self.limit else {
      if !hasMore {
        hasMore = true
        diagnostics[Self.limit - 1].notes.append(
          Diagnostic.Note(
            range: nil,
            message: "more errors follow; only the first \(Self.limit) are shown"))
      }
      return
    }
    diagnostics.append(diagnostic)
  }

  /// Puts another error in place of the one at `index`.
  mutating func replace(_ index: Int, with diagnostic: Diagnostic) {
    diagnostics[index] = diagnostic
  }

  /// Adds errors found after the lines were read (calls checked against every `def`), each in
  /// its place by line and column, keeping the limit.
  mutating func merge(_ more: [Diagnostic]) {
    guard !more.isEmpty else { return }
    let all = (diagnostics + more).enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }
    self = SyntaxErrors()
    for (_, diagnostic) in all { append(diagnostic) }
  }

  /// The first line of each error, one per line.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
