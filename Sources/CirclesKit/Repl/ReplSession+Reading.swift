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
  public func run(reading reader: LineReader, history: ReplHistory) {
    let interactive = reader.isInteractive
    var keepsHistory = interactive && history.file != nil
    if interactive {
      console.print(
        "circles \(CommandLineTool.version): type drawing commands, :help for help, :quit to end.")
      for line in history.load() { reader.remember(line) }
      reader.completion = { [unowned self] in completions(for: $0) }
    }
    defer { reader.completion = nil }
    var previous: String?
    while !isFinished {
      guard let line = reader.readLine(prompt: interactive ? prompt : "") else { break }
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
  }
}
