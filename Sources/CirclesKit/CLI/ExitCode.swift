/// Exit codes (docs/cli.md, "Exit codes and output").
public enum ExitCode {
  /// Everything worked.
  public static let success: Int32 = 0
  /// A check or an `expect` failed.
  public static let failure: Int32 = 1
  /// An error in the script or on the command line, or a file that could not be read or written.
  public static let usage: Int32 = 2
}
