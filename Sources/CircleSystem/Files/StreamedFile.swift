import CircleSystem
import Foundation

/// A file written piece by piece that appears whole or not at all.
///
/// The pieces go to a hidden temporary file in the destination's folder, made and registered
/// as `AtomicFile` makes its own (`.circles-<random>.tmp`, in `TemporaryFiles`, so Ctrl-C
/// removes it); `commit()` renames it over the destination in one step (a symbolic link there
/// is replaced, never followed), `discard()` removes it. Until then the destination keeps
/// whatever it held, and readers, or the folder after the process is killed, see the old file
/// or the new one whole. Like frames, the file is not forced to disk (`fsync`): the system
/// writes it out as it does any file. Bytes already written can be rewritten in place (a
/// header whose counts are known only at the end).
///
/// A destination that is a character device or a named pipe (see ``OutputTarget``) is never
/// replaced: the pieces go to a temporary file in the system's temporary folder, copied
/// through to the destination by `commit()`.
package final class StreamedFile {
  /// The destination, as a path.
  package let path: String
  private let name: String
  private let registry: TemporaryFiles
  /// Whether `commit()` copies the file through to the destination rather than renaming it.
  private let writtenThrough: Bool
  private var ticket: TemporaryFiles.Ticket?
  /// Bytes written so far (some perhaps still in `pending`).
  package private(set) var count = 0
  /// Appended bytes not yet handed to the system: writers such as giflib's hand over a few
  /// hundred bytes at a time, and one system call for each cost more than the encoding.
  private var pending: [UInt8] = []
  private static let bufferSize = 1 << 16

  /// Creates the temporary file beside `url`, creating missing folders.
  ///
  /// - Throws: `FileError` for writing the destination with the destination's path and the system's reason.
  package init(url: URL, registry: TemporaryFiles = .shared) throws(FileError) {
    self.registry = registry
    let target: OutputTarget
    do throws(FileError) {
      target = try OutputTarget.resolve(url.standardizedFileURL.path)
    } catch {
      throw FileError(path: error.path, action: "write", reason: error.reason)
    }
    let destination: URL
    switch target {
    case .writtenThrough(let through):
      path = through
      name = ""
      writtenThrough = true
      destination = FileManager.default.temporaryDirectory.appendingPathComponent("stream")
    case .replaced(let replaced):
      path = replaced
      destination = URL(fileURLWithPath: replaced)
      name = destination.lastPathComponent
      writtenThrough = false
      if let problem = AtomicFile.problem(withName: name) {
        throw FileError(path: path, action: "write", reason: problem)
      }
    }
    let folder = destination.deletingLastPathComponent()
    do throws(FileError) {
      let handle = try FolderHandle(opening: folder, displayPath: folder.path)
      ticket = try registry.create(in: handle, for: path)
    } catch {
      throw FileError(path: error.path, action: "write", reason: error.reason)
    }
  }

  deinit { discard() }

  /// Appends bytes.
  package func append(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    if pending.count + bytes.count > Self.bufferSize { try flush() }
    if bytes.count >= Self.bufferSize {
      try write(bytes, at: count)
    } else {
      pending.append(contentsOf: bytes)
    }
    count += bytes.count
  }

  /// Hands the buffered bytes to the system.
  private func flush() throws(FileError) {
    guard !pending.isEmpty else { return }
    let start = count - pending.count
    let result = pending.withUnsafeBytes { buffer in
      Result { () throws(FileError) in try write(buffer, at: start) }
    }
    pending.removeAll(keepingCapacity: true)
    try result.get()
  }

  /// Appends bytes.
  package func append(_ bytes: [UInt8]) throws(FileError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(FileError) in try append(buffer) }
    }
    try result.get()
  }

  /// Rewrites bytes already written, from `offset` on.
  package func overwrite(_ bytes: [UInt8], at offset: Int) throws(FileError) {
    precondition(offset + bytes.count <= count)
    try flush()
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(FileError) in try write(buffer, at: offset) }
    }
    try result.get()
  }

  private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(FileError) {
    guard let ticket else { throw FileError(path: path, action: "write", reason: "already closed") }
    var done = 0
    while done < bytes.count {
      let written = pwrite(
        ticket.descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError(path: path, action: "write", reason: systemReason())
      }
      done += written
    }
  }

  /// Renames the file over the destination.
  ///
  /// - Throws: `FileError` for writing the destination; the temporary file is removed then.
  package func commit() throws(FileError) {
    do {
      try flush()
    } catch {
      discard()
      throw error
    }
    guard let ticket else { throw FileError(path: path, action: "write", reason: "already closed") }
    self.ticket = nil
    guard close(ticket.descriptor) == 0 else {
      let reason = systemReason()
      registry.discard(ticket)
      throw FileError(path: path, action: "write", reason: reason)
    }
    do throws(FileError) {
      if writtenThrough {
        defer { registry.discard(ticket) }
        try copyThrough(ticket)
      } else {
        try registry.commit(ticket, as: name, shown: path)
      }
    } catch {
      throw FileError(path: error.path, action: "write", reason: error.reason)
    }
  }

  /// Copies the written temporary file to the device or pipe at `path`, a block at a time.
  private func copyThrough(_ ticket: TemporaryFiles.Ticket) throws(FileError) {
    let source = openat(ticket.folder.descriptor, ticket.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard source >= 0 else { throw FileError(path: path, action: "write", errno: errno) }
    defer { close(source) }
    let shown = path
    try OutputTarget.writeThrough(to: path) { destination throws(FileError) in
      var block = [UInt8](repeating: 0, count: Self.bufferSize)
      while true {
        let count = block.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { throw FileError(path: shown, action: "write", errno: errno) }
        if count == 0 { return }
        let written = block.withUnsafeBytes {
          AtomicFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: destination)
        }
        guard written else { throw FileError(path: shown, action: "write", errno: errno) }
      }
    }
  }

  /// Removes the temporary file, leaving the destination as it was; nothing once committed.
  package func discard() {
    guard let ticket else { return }
    self.ticket = nil
    close(ticket.descriptor)
    registry.discard(ticket)
  }
}
