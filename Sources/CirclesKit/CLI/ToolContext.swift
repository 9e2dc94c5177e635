import Foundation

/// What every subcommand gets to run with.
package struct ToolContext {
  /// Where output goes.
  package var console: Console
  /// The process environment (for `CIRCLES_RECORD`, `NO_COLOR`, …).
  package var environment: [String: String]
  /// Relative paths on the command line are resolved against this folder.
  package var currentDirectory: URL
  /// Reads standard input whole, for `-` as the script.
  package var readStandardInput: () -> Data
  /// Reads standard input a line at a time, for `circles repl`: edited as in a shell at a
  /// terminal.
  package var lineReader: () -> LineReader

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - lineReader: makes the reader `circles repl` types into, when it starts; standard
  ///     input read a line at a time unless given.
  package init(
    console: Console, environment: [String: String], currentDirectory: URL,
    readStandardInput: @escaping () -> Data,
    lineReader: @escaping () -> LineReader = { PipedLines() }
  ) {
    self.console = console
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.readStandardInput = readStandardInput
    self.lineReader = lineReader
  }

  /// Resolves a path given on the command line.
  ///
  /// A leading `~` is a name, as it is to the system: the shell expands the home folder before
  /// circles sees a path, and a `~` it left (quoted) names a folder `~` here. Foundation's URL
  /// would expand it, so that `-o '~/frames'` wrote into the home folder.
  func url(for path: String, isDirectory: Bool = false) -> URL {
    let literal = path.hasPrefix("~") ? "./" + path : path
    return URL(fileURLWithPath: literal, isDirectory: isDirectory, relativeTo: currentDirectory)
      .standardizedFileURL
  }
}
