import Foundation

/// The `circles` command line: parses arguments and runs the matching subcommand.
public enum CommandLineTool {
  /// The version printed by `circles --version`.
  public static let version = "0.1.0"

  /// Runs the tool with the given arguments (without the program name).
  ///
  /// - Returns: the process exit code (SPEC §6: 0 success, 1 a check failed, 2 a usage or script error).
  public static func main(arguments: [String]) -> Int32 {
    if arguments == ["--version"] {
      print("circles \(version)")
      return 0
    }
    FileHandle.standardError.write(Data("circles: not yet available\n".utf8))
    return 2
  }
}
