import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// Writes `data` whole to the file `name` in a folder held open, replacing any file there.
  ///
  /// The data goes to a hidden temporary file in the same folder (`.circles-<random>.tmp`,
  /// at most 26 bytes, so every name the file system takes can be written), which is then
  /// renamed over `name` in one step. A symbolic link at `name` is replaced, never followed.
  ///
  /// - Parameters:
  ///   - data: the complete contents of the file.
  ///   - name: one file name: not empty, not `.` or `..`, without `/` or NUL, at most 255
  ///     bytes.
  ///   - folder: the folder the file goes in.
  ///   - syncingFolder: whether to flush the folder entry too (see `write(_:to:)`).
  ///   - flushing: whether to flush the data before the rename (see `write(_:to:)`).
  /// - Returns: the identity of the file written.
  /// - Throws: `RenderError.cannotWrite` naming the file under the folder's `displayPath`, with
  ///   the reason; no temporary file is left behind.
  @discardableResult
  public static func write(
    _ data: Data, named name: String, in folder: FolderHandle, syncingFolder: Bool = true,
    flushing: Bool = true
  ) throws(RenderError) -> FileIdentity {
    try write(
      data, named: name, in: folder, syncingFolder: syncingFolder, flushing: flushing,
      registry: .shared)
  }

  /// `write(_:named:in:syncingFolder:flushing:)` with the temporary file kept in `registry`.
  static func write(
    _ data: Data, named name: String, in folder: FolderHandle, syncingFolder: Bool,
    flushing: Bool, registry: TemporaryFiles
  ) throws(RenderError) -> FileIdentity {
    let shown = folder.displayPath + "/" + name
    if let problem = problem(withName: name) {
      throw .cannotWrite(path: shown, reason: problem)
    }
    let ticket = try registry.create(in: folder, for: shown)
    var closed = false
    let identity: FileIdentity
    do throws(RenderError) {
      try writeAll(data, to: ticket.descriptor, path: shown)
      guard !flushing || fsync(ticket.descriptor) == 0 else {
        throw .cannotWrite(path: shown, reason: systemReason())
      }
      var info = stat()
      guard fstat(ticket.descriptor, &info) == 0 else {
        throw .cannotWrite(path: shown, reason: systemReason())
      }
      identity = FileIdentity(info)
      closed = true
      guard close(ticket.descriptor) == 0 else {
        throw .cannotWrite(path: shown, reason: systemReason())
      }
      try registry.commit(ticket, as: name, shown: shown)
    } catch {
      if !closed { close(ticket.descriptor) }
      registry.discard(ticket)
      throw error
    }
    if syncingFolder { _ = fsync(folder.descriptor) }
    return identity
  }

  /// Why `name` cannot be one file's name, or `nil` when it can.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty || name == "." || name == ".." { return "not a file name" }
    if name.utf8.contains(0) { return "a file name cannot hold a NUL byte" }
    if name.contains("/") { return "a file name cannot hold '/'" }
    if name.utf8.count > FolderHandle.nameLimit { return FolderHandle.tooLong(name[...]) }
    return nil
  }
}
