import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// The session's own commands, which start with `:` and are not part of the script.
extension ReplSession {
  /// The session commands and what they do, for `:help` and suggestions.
  static let sessionCommands: [(name: String, summary: String)] = [
    (
      ":help [COMMAND]",
      "show this help, how a command or session command is written, or the language"
    ),
    (":history", "list the undo and redo stacks as an Edit menu shows them"),
    (":list", "print the session as a script: the lines that ran"),
    (":save FILE", "write that script to FILE; running it reproduces the canvas and its history"),
    (":quit", "end the session (also :q, :exit, or the end of input)"),
  ]

  /// The session commands' names, as typed (`:help`, `:save`).
  static var sessionCommandNames: [String] {
    sessionCommands.map { String($0.name.prefix { $0 != " " }) }
  }

  /// The text `:help` prints.
  static var helpText: String {
    let width = sessionCommands.map(\.name.count).max() ?? 0
    let rows = sessionCommands.map {
      "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
    }
    return """
      Type commands of the script language, one per line; ':help <command>' shows how one is
      written, ':help language' the whole language. Each line is one undo step; a group or a repeat typed over several lines runs when
      its '}' is typed. Variables keep their values from line to line. At a terminal, Tab
      completes commands, keywords, colour names and circle ids; ↑ and Ctrl-R bring back earlier
      lines.

      Commands: \(CommandHelp.all.map(\.name).joined(separator: " "))

      Session commands:
      \(rows.joined(separator: "\n"))
      """
  }

  /// Runs a session command typed as `text`; its mistakes are reported at `line`.
  func runSessionCommand(_ text: String, line: Int, column: Int, text typed: String) {
    commandLine = typed
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let name = words[0]
    let argument = words.dropFirst().joined(separator: " ")
    switch name {
    case ":help", ":h", ":?":
      let rest = text.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
      help(for: argument, line: line, column: column + text.count - rest.count)
    case ":quit", ":q", ":exit":
      isFinished = true
    case ":history":
      for row in EditMenuHistory(canvas.undoManager).lines { console.print(row) }
    case ":list":
      for row in script { console.print(row) }
    case ":save":
      save(to: argument, line: line, column: column)
    default:
      let names = Self.sessionCommandNames
      var message = "unknown session command '\(name)'"
      if let guess = Suggestion.closest(to: name, among: names) {
        message += "; did you mean '\(guess)'?"
      }
      report(message + " (:help lists them)", line: line, column: column, length: name.count)
    }
  }

  /// `:help` alone, or `:help add` for one command (`:help :save` for a session command).
  private func help(for topic: String, line: Int, column: Int) {
    guard !topic.isEmpty else {
      console.print(Self.helpText)
      return
    }
    if let text = LanguageHelp.text(for: topic) {
      console.print(text)
    } else if let session = Self.sessionCommands.first(where: {
      $0.name.prefix { $0 != " " } == (topic.hasPrefix(":") ? topic : ":" + topic)
    }) {
      console.print(
        "\(session.name)\n\n\(session.summary.prefix(1).uppercased())"
          + "\(session.summary.dropFirst()).")
    } else {
      var message = "no command '\(topic)'"
      let names = LanguageHelp.topics + Self.sessionCommandNames
      if let guess = Suggestion.closest(to: topic, among: names) {
        message += "; did you mean '\(guess)'?"
      }
      report(message + " (:help lists them)", line: line, column: column, length: topic.count)
    }
  }

  /// What Tab may put in place of the last word of `line` (the line up to the cursor): see
  /// `ReplCompletion`.
  package func completions(for line: String) -> [String] {
    ReplCompletion.choices(for: line, circles: canvas.circles.map(\.id))
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
      savedScript = lines
      console.print("saved \(Plural.count(lines.count, "line")) to \(path)")
    } catch {
      errorCount += 1
      console.error("cannot save to '\(path)': \(error)")
    }
  }

  /// Reports a mistake in the session command being run, shown under its own text.
  private func report(_ message: String, line: Int, column: Int, length: Int) {
    errorCount += 1
    let start = SourceLocation(file: Self.fileName, line: line, column: column)
    let source = transcript + (lines.isEmpty ? [] : [UInt8(ascii: "\n")]) + Array(commandLine.utf8)
    console.report(
      sessionDiagnostic(.error(message, at: SourceRange(start: start, length: length))),
      source: source)
  }
}
