import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written piece by piece that appears whole or not at all.
///
/// The pieces go to a hidden temporary file in the destination's folder (`.<name>.<random>.tmp`,
/// as `AtomicFile` names it); `commit()` renames it over the destination in one step,
/// `discard()` removes it. Until then the destination keeps whatever it held, and readers, or
/// the folder after the process is killed, see the old file or the new one whole. Like frames,
/// the file is not forced to disk (`fsync`): the system writes it out as it does any file.
/// Bytes already written can be rewritten in place (a header whose counts are known only at
/// the end).
final class StreamedFile {
  /// The destination, as a path.
  let path: String
  private let temporary: String
  private var descriptor: Int32
  private var isFinished = false
  /// Bytes written so far.
  private(set) var count = 0

  /// Creates the temporary file beside `url`, creating missing folders.
  ///
  /// - Throws: `RenderError.cannotWrite` with the destination's path and the system's reason.
  init(url: URL) throws(RenderError) {
    let destination = url.standardizedFileURL
    path = destination.path
    let folder = destination.deletingLastPathComponent()
    try AtomicFile.makeFolder(folder.path)
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw .cannotWrite(path: path, reason: "is a directory")
    }
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    temporary =
      folder.appendingPathComponent(".\(destination.lastPathComponent).\(suffix).tmp")
      .path
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFile.failure(path) }
  }

  deinit { discard() }

  /// Appends bytes.
  func append(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
    try write(bytes, at: count)
    count += bytes.count
  }

  /// Appends bytes.
  func append(_ bytes: [UInt8]) throws(RenderError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(RenderError) in try append(buffer) }
    }
    try result.get()
  }

  /// Rewrites bytes already written, from `offset` on.
  func overwrite(_ bytes: [UInt8], at offset: Int) throws(RenderError) {
    precondition(offset + bytes.count <= count)
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(RenderError) in try write(buffer, at: offset) }
    }
    try result.get()
  }

  private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RenderError) {
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: "already closed") }
    var done = 0
    while done < bytes.count {
      let written = pwrite(
        descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
      if written < 0 {
        if errno == EINTR { continue }
        throw AtomicFile.failure(path)
      }
      done += written
    }
  }

  /// Renames the file over the destination.
  ///
  /// - Throws: `RenderError.cannotWrite`; the temporary file is removed then.
  func commit() throws(RenderError) {
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: "already closed") }
    defer { discard() }
    let closing = descriptor
    descriptor = -1
    guard close(closing) == 0 else { throw AtomicFile.failure(path) }
    guard rename(temporary, path) == 0 else { throw AtomicFile.failure(path) }
    isFinished = true
  }

  /// Removes the temporary file, leaving the destination as it was; nothing once committed.
  func discard() {
    guard !isFinished else { return }
    isFinished = true
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    unlink(temporary)
  }
}
