import CircleRender
import CircleScript
import Foundation

/// The session's own commands, which start with `:` and are not part of the script.
extension ReplSession {
  /// The session commands and what they do, for `:help` and suggestions.
  static let sessionCommands: [(name: String, summary: String)] = [
    (":help", "show this help"),
    (":history", "list the undo and redo stacks as an Edit menu shows them"),
    (":list", "print the session as a script: the lines that ran"),
    (":save FILE", "write that script to FILE; running it reproduces the canvas and its history"),
    (":quit", "end the session (also :q, :exit, or the end of input)"),
  ]

  /// The text `:help` prints.
  static var helpText: String {
    let width = sessionCommands.map(\.name.count).max() ?? 0
    let rows = sessionCommands.map {
      "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
    }
    return """
      Type commands of the script language, one per line: add, remove, move, set, front, back,
      clear, undo, redo, group "name" { … }, repeat n [as i] { … }, let, seed, canvas, limit,
      render, expect. Each line is one undo step; a group or a repeat typed over several lines
      runs when its '}' is typed. Variables keep their values from line to line.

      Session commands:
      \(rows.joined(separator: "\n"))
      """
  }

  func runSessionCommand(_ text: String, line: Int, column: Int) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let name = words[0]
    let argument = words.dropFirst().joined(separator: " ")
    switch name {
    case ":help", ":h", ":?":
      console.print(Self.helpText)
    case ":quit", ":q", ":exit":
      isFinished = true
    case ":history":
      for row in EditMenuHistory(canvas.undoManager).lines { console.print(row) }
    case ":list":
      for row in script { console.print(row) }
    case ":save":
      save(to: argument, line: line, column: column)
    default:
      let names = Self.sessionCommands.map { String($0.name.prefix { $0 != " " }) }
      var message = "unknown session command '\(name)'"
      if let guess = Spelling.closest(to: name, in: names) {
        message += "; did you mean '\(guess)'?"
      }
      report(message + " (:help lists them)", line: line, column: column, length: name.count)
    }
  }

  private func save(to path: String, line: Int, column: Int) {
    guard !path.isEmpty else {
      report(
        ":save needs a file name, as in ':save drawing.circles'", line: line, column: column,
        length: 5)
      return
    }
    let url = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    let lines = script
    let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    do {
      try AtomicFile.write(Data(text.utf8), to: url)
      console.print("saved \(lines.count == 1 ? "1 line" : "\(lines.count) lines") to \(path)")
    } catch {
      errorCount += 1
      console.error("cannot save to '\(path)': \(error)")
    }
  }

  private func report(_ message: String, line: Int, column: Int, length: Int) {
    errorCount += 1
    let start = SourceLocation(file: Self.fileName, line: line, column: column)
    report(.error(message, at: SourceRange(start: start, length: length)))
  }
}
