import CircleRender
import CircleSystem
import Foundation

/// Reading a script file: a regular file only, within `ScriptSource.sizeLimit`.
extension ScriptSource {
  /// The bytes of the script file at `path` (``RawPath`` text, so a name that is not UTF-8 is
  /// found).
  ///
  /// The file is opened without blocking (a named pipe with no writer would otherwise wait for
  /// one), then checked to be a regular file of at most `ScriptSource.sizeLimit` bytes before
  /// anything is read; the read stops as soon as it passes the limit.
  ///
  /// - Throws: `FileError` for reading `path`, with the reason: `no such file or folder`,
  ///   `is a folder, not a script`, `is a named pipe, not a script file; …`, `is too large for
  ///   a script: …`.
  package static func bytes(ofFileAt path: String) throws(FileError) -> [UInt8] {
    let descriptor = RawPath.withCString(path) {
      openat(AT_FDCWD, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      var info = stat()
      if errno == ENXIO, RawPath.withCString(path, { stat($0, &info) }) == 0, let kind = kind(info)
      {
        throw FileError(path: path, action: "read", reason: kind)
      }
      throw FileError(path: path, action: "read", errno: errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileError(path: path, action: "read", errno: errno)
    }
    if let kind = kind(info) { throw FileError(path: path, action: "read", reason: kind) }
    guard Int(info.st_size) <= ScriptSource.sizeLimit else {
      throw FileError(path: path, action: "read", reason: tooLarge(Int(info.st_size)))
    }
    do throws(FileReading.Failure) {
      return [UInt8](try FileReading.read(descriptor, limit: ScriptSource.sizeLimit))
    } catch {
      switch error {
      case .tooLarge: throw FileError(path: path, action: "read", reason: tooLarge(nil))
      case .system(let reason): throw FileError(path: path, action: "read", reason: reason)
      }
    }
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

  /// Why a file of this kind is not read as a script, or `nil` for a regular file.
  package static func kind(_ info: stat) -> String? {
    switch info.st_mode & S_IFMT {
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
