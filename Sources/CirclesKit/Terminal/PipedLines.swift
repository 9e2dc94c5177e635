/// Lines read one at a time from the process's standard input when it is not a terminal (a
/// pipe or a file): no prompt, no editing, no history.
package final class PipedLines: LineReader {
  package let isInteractive = false
  package var completion: ((String) -> [String])?

  /// Creates a reader of standard input.
  package init() {}

  package func readLine(prompt: String) -> String? {
    Swift.readLine(strippingNewline: true)
  }

  package func remember(_ line: String) {}
}
