import CircleRender
import CircleSystem
import Foundation

/// Reading a script file: a regular file only, within `ScriptSource.sizeLimit`.
extension ScriptSource {
  /// The bytes of the script file at `path` (``RawPath`` text, so a name that is not UTF-8 is
  /// found).
  ///
  /// Read as ``FolderHandle/readGivenFile(atPath:shownAs:limit:refusal:tooLarge:)`` reads: never
  /// waiting on a named pipe, within `ScriptSource.sizeLimit`.
  ///
  /// - Throws: `FileError` for reading `path`, with the reason: `no such file or folder`,
  ///   `is a folder, not a script`, `is a named pipe, not a script file; …`, `is too large for
  ///   a script: …`.
  package static func bytes(ofFileAt path: String) throws(FileError) -> [UInt8] {
    [UInt8](
      try FolderHandle.readGivenFile(
        atPath: path, shownAs: path, limit: ScriptSource.sizeLimit,
        refusal: { kind(of: $0) }, tooLarge: tooLarge))
  }

  /// Standard input up to its end, or up to one byte past `ScriptSource.sizeLimit`, so that a
  /// larger script is told apart without being held whole.
  package static func standardInputBytes() -> Data {
    do throws(FileReading.Failure) {
      return try FileReading.read(STDIN_FILENO, limit: ScriptSource.sizeLimit)
    } catch {
      return error == .tooLarge ? Data(count: ScriptSource.sizeLimit + 1) : Data()
    }
  }

  /// Why a file of this kind (its `S_IFMT` bits) is not read as a script, or `nil` for a
  /// regular file.
  package static func kind(of type: mode_t) -> String? {
    switch type {
    case S_IFREG: nil
    case S_IFDIR: "is a folder, not a script"
    case S_IFIFO:
      "is a named pipe, not a script file; to run what a program writes, pipe it into "
        + "'circles run -'"
    case S_IFCHR, S_IFBLK: "is a device, not a script file"
    case S_IFSOCK: "is a socket, not a script file"
    default: "is not a regular file"
    }
  }

  /// The reason for a script over the limit.
  package static func tooLarge(_ size: Int?) -> String {
    let limit = "at most \(ScriptSource.sizeLimit >> 20) MiB"
    guard let size else { return "is too large for a script: \(limit)" }
    let mebibytes = String(format: "%.1f", Double(size) / Double(1 << 20))
    return "is too large for a script: \(mebibytes) MiB, \(limit)"
  }
}
