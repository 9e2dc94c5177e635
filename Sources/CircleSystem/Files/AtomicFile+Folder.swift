import Foundation

extension AtomicFile {
  /// Writes `data` whole to the file `name` in a folder held open, replacing any file there.
  ///
  /// The data goes to a hidden temporary file in the same folder (`.circles-<random>.tmp`,
  /// at most 26 bytes, so every name the file system takes can be written), which is then
  /// renamed over `name` in one step. A symbolic link at `name` is replaced, never followed.
  ///
  /// - Parameters:
  ///   - data: the complete contents of the file.
  ///   - name: one file name (``RawPath`` text): not empty, not `.` or `..`, without `/` or
  ///     NUL, at most 255 bytes.
  ///   - folder: the folder the file goes in.
  ///   - syncingFolder: whether to flush the folder entry too (see `write(_:to:)`).
  ///   - flushing: whether to flush the data before the rename (see `write(_:to:)`).
  ///   - replacing: whether a file already named `name` is replaced; when false, the write
  ///     fails instead, leaving that file as it is.
  ///   - beforeRenaming: called with the identity the new file will have once the data is in
  ///     the temporary file and before it is renamed over `name`; an error it throws leaves
  ///     `name` as it was.
  /// - Returns: the identity of the file written.
  /// - Throws: ``FileError`` naming the file under the folder's `displayPath`, with the reason;
  ///   no temporary file is left behind.
  @discardableResult
  package static func write(
    _ data: Data, named name: String, in folder: FolderHandle, syncingFolder: Bool = true,
    flushing: Bool = true, replacing: Bool = true,
    beforeRenaming: (FileIdentity) throws(FileError) -> Void = { _ in }
  ) throws(FileError) -> FileIdentity {
    try write(
      data, named: name, in: folder, syncingFolder: syncingFolder, flushing: flushing,
      replacing: replacing, registry: .shared, beforeRenaming: beforeRenaming)
  }

  /// `write(_:named:in:syncingFolder:flushing:)` with the temporary file kept in `registry`.
  static func write(
    _ data: Data, named name: String, in folder: FolderHandle, syncingFolder: Bool,
    flushing: Bool, replacing: Bool = true, registry: TemporaryFiles,
    beforeRenaming: (FileIdentity) throws(FileError) -> Void = { _ in }
  ) throws(FileError) -> FileIdentity {
    let shown = folder.join(name)
    if let problem = problem(withName: name) {
      throw FileError(path: shown, action: "write", reason: problem)
    }
    let ticket = try registry.create(in: folder, for: shown)
    var closed = false
    let identity: FileIdentity
    do throws(FileError) {
      try writeAll(data, to: ticket.descriptor, path: shown)
      guard !flushing || fsync(ticket.descriptor) == 0 else { throw failure(shown) }
      var info = stat()
      guard fstat(ticket.descriptor, &info) == 0 else { throw failure(shown) }
      identity = FileIdentity(info)
      closed = true
      guard close(ticket.descriptor) == 0 else { throw failure(shown) }
      try beforeRenaming(identity)
      try registry.commit(ticket, as: name, shown: shown, replacing: replacing)
    } catch {
      if !closed { close(ticket.descriptor) }
      registry.discard(ticket)
      throw error
    }
    if syncingFolder { _ = fsync(folder.descriptor) }
    return identity
  }

  /// Why `name` (``RawPath`` text) cannot be one file's name, or `nil` when it can.
  package static func problem(withName name: String) -> String? {
    if name.isEmpty || name == "." || name == ".." { return "not a file name" }
    if name.utf8.contains(0) { return "a file name cannot hold a NUL byte" }
    if name.contains("/") { return "a file name cannot hold '/'" }
    if RawPath.byteCount(of: name) > FolderHandle.nameLimit {
      return FolderHandle.tooLong(name[...])
    }
    return nil
  }
}
