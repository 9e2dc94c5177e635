import CircleEngine
import CircleScript
import CircleSystem
import Foundation

/// Reading the script a subcommand was given: a file, or standard input for `-`.
extension ScriptSource {
  /// The script at `path` as the user typed it, or standard input for `-`.
  ///
  /// - Throws: `RunError.cannotRead` naming the path as typed (or `<stdin>`): a missing or
  ///   unreadable file, one that is not a regular file, or a script over
  ///   `ScriptSource.sizeLimit`.
  static func given(_ path: String, in context: ToolContext) throws(RunError) -> ScriptSource {
    guard path == "-" else {
      // Diagnostics name the file as typed, with any control character made visible.
      return try ScriptSource(
        contentsOf: context.url(for: path), displayName: DisplayText.escaped(path))
    }
    let bytes = context.readStandardInput()
    guard bytes.count <= ScriptSource.sizeLimit else {
      throw .cannotRead(path: "<stdin>", reason: ScriptSource.tooLarge(nil))
    }
    return ScriptSource(bytes: [UInt8](bytes), fileName: "<stdin>")
  }

  /// The script at `path`, or nil once the reason it cannot be read is on the console.
  ///
  /// A subcommand that gets nil ends with `ExitCode.usage`.
  static func givenReporting(_ path: String, in context: ToolContext) -> ScriptSource? {
    do {
      return try given(path, in: context)
    } catch {
      context.console.error(error.description)
      return nil
    }
  }
}
