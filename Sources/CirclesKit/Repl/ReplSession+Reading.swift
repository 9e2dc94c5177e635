import CircleScript
import CircleSystem
import Foundation

/// The session's loop: reading lines until `:quit` or the end of input.
extension ReplSession {
  /// Reads lines from `reader` and handles each, until `:quit` or the end of the input, then
  /// finishes the session.
  ///
  /// At a terminal the session first prints a banner, shows its prompt before each line, and
  /// completes words on Tab; every line typed goes to the reader's history and is added to
  /// `history`'s file, whose earlier lines are loaded first. From a pipe only results and
  /// diagnostics are printed. A history file that cannot be written is reported once; the
  /// session goes on.
  ///
  /// - Parameters:
  ///   - reader: where lines come from.
  ///   - history: where lines typed at a terminal are kept between sessions.
  package func run(reading reader: LineReader, history: ReplHistory) {
    let interactive = reader.isInteractive
    var keepsHistory = interactive && history.file != nil
    if interactive {
      console.print(
        "circles \(CommandLineTool.version): type drawing commands, :help for help, :quit to end.")
      for line in history.load() { reader.remember(line) }
      reader.completion = { [unowned self] in completions(for: $0) }
    }
    defer { reader.completion = nil }
    // A line repeating the one before is not added again, across sessions too.
    var previous = interactive && keepsHistory ? history.load().last : nil
    var hinted = false
    var warnedUnsaved = false
    while !isFinished {
      guard let line = reader.readLine(prompt: interactive ? prompt : "") else {
        // The first Ctrl-D with a drawing not saved says so while it can still be saved; the
        // second ends the session.
        if interactive, !warnedUnsaved, !script.isEmpty, script != savedScript {
          warnedUnsaved = true
          console.print(
            "\nthe drawing is not saved: ':save <file.circles>' keeps it as a script; "
              + "Ctrl-D again ends the session")
          continue
        }
        break
      }
      if reader.takeInterruption() {
        // Ctrl-C cancels the line, or the block still being typed, and the session goes on.
        pending = nil
        if !hinted {
          console.print("(cancelled; Ctrl-D on an empty line or :quit ends the session)")
          hinted = true
        }
        continue
      }
      if interactive, line != previous, line.contains(where: { $0 != " " && $0 != "\t" }) {
        reader.remember(line)
        previous = line
        if keepsHistory {
          do {
            try history.append(line)
          } catch {
            keepsHistory = false
            console.printError("circles: warning: the history is not kept: \(error)")
          }
        }
      }
      handle(line)
    }
    if interactive, !isFinished { console.print("") }
    finish()
    if interactive, !script.isEmpty, script != savedScript {
      console.print("the drawing was not saved")
      if keepsHistory, let file = history.file {
        console.print("(the lines typed are kept in \(DisplayText.escaped(file.path)))")
      }
    }
  }
}
