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

extension Folder {
  /// A regular file of the folder opened for reading: its descriptor and size.
  package final class ReadableFile {
    let descriptor: Int32
    /// The file's size in bytes.
    package let size: Int

    init(descriptor: Int32, size: Int) {
      self.descriptor = descriptor
      self.size = size
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`; fewer at the end of the file.
    package func bytes(at offset: Int, count: Int) -> [UInt8] {
      guard count > 0, offset >= 0, offset < size else { return [] }
      var buffer = [UInt8](repeating: 0, count: min(count, size - offset))
      var done = 0
      while done < buffer.count {
        let read = buffer.withUnsafeMutableBytes { raw in
          pread(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
        }
        if read < 0, errno == EINTR { continue }
        guard read > 0 else { break }
        done += read
      }
      return Array(buffer.prefix(done))
    }

    /// The whole file, read into a buffer of its size.
    package func contents() -> Data {
      var data = Data(count: size)
      let done = data.withUnsafeMutableBytes { read(into: $0) }
      return done == size ? data : data.prefix(done)
    }

    /// Reads the file from its start into `buffer` (at most its size); returns how many bytes
    /// were read.
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
      var done = 0
      while done < min(buffer.count, size) {
        let count = pread(
          descriptor, buffer.baseAddress! + done, min(buffer.count, size) - done, off_t(done))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        done += count
      }
      return done
    }
  }

  /// Opens a regular file of the folder for reading, never through a symbolic link, without
  /// waiting on a FIFO or a device.
  ///
  /// - Throws: ``FileError`` when it is missing, a link, not a regular file or unreadable.
  package func openFile(_ name: String, following: Bool = false) throws(FileError)
    -> ReadableFile
  {
    let file = Self.join(path, name)
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
    let descriptor = withName(name) { openat(self.descriptor, $0, flags) }
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw FileError(path: file, action: "read", reason: "is a symbolic link")
      }
      throw FileError(path: file, action: "read", errno: errno)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      throw FileError(path: file, action: "read", errno: code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      let kind = info.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "not a regular file"
      throw FileError(path: file, action: "read", reason: kind)
    }
    return ReadableFile(descriptor: descriptor, size: Int(info.st_size))
  }

  /// The bytes of a regular file of the folder.
  ///
  /// - Parameter limit: the largest size read; a larger file is an error, not read at all.
  /// - Throws: ``FileError`` as ``openFile(_:)`` does, or when the file is larger than `limit`.
  package func contents(of name: String, limit: Int) throws(FileError) -> Data {
    let file = try openFile(name)
    guard file.size <= limit else {
      throw FileError(
        path: Self.join(path, name), action: "read",
        reason: "it holds \(file.size) bytes, more than the \(limit) a file here may")
    }
    return file.contents()
  }

  /// What is at a path (``RawPath`` text), following links: its type bits, device and inode;
  /// `nil` when nothing is there.
  package static func status(atPath path: String) -> (kind: mode_t, identity: [UInt64])? {
    var info = stat()
    let result = RawPath.bytes(of: path).withUnsafeBufferPointer { raw in
      withCString(raw) { stat($0, &info) }
    }
    guard result == 0 else { return nil }
    return (info.st_mode & S_IFMT, [UInt64(info.st_dev), UInt64(info.st_ino)])
  }

  /// Whether the path (``RawPath`` text) is a symbolic link itself.
  package static func isLink(atPath path: String) -> Bool {
    var info = stat()
    let result = RawPath.bytes(of: path).withUnsafeBufferPointer { raw in
      withCString(raw) { lstat($0, &info) }
    }
    return result == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// The path with every link in the part of it that exists resolved (`realpath`), and the rest
  /// as given: where a folder not made yet would be.
  package static func resolvedPath(_ path: String) -> String {
    var head = path
    var tail: [String] = []
    while !head.isEmpty, head != "/" {
      let resolved = RawPath.bytes(of: head).withUnsafeBufferPointer { raw in
        withCString(raw) { realpath($0, nil) }
      }
      if let resolved {
        defer { free(resolved) }
        let length = strlen(resolved)
        let bytes = UnsafeRawBufferPointer(start: resolved, count: length)
        let base = RawPath.string(from: bytes)
        guard !tail.isEmpty else { return base }
        return (base.hasSuffix("/") ? base : base + "/") + tail.reversed().joined(separator: "/")
      }
      let url = URL(fileURLWithPath: head)
      tail.append(url.lastPathComponent)
      head = url.deletingLastPathComponent().path
    }
    return "/" + tail.reversed().joined(separator: "/")
  }

  /// The bytes of the regular file at a path (``RawPath`` text), or `nil` when it cannot be
  /// read or is larger than `limit`.
  package static func readFile(_ url: URL, limit: Int) -> Data? {
    let folder = url.deletingLastPathComponent().path
    guard let opened = try? Folder.open(folder) else { return nil }
    return try? opened.contents(of: url.lastPathComponent, limit: limit)
  }

  /// Writes a file whole: to a hidden temporary file in the folder, then renamed over `name`.
  ///
  /// - Throws: ``FileError`` with the system's reason; no temporary file is left behind.
  package func write(_ data: Data, to name: String) throws(FileError) {
    let file = Self.join(path, name)
    let temporary = ".circles-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
    let descriptor = withName(temporary) {
      openat(self.descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else { throw FileError(path: file, action: "write", errno: errno) }
    var failure: Int32?
    data.withUnsafeBytes { raw in
      var done = 0
      while done < raw.count {
        let written = systemWrite(descriptor, raw.baseAddress! + done, raw.count - done)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          failure = written < 0 ? errno : ENOSPC
          return
        }
        done += written
      }
    }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil {
      let renamed = withName(temporary) { from in
        withName(name) { to in renameat(self.descriptor, from, self.descriptor, to) }
      }
      if renamed != 0 { failure = errno }
    }
    if let failure {
      _ = withName(temporary) { unlinkat(self.descriptor, $0, 0) }
      throw FileError(path: file, action: "write", errno: failure)
    }
  }

  /// Moves `name` of `source` to `newName` here in one step, replacing a file of that name.
  ///
  /// - Throws: ``FileError``; `EXDEV` (`invalid cross-device link`) when the two folders are
  ///   on different file systems.
  package func move(_ name: String, from source: Folder, to newName: String) throws(FileError) {
    let status = source.withName(name) { from in
      withName(newName) { to in renameat(source.descriptor, from, self.descriptor, to) }
    }
    guard status == 0 else {
      throw FileError(path: Self.join(source.path, name), action: "move", errno: errno)
    }
  }

  /// Renames a file of the folder unless `newName` exists: the file keeps its bytes and inode.
  ///
  /// - Returns: false, renaming nothing, when something is named `newName` already.
  /// - Throws: ``FileError`` when the file cannot be renamed.
  package func renameWithoutReplacing(_ name: String, to newName: String) throws(FileError) -> Bool
  {
    let linked = withName(name) { from in
      withName(newName) { to in linkat(self.descriptor, from, self.descriptor, to, 0) }
    }
    if linked != 0 {
      if errno == EEXIST { return false }
      // Hard links are not available here: a rename after a look, which a race could defeat.
      guard !contains(newName) else { return false }
      let renamed = withName(name) { from in
        withName(newName) { to in renameat(self.descriptor, from, self.descriptor, to) }
      }
      guard renamed == 0 else {
        throw FileError(path: Self.join(path, name), action: "rename", errno: errno)
      }
      return true
    }
    guard withName(name, { unlinkat(self.descriptor, $0, 0) }) == 0 else {
      throw FileError(path: Self.join(path, name), action: "rename", errno: errno)
    }
    return true
  }

  /// Deletes a file (or a symbolic link, not what it points to) of the folder; never a folder.
  ///
  /// - Throws: ``FileError`` when it cannot be deleted or is a folder.
  package func remove(_ name: String) throws(FileError) {
    guard withName(name, { unlinkat(self.descriptor, $0, 0) }) == 0 else {
      let code = errno
      if code == ENOENT { return }
      let reason = code == EISDIR ? "is a folder" : String(cString: strerror(code)).lowercased()
      throw FileError(path: Self.join(path, name), action: "delete", reason: reason)
    }
  }

  /// Removes the folder `name` (a path below this one) when it is empty.
  ///
  /// - Returns: whether it was removed.
  package func removeFolderIfEmpty(_ name: String) -> Bool {
    withName(name) { unlinkat(descriptor, $0, AT_REMOVEDIR) } == 0
  }

  /// Flushes the folder's entries to disk, so that its renames survive a power loss. (The
  /// files' own bytes are written out by the system as any file's are, as frames are.)
  package func synchronize() {
    _ = fsync(descriptor)
  }
}
