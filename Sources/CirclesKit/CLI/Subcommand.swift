import Foundation

/// What every subcommand gets to run with.
public struct ToolContext {
  /// Where output goes.
  public var console: Console
  /// The process environment (for `CIRCLES_RECORD`, `NO_COLOR`, …).
  public var environment: [String: String]
  /// Relative paths on the command line are resolved against this folder.
  public var currentDirectory: URL
  /// Reads standard input whole, for `-` as the script.
  public var readStandardInput: () -> Data

  /// Creates a context.
  public init(
    console: Console, environment: [String: String], currentDirectory: URL,
    readStandardInput: @escaping () -> Data
  ) {
    self.console = console
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.readStandardInput = readStandardInput
  }

  /// Resolves a path given on the command line.
  func url(for path: String, isDirectory: Bool = false) -> URL {
    URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: currentDirectory)
      .standardizedFileURL
  }
}

/// One subcommand of `circles`, shaped like an argument-parser command: parse, validate, run.
protocol Subcommand {
  /// The word that selects it (`run`).
  static var name: String { get }
  /// One line for the tool's help.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Reads the arguments that follow the subcommand's name.
  init(arguments: [String]) throws(UsageError)
  /// Rejects bad combinations before any work.
  func validate(in context: ToolContext) throws(UsageError)
  /// Does the work and returns the exit code.
  func run(in context: ToolContext) -> Int32
}

extension Subcommand {
  func validate(in context: ToolContext) throws(UsageError) {}
}

/// Exit codes (SPEC §6).
public enum ExitCode {
  /// Everything worked.
  public static let success: Int32 = 0
  /// A check or an `expect` failed.
  public static let failure: Int32 = 1
  /// An error in the script or on the command line, or a file that could not be read or written.
  public static let usage: Int32 = 2
}
