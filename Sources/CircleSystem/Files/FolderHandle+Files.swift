import Foundation

/// Looking at, listing and reading the entries of a folder held open, never following a
/// symbolic link.
extension FolderHandle {
  /// What a folder holds: a name and whether it is a folder.
  package struct Entry: Hashable, Sendable {
    /// The name, as ``RawPath`` text.
    package var name: String
    /// Whether the entry is a folder (not a link to one).
    package var isFolder: Bool
  }

  /// The entries of the folder, hidden ones included, sorted by their bytes.
  ///
  /// - Throws: ``FileError`` when the folder cannot be read.
  package func entries() throws(FileError) -> [Entry] {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      throw FileError(path: displayPath, action: "read", errno: errno)
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var entries: [Entry] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
        Array(raw.prefix { $0 != 0 })
      }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      let text = RawPath.string(from: name)
      var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
      if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) { isFolder = kind(of: text) == S_IFDIR }
      entries.append(Entry(name: text, isFolder: isFolder))
    }
    return entries.sorted {
      RawPath.bytes(of: $0.name).lexicographicallyPrecedes(RawPath.bytes(of: $1.name))
    }
  }

  /// The file type bits of an entry, not following a link; `nil` when it does not exist.
  func kind(of name: String) -> mode_t? {
    status(of: name).map { $0.st_mode & S_IFMT }
  }

  /// What `fstatat` says of an entry, not following a link; `nil` when it does not exist.
  private func status(of name: String) -> stat? {
    var info = stat()
    let result = RawPath.withCString(name) {
      fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW)
    }
    return result == 0 ? info : nil
  }

  /// Whether `name` is a folder (not a link to one).
  package func isFolder(_ name: String) -> Bool { kind(of: name) == S_IFDIR }

  /// Whether an entry exists (of any kind, a dangling link included).
  package func contains(_ name: String) -> Bool { kind(of: name) != nil }

  /// The identity of the regular file `name` in this folder, or `nil` when there is none (no
  /// such name, a folder, a symbolic link, a device, …).
  package func identity(ofFileNamed name: String) -> FileIdentity? {
    guard AtomicFile.problem(withName: name) == nil, let info = status(of: name),
      info.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return FileIdentity(info)
  }

  /// Opens a regular file of the folder for reading, without waiting on a FIFO or a device,
  /// and never through a symbolic link unless `following`.
  ///
  /// - Parameters:
  ///   - name: the file's name (``RawPath`` text).
  ///   - following: whether a symbolic link at the name is followed (for a file the user named
  ///     on the command line, not for one found in a folder).
  /// - Throws: ``FileError`` when it is missing, a link, not a regular file or unreadable.
  package func openFile(_ name: String, following: Bool = false) throws(FileError) -> ReadableFile {
    let file = join(name)
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
    let opened = RawPath.withCString(name) { openat(descriptor, $0, flags) }
    guard opened >= 0 else {
      if errno == ELOOP, !following {
        throw FileError(path: file, action: "read", reason: "is a symbolic link")
      }
      throw FileError(path: file, action: "read", errno: errno)
    }
    var info = stat()
    guard fstat(opened, &info) == 0 else {
      let code = errno
      close(opened)
      throw FileError(path: file, action: "read", errno: code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(opened)
      let kind = info.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "not a regular file"
      throw FileError(path: file, action: "read", reason: kind)
    }
    return ReadableFile(descriptor: opened, size: Int(info.st_size))
  }

  /// The bytes of a regular file of the folder, never read through a symbolic link.
  ///
  /// - Parameter limit: the largest size read; a larger file is an error, not read at all.
  /// - Throws: ``FileError`` as ``openFile(_:following:)`` does, or when the file is larger
  ///   than `limit`.
  package func contents(ofFileNamed name: String, limit: Int) throws(FileError) -> Data {
    let file = try openFile(name)
    guard file.size <= limit else {
      throw FileError(
        path: join(name), action: "read",
        reason: "it holds \(file.size) bytes, more than the \(limit) a file here may")
    }
    return file.contents()
  }

  /// The device and inode of the folder, to tell whether two paths lead to one folder; empty
  /// when they cannot be had.
  package var identity: [UInt64] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return [] }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
  }

  /// Whether two handles hold the same folder (the same device and inode), however reached.
  package func isSameFolder(as other: FolderHandle) -> Bool {
    let mine = identity
    return !mine.isEmpty && mine == other.identity
  }
}
