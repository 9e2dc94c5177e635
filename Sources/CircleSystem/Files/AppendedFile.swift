import Foundation

/// A regular file of a folder, held open to have lines added at its end, each in one write:
/// a line is in the file as soon as the call returns, whatever becomes of the process.
///
/// Lines added from several threads do not mix: every write goes to the end of the file in one
/// step (`O_APPEND`).
package final class AppendedFile: @unchecked Sendable {
  private let descriptor: Int32
  private let shown: String
  private let closed = Locked(false)

  /// Opens the existing regular file `name` of the folder for adding to it, never through a
  /// symbolic link.
  ///
  /// - Throws: ``FileError`` when it is missing, a link or cannot be opened for writing.
  package init(named name: String, in folder: FolderHandle) throws(FileError) {
    shown = folder.join(name)
    let opened = RawPath.withCString(name) {
      openat(folder.descriptor, $0, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    }
    guard opened >= 0 else {
      if errno == ELOOP {
        throw FileError(path: shown, action: "write", reason: "is a symbolic link")
      }
      throw FileError(path: shown, action: "write", errno: errno)
    }
    descriptor = opened
  }

  deinit { close() }

  /// Adds `text` at the end of the file.
  ///
  /// - Throws: ``FileError`` with the system's reason (`no space left on device`, …), or when
  ///   the file was closed.
  package func append(_ text: String) throws(FileError) {
    var text = text
    let failure: String? = closed.withLock { closed in
      if closed { return "already closed" }
      let written = text.withUTF8 {
        AtomicFile.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
      }
      return written ? nil : systemReason()
    }
    if let failure { throw FileError(path: shown, action: "write", reason: failure) }
  }

  /// The file's size now, in bytes; 0 when it cannot be known.
  package var size: Int {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
  }

  /// Closes the file; later lines are refused.
  package func close() {
    closed.withLock { closed in
      guard !closed else { return }
      closed = true
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #elseif canImport(Musl)
        _ = Musl.close(descriptor)
      #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
      #endif
    }
  }
}
