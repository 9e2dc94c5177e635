import CircleSystem

/// Renders diagnostics as compilers do: a location line, the source line and a caret.
///
/// ```
/// scene.circles:7:12: error: no circle named 'moon'
///     remove moon
///            ^~~~
/// ```
///
/// The source line is printed as written, except that control characters appear as their
/// visible Unicode pictures (`␀`, `␛`) and undecodable bytes as `�`, so a diagnostic cannot
/// send escape sequences to a terminal. The caret line copies the tabs of the source line so
/// the caret stays aligned whatever the tab width.
public struct DiagnosticPrinter: Sendable {
  /// Whether to colour the output with ANSI escape sequences.
  ///
  /// The caller decides: typically only when standard error is a terminal and the `NO_COLOR`
  /// environment variable is unset.
  public var usesColour: Bool

  /// Creates a printer, colouring its output when `colour` is true.
  public init(colour: Bool = false) {
    usesColour = colour
  }

  /// The full printed form of a diagnostic about the script `source`, ending with a line
  /// break.
  public func render(_ diagnostic: Diagnostic, source: [UInt8]) -> String {
    var output = header(
      location: diagnostic.location.description, label: diagnostic.severity.rawValue,
      labelStyle: diagnostic.severity == .error ? Style.red : Style.yellow,
      message: diagnostic.message)
    if let line = Self.displayLine(diagnostic.range.start.line, of: source) {
      output += excerpt(line, diagnostic.range)
    }
    for note in diagnostic.notes {
      output += header(
        location: note.range?.start.description, label: "note", labelStyle: Style.cyan,
        message: note.message)
    }
    return output
  }

  /// The full printed form of a diagnostic about the script text `source`.
  public func render(_ diagnostic: Diagnostic, source: String) -> String {
    render(diagnostic, source: Array(source.utf8))
  }

  /// The printed forms of several diagnostics about `source`, one after another.
  public func render(_ diagnostics: [Diagnostic], source: [UInt8]) -> String {
    diagnostics.map { render($0, source: source) }.joined()
  }

  /// The printed forms of every syntax error of `source`.
  public func render(_ errors: SyntaxErrors, source: [UInt8]) -> String {
    render(errors.diagnostics, source: source)
  }

  /// The printed forms of every syntax error of the script text `source`.
  public func render(_ errors: SyntaxErrors, source: String) -> String {
    render(errors.diagnostics, source: Array(source.utf8))
  }

  /// The text of a 1-based line of `source` as it is displayed, without its line break.
  ///
  /// - Returns: the line, or `nil` when the source has no such line.
  package static func displayLine(_ number: Int, of source: [UInt8]) -> String? {
    guard number >= 1 else { return nil }
    var start = 0
    var line = 1
    while line < number {
      guard let newline = source[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      start = newline + 1
      line += 1
    }
    var end = source[start...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
    if end > start, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    if number == 1, source.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, end) }
    var shown = String.UnicodeScalarView()
    for scalar in String(decoding: source[start..<end], as: UTF8.self).unicodeScalars {
      shown.append(DisplayText.visible(scalar, keepingTabs: true))
    }
    return String(shown)
  }

  private func header(
    location: String?, label: String, labelStyle: String, message: String
  ) -> String {
    let prefix = location.map { "\($0): " } ?? ""
    guard usesColour else { return "\(prefix)\(label): \(message)\n" }
    return Style.bold + prefix + labelStyle + label + ":" + Style.reset + Style.bold + " "
      + message + Style.reset + "\n"
  }

  private func excerpt(_ line: String, _ range: SourceRange) -> String {
    var padding = ""
    var column = 1
    for character in line where column < range.start.column {
      padding.append(character == "\t" ? "\t" : " ")
      column += 1
    }
    if column < range.start.column {
      padding += String(repeating: " ", count: range.start.column - column)
    }
    let marker = "^" + String(repeating: "~", count: max(0, range.length - 1))
    let caret = usesColour ? Style.green + marker + Style.reset : marker
    return line + "\n" + padding + caret + "\n"
  }

  private enum Style {
    static let bold = "\u{1B}[1m"
    static let red = "\u{1B}[1;31m"
    static let yellow = "\u{1B}[1;33m"
    static let cyan = "\u{1B}[1;36m"
    static let green = "\u{1B}[1;32m"
    static let reset = "\u{1B}[0m"
  }
}
