import CircleRender
import CircleSystem
import Foundation

/// A script to run: its bytes and the name its diagnostics use.
package struct ScriptSource: Sendable {
  /// The script's text as read, not yet decoded (invalid UTF-8 is reported by the lexer).
  package var bytes: [UInt8]
  /// The name in diagnostics: the path as the user gave it, or `<stdin>`.
  package var fileName: String

  /// Creates a source from bytes.
  package init(bytes: [UInt8], fileName: String) {
    self.bytes = bytes
    self.fileName = fileName
  }

  /// The largest script read, in bytes: 64 MiB. A script's parsed form and run take a small
  /// multiple of its size, so a larger file is refused before it is read.
  package static let sizeLimit = 64 << 20

  /// Reads a script file.
  ///
  /// Only a regular file is read: a folder, a named pipe (FIFO), a device such as `/dev/zero`
  /// or a socket is refused at once, without waiting on it, and so is a file over `sizeLimit`.
  ///
  /// - Throws: `RunError.cannotRead` with the path as `displayName` gives it and the reason.
  package init(contentsOf url: URL, displayName: String) throws(RunError) {
    do throws(FileError) {
      self.init(bytes: try Self.bytes(ofFileAt: url.path), fileName: displayName)
    } catch {
      throw .cannotRead(path: displayName, reason: error.reason)
    }
  }

  /// The script's name without folder and `.circles` extension (`samples/sun.circles` → `sun`).
  package var baseName: String {
    let last = (fileName as NSString).lastPathComponent
    return last.hasSuffix(".circles") ? String(last.dropLast(".circles".count)) : last
  }
}
