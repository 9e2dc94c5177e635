import CircleScript
import CircleSnapshot
import CircleSystem

/// Where in a Swift test a script given as text was checked: its diagnostics and failing frames
/// are reported at the call, with the line inside the script, so that an editor or a CI log
/// jumps to the test rather than to a script file that does not exist.
///
/// ```
/// SunTests.swift:12:5: error: script line 2, column 8: no circle named 'moon'
/// remove moon
///        ^~~~
/// ```
struct ScriptCallSite {
  /// The test file's path (`#filePath`).
  var file: String
  /// The line of the call, from 1.
  var line: Int
  /// The column of the call, from 1.
  var column: Int

  /// `file:line:column`.
  var location: String { "\(file):\(line):\(column)" }

  /// Each diagnostic at the call: its header names the script's line and column, then the
  /// script's line and a caret, then its notes, each at the call too.
  func render(_ diagnostics: [Diagnostic], source: [UInt8]) -> String {
    let printer = DiagnosticPrinter()
    return diagnostics.map { diagnostic in
      var plain = diagnostic
      plain.notes = []
      var excerpt = printer.render(plain, source: source).split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropFirst()
      while excerpt.last?.isEmpty == true { excerpt.removeLast() }
      var lines = [
        "\(location): \(diagnostic.severity.rawValue): \(Self.place(diagnostic.range)): "
          + DisplayText.escaped(diagnostic.message)
      ]
      lines += excerpt.map(String.init)
      for note in diagnostic.notes {
        let place = note.range.map { Self.place($0) + ": " } ?? ""
        lines.append("\(location): note: \(place)\(DisplayText.escaped(note.message))")
      }
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// A frame's problem lines with the first at the call, naming the script line that made the
  /// frame: `SunTests.swift:12:5: error: script line 3: snapshot '0002-move-sun' does not …`.
  func locate(_ lines: [String], of frame: FrameResult) -> [String] {
    guard frame.status.isFailure, let first = lines.first else { return lines }
    let place = frame.location.map { "script line \($0.line): " } ?? ""
    return ["\(location): error: \(place)\(first)"] + lines.dropFirst()
  }

  static func place(_ range: SourceRange) -> String {
    "script line \(range.start.line), column \(range.start.column)"
  }
}
