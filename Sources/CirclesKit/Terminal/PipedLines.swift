/// Lines read one at a time from the process's standard input when it is not a terminal (a
/// pipe or a file): no prompt, no editing, no history.
public final class PipedLines: LineReader {
  public let isInteractive = false
  public var completion: ((String) -> [String])?

  /// Creates a reader of standard input.
  public init() {}

  public func readLine(prompt: String) -> String? {
    Swift.readLine(strippingNewline: true)
  }

  public func remember(_ line: String) {}
}
