/// A position in a script: the file, a 1-based line and a 1-based column.
///
/// Columns count characters (as Swift's `Character` does), not bytes, so a caret drawn under
/// the source line lines up with what an editor shows.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The name of the script as given to the parser (`scene.circles`, `<stdin>`).
  public var file: String
  /// The line, starting at 1.
  public var line: Int
  /// The column in characters, starting at 1.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, as compilers print it.
  public var description: String { "\(file):\(line):\(column)" }

  /// Orders locations by line, then column (the file is not compared).
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A stretch of one source line: where it starts and how many characters it covers.
///
/// A length of 0 marks a point between characters, such as the end of a line where a value
/// is missing.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  /// The first character of the range.
  public var start: SourceLocation
  /// The number of characters covered, on the start's line.
  public var length: Int

  /// The empty range at the start of a file (line 1, column 1): where a diagnostic that
  /// belongs to no command is put.
  package static func startOfFile(_ file: String = "") -> SourceRange {
    SourceRange(start: SourceLocation(file: file, line: 1, column: 1), length: 0)
  }

  /// Creates a range.
  public init(start: SourceLocation, length: Int) {
    self.start = start
    self.length = max(0, length)
  }

  /// The location just after the last character of the range.
  public var end: SourceLocation {
    SourceLocation(file: start.file, line: start.line, column: start.column + length)
  }

  /// A range of `length` characters starting `offset` characters after this one's start.
  public func subrange(offset: Int, length: Int) -> SourceRange {
    SourceRange(
      start: SourceLocation(file: start.file, line: start.line, column: start.column + offset),
      length: length)
  }

  /// The range from this one's start to the end of `other`, when both lie on one line.
  public func extended(through other: SourceRange) -> SourceRange {
    guard other.start.line == start.line, other.end.column > start.column else { return self }
    return SourceRange(start: start, length: other.end.column - start.column)
  }

  /// `file:line:column` of the start.
  public var description: String { start.description }
}
