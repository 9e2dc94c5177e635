import CircleScript

/// Where the lines of a piece of source parsed by a session came from: runs of consecutive
/// session lines, so that locations in it can be told as the session's line numbers.
///
/// Each parse gets a file name of its own (`<repl>#12`); locations carrying it are translated
/// back to `<repl>` and the line typed, whenever they are printed, even much later (a note that
/// points at the `add` of a circle typed earlier).
struct SessionLines {
  /// Runs of lines: the first line in the parsed source (1-based), the session line it was
  /// (1-based), and how many lines follow in step.
  private var runs: [(parsed: Int, session: Int, count: Int)] = []
  /// The number of lines of the parsed source.
  private(set) var count = 0

  /// Appends session lines (0-based indices) to the parsed source.
  mutating func append(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    runs.append((count + 1, range.lowerBound + 1, range.count))
    count += range.count
  }

  /// The session line of a line of the parsed source.
  func sessionLine(_ parsed: Int) -> Int {
    for run in runs where parsed >= run.parsed && parsed < run.parsed + run.count {
      return run.session + (parsed - run.parsed)
    }
    return parsed
  }
}

extension ReplSession {
  /// A location told in session lines, when it comes from one of the session's parses.
  func sessionLocation(_ location: SourceLocation) -> SourceLocation {
    let prefix = Self.fileName + "#"
    guard location.file.hasPrefix(prefix), let id = Int(location.file.dropFirst(prefix.count)),
      let lines = parses[id]
    else { return location }
    return SourceLocation(
      file: Self.fileName, line: lines.sessionLine(location.line), column: location.column)
  }

  /// A diagnostic with every location told in session lines.
  func sessionDiagnostic(_ diagnostic: Diagnostic) -> Diagnostic {
    var result = diagnostic
    result.range.start = sessionLocation(diagnostic.range.start)
    result.notes = diagnostic.notes.map { note in
      var note = note
      if let range = note.range {
        note.range = SourceRange(start: sessionLocation(range.start), length: range.length)
      }
      return note
    }
    return result
  }
}
