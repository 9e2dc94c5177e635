import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl

  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#endif

/// Writes files whole or not at all.
///
/// The data goes to a hidden temporary file in the destination's folder, is flushed to disk,
/// and is then renamed over the destination in one step: a reader sees the old file or the new
/// one, never a partial one, even if the process is killed mid-write (a kill can at worst leave
/// the hidden temporary file, named `.circles-<random>.tmp`, beside it; a process stopped by
/// Ctrl-C removes it first, see `TemporaryFiles`). Foundation's `FileManager.replaceItemAt` is
/// not used: on Linux it can lose the original file. Measured against
/// `Data.write(options: .atomic)` by `circles-bench --machinery`: a named pipe with a reader
/// gets all 65,536 bytes of a write where Foundation replaces the pipe by a file and the reader
/// gets none; a 64 KB write with the folder flushed too takes 1.1–1.7× Foundation's time.
package enum AtomicFile {
  /// Writes `data` to the file at `url`, replacing any file already there: the one function for
  /// every single file written at a path a user names.
  ///
  /// Missing parent folders are created. A new file gets the usual permissions (0666 less the
  /// process's umask). A symbolic link to a regular file is replaced, never followed; a
  /// character device or a named pipe (`/dev/stdout`, a FIFO, a link to one) is written through,
  /// never replaced; a folder, a socket or a block device is refused.
  ///
  /// - Parameters:
  ///   - data: the complete contents of the file.
  ///   - url: a file URL; its folder must be writable.
  ///   - syncingFolder: whether to flush the folder entry too, so the new name survives a power
  ///     loss. Without it the file is still whole or absent; a caller writing many files into
  ///     one folder can flush it once at the end with `syncFolder(_:)`.
  ///   - flushing: whether to flush the data to disk before the rename. Without it the file is
  ///     still whole or absent for readers and after the process is killed, but a power loss
  ///     before the system writes it out may leave it empty; a caller writing many files can
  ///     flush them all at once at the end with `syncFileSystem(containing:)`.
  /// - Throws: `FileError` for writing the path, with the
  ///   system's reason (`permission denied`, `is a folder`, `no space left on device`, …);
  ///   no temporary file is left behind.
  package static func write(
    _ data: Data, to url: URL, syncingFolder: Bool = true, flushing: Bool = true
  ) throws(FileError) {
    do throws(FileError) {
      switch try OutputTarget.resolve(url.standardizedFileURL.path) {
      case .writtenThrough(let path):
        try OutputTarget.writeThrough(to: path) { descriptor throws(FileError) in
          try writeAll(data, to: descriptor, path: path)
        }
      case .replaced(let path):
        let target = URL(fileURLWithPath: path)
        let folderURL = target.deletingLastPathComponent()
        let folder = try FolderHandle(opening: folderURL, displayPath: folderURL.path)
        try write(
          data, named: target.lastPathComponent, in: folder, syncingFolder: syncingFolder,
          flushing: flushing)
      }
    } catch {
      // Whatever step failed (opening the folder, renaming), the file is what was not written.
      throw FileError(path: error.path, action: "write", reason: error.reason)
    }
  }

  /// Flushes every file written to the file system holding `url` to disk, in one go (after
  /// writes made without `flushing`); failure is harmless and ignored.
  package static func syncFileSystem(containing url: URL) {
    let descriptor = RawPath.withCString(url.standardizedFileURL.path) {
      openat(AT_FDCWD, $0, O_RDONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return }
    // syncfs(2) flushes the whole file system; it is looked up at run time because the C
    // library declares it only for GNU sources. Elsewhere, flushing the folder is the fallback.
    typealias SyncFileSystem = @convention(c) (Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") {
      _ = unsafeBitCast(symbol, to: SyncFileSystem.self)(descriptor)
    } else {
      _ = fsync(descriptor)
    }
    close(descriptor)
  }

  /// Flushes a folder's entries to disk (after writes made without `syncingFolder`); failure
  /// is harmless and ignored.
  package static func syncFolder(_ url: URL) {
    syncFolder(url.standardizedFileURL.path)
  }

  /// The error for the failed system call that just set `errno`.
  static func failure(_ path: String) -> FileError {
    FileError(path: path, action: "write", errno: errno)
  }

  /// Writes every byte, retrying after interruptions and short writes.
  static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileError) {
    let written = data.withUnsafeBytes { writeAll($0, to: descriptor) }
    if !written { throw failure(path) }
  }

  /// Writes every byte of `bytes` to an open descriptor, retrying after interruptions and short
  /// writes; false (with `errno` set) when the system refuses.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += count
    }
    return true
  }

  /// Creates a folder (``RawPath`` text) and its missing parents, following links on the way as
  /// the system does; succeeds when it already exists.
  static func makeFolder(_ folder: String) throws(FileError) {
    var info = stat()
    if RawPath.withCString(folder, { stat($0, &info) }) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw FileError(path: folder, action: "create", errno: ENOTDIR)
      }
      return
    }
    guard errno == ENOENT else { throw FileError(path: folder, action: "create", errno: errno) }
    let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
    if parent != folder { try makeFolder(parent) }
    guard RawPath.withCString(folder, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
      throw FileError(path: folder, action: "create", errno: errno)
    }
  }

  /// Flushes the folder entry so the rename survives a power loss; failure is harmless.
  static func syncFolder(_ folder: String) {
    let descriptor = RawPath.withCString(folder) {
      openat(AT_FDCWD, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}
