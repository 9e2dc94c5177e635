import Foundation

/// A script to run: its bytes and the name its diagnostics use.
public struct ScriptSource: Sendable {
  /// The script's text as read, not yet decoded (invalid UTF-8 is reported by the lexer).
  public var bytes: [UInt8]
  /// The name in diagnostics: the path as the user gave it, or `<stdin>`.
  public var fileName: String

  /// Creates a source from bytes.
  public init(bytes: [UInt8], fileName: String) {
    self.bytes = bytes
    self.fileName = fileName
  }

  /// Reads a script file.
  ///
  /// - Throws: `RunError.cannotRead` when the file is missing or unreadable.
  public init(contentsOf url: URL, displayName: String) throws(RunError) {
    do {
      let data = try Data(contentsOf: url)
      self.init(bytes: [UInt8](data), fileName: displayName)
    } catch {
      throw RunError.cannotRead(path: displayName, reason: FileProblem.reason(error, url: url))
    }
  }

  /// The script's name without folder and `.circles` extension (`samples/sun.circles` → `sun`).
  public var baseName: String {
    let last = (fileName as NSString).lastPathComponent
    return last.hasSuffix(".circles") ? String(last.dropLast(".circles".count)) : last
  }
}
