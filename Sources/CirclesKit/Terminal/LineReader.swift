/// Where an interactive command reads the lines a person types: a terminal, with line
/// editing, history and completion, or a pipe or file, a line at a time.
///
/// The tool gets one through its `ToolContext`; tests give it lines of their own.
package protocol LineReader: AnyObject {
  /// Whether the lines are typed at a terminal: prompts are shown and lines can be edited.
  var isInteractive: Bool { get }

  /// What Tab offers at a terminal: called with the line up to the cursor, it returns the words
  /// that can replace the word the cursor ends (all of them starting with it). `nil` completes
  /// nothing.
  var completion: ((String) -> [String])? { get set }

  /// The next line, without its line break, after showing `prompt` at a terminal.
  ///
  /// - Returns: `nil` at the end of the input (Ctrl-D at the start of a line at a terminal).
  func readLine(prompt: String) -> String?

  /// Adds a line to the history that ↑, ↓ and Ctrl-R search at a terminal.
  func remember(_ line: String)

  /// Whether the last line was cancelled with Ctrl-C rather than entered: asked once after
  /// each `readLine(prompt:)`, it is then forgotten. The line returned is to be dropped.
  func takeInterruption() -> Bool
}

extension LineReader {
  /// Lines that are not typed at a terminal are never cancelled.
  package func takeInterruption() -> Bool { false }
}
