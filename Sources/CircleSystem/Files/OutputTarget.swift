import Foundation

/// What a path named for one output file (`--junit`, `--report`, `view -o`, `:save`, …) holds,
/// and so how the file is written there.
///
/// A regular file, or nothing yet, is replaced whole through a temporary file and a rename (a
/// symbolic link to a regular file too: the link is replaced, the file it led to kept). A character
/// device or a named pipe (`/dev/stdout`, a FIFO, or a link to one) is never replaced: it is
/// opened and written through, as a shell's `>` does. Anything else (a folder, a socket, a block
/// device) is refused.
enum OutputTarget: Equatable {
  /// A regular file, a link to one, or nothing: replaced at this path.
  case replaced(String)
  /// A character device or a named pipe: written through at this path.
  case writtenThrough(String)

  /// What `path` (``RawPath`` text) holds, following symbolic links.
  ///
  /// - Throws: ``FileError`` naming `path` when it is a folder, a socket or a block device.
  static func resolve(_ path: String) throws(FileError) -> OutputTarget {
    if inheritedDescriptor(path) != nil { return .writtenThrough(path) }
    var info = stat()
    // Missing (or a link to nothing): the rename makes the file and reports any other trouble.
    guard RawPath.withCString(path, { stat($0, &info) }) == 0 else { return .replaced(path) }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .replaced(path)
    case S_IFCHR, S_IFIFO:
      return .writtenThrough(path)
    case S_IFDIR:
      throw FileError(path: path, action: "write", reason: "is a folder")
    case S_IFSOCK:
      throw FileError(path: path, action: "write", reason: "is a socket, not a file")
    case S_IFBLK:
      throw FileError(path: path, action: "write", reason: "is a block device, not a file")
    default:
      throw FileError(path: path, action: "write", reason: "is not a regular file")
    }
  }

  /// The descriptor of this process that `/dev/stdout`, `/dev/stderr`, `/dev/fd/<n>` or
  /// `/proc/self/fd/<n>` names, written to as it is: opening it again would start a regular
  /// file that standard output goes to over from its first byte, and a rename would replace it.
  /// So is a path that leads, through links, to the very file standard output or standard
  /// error is (a link to `/proc/self/fd/1`, or the file the output is redirected to).
  static func inheritedDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        guard let number = Int32(path.dropFirst(prefix.count)), number >= 0,
          fcntl(number, F_GETFD) >= 0
        else { return nil }
        return number
      }
      var info = stat()
      guard RawPath.withCString(path, { stat($0, &info) }) == 0,
        info.st_mode & S_IFMT == S_IFREG
      else { return nil }
      for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
        var stream = stat()
        if fstat(descriptor, &stream) == 0, stream.st_dev == info.st_dev,
          stream.st_ino == info.st_ino
        {
          return descriptor
        }
      }
      return nil
    }
  }

  /// Opens a device or named pipe for writing (waiting, as a shell does, for a pipe's reader),
  /// hands its descriptor to `body` and closes it.
  ///
  /// - Throws: ``FileError`` naming `path` when it cannot be opened, is no longer a device or a
  ///   pipe, or `body` or the close fails.
  static func writeThrough(
    to path: String, _ body: (Int32) throws(FileError) -> Void
  ) throws(FileError) {
    if let inherited = inheritedDescriptor(path) { return try body(inherited) }
    var descriptor: Int32
    repeat {
      descriptor = RawPath.withCString(path) { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw FileError(path: path, action: "write", errno: errno) }
    var info = stat()
    let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
    guard kind == S_IFCHR || kind == S_IFIFO else {
      close(descriptor)
      throw FileError(path: path, action: "write", reason: "changed while it was being written")
    }
    do throws(FileError) {
      try body(descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 || errno == EINTR else {
      throw FileError(path: path, action: "write", errno: errno)
    }
  }
}
