import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder opened once, in which files are read, written whole, renamed and removed by name.
///
/// Everything below the folder is reached relative to its descriptor and never through a
/// symbolic link: a golden folder cannot send a write, a rename or a deletion elsewhere, however
/// its subfolders and files are linked. Names are ``RawPath`` text, so files whose names are not
/// UTF-8 are read and removed like any other. Files are written to a hidden temporary file
/// (`.circles-<random>.tmp`) and renamed into place, so a reader or a killed process sees the
/// old file or the new one, never part of one.
package final class Folder: @unchecked Sendable {
  /// The open folder.
  let descriptor: Int32
  /// Its path, for messages and URLs.
  package let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// The folder's URL.
  package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// Opens the folder at `path`, following symbolic links in the path as given (the user's
  /// choice), creating it and its parents when `creating`.
  ///
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when it cannot be opened or made, or is not a folder.
  package static func open(_ path: String, creating: Bool = false) throws(FileError) -> Folder? {
    let bytes = RawPath.bytes(of: path)
    let descriptor = openFolder(AT_FDCWD, bytes, following: true)
    if descriptor >= 0 { return Folder(descriptor: descriptor, path: path) }
    guard errno == ENOENT else {
      if errno == ENOTDIR { throw FileError(path: path, action: "open", reason: "not a folder") }
      throw FileError(path: path, action: "open", errno: errno)
    }
    guard creating else { return nil }
    let isAbsolute = bytes.first == UInt8(ascii: "/")
    let root = openFolder(AT_FDCWD, Array((isAbsolute ? "/" : ".").utf8), following: true)
    guard root >= 0 else { throw FileError(path: path, action: "open", errno: errno) }
    let start = Folder(descriptor: root, path: isAbsolute ? "/" : ".")
    guard let made = try start.subfolder(path, creating: true, following: true) else {
      throw FileError(path: path, action: "create", reason: "no such folder")
    }
    return Folder(descriptor: dup(made.descriptor), path: path)
  }

  /// `base/name`, without doubling a `/`.
  static func join(_ base: String, _ name: String) -> String {
    if base == "." { return name }
    return base.hasSuffix("/") ? base + name : base + "/" + name
  }

  /// Opens the folder `name` (one or more components joined by `/`) below this one, never
  /// through a symbolic link unless `following`, creating what is missing when `creating`.
  ///
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when a component is a file or a link, or cannot be made.
  package func subfolder(
    _ name: String, creating: Bool = false, following: Bool = false
  ) throws(FileError) -> Folder? {
    var current = self
    var walked = path
    for component in RawPath.bytes(of: name).split(separator: UInt8(ascii: "/")) {
      let part = Array(component)
      walked = Self.join(walked, RawPath.string(from: part))
      guard part != Array("..".utf8) else {
        throw FileError(path: walked, action: "open", reason: "a path with '..' is refused")
      }
      if part == Array(".".utf8) { continue }
      var opened = Self.openFolder(current.descriptor, part, following: following)
      if opened < 0, errno == ENOENT, creating {
        let made = part.withUnsafeBufferPointer { raw in
          Self.withCString(raw) { mkdirat(current.descriptor, $0, 0o777) }
        }
        guard made == 0 || errno == EEXIST else {
          throw FileError(path: walked, action: "create", errno: errno)
        }
        opened = Self.openFolder(current.descriptor, part, following: following)
      }
      if opened < 0 {
        if errno == ENOENT, !creating { return nil }
        if errno == ELOOP || errno == ENOTDIR {
          let kind = current.isLink(RawPath.string(from: part)) ? "a symbolic link" : "not a folder"
          throw FileError(path: walked, action: "open", reason: "is \(kind)")
        }
        throw FileError(path: walked, action: "open", errno: errno)
      }
      current = Folder(descriptor: opened, path: walked)
    }
    return current === self ? Folder(descriptor: dup(descriptor), path: path) : current
  }

  private static func openFolder(_ base: Int32, _ name: [UInt8], following: Bool) -> Int32 {
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
    return name.withUnsafeBufferPointer { raw in withCString(raw) { openat(base, $0, flags) } }
  }

  /// Calls `body` with the bytes as a NUL-terminated C string.
  static func withCString<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<CChar>) -> T
  )
    -> T
  {
    var terminated = [CChar](repeating: 0, count: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { terminated[index] = CChar(bitPattern: byte) }
    return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  func withName<T>(_ name: String, _ body: (UnsafePointer<CChar>) -> T) -> T {
    RawPath.bytes(of: name).withUnsafeBufferPointer { Self.withCString($0, body) }
  }

  /// What a folder holds: a name and whether it is a folder.
  package struct Entry: Hashable, Sendable {
    /// The name, as ``RawPath`` text.
    package var name: String
    /// Whether the entry is a folder (not a link to one).
    package var isFolder: Bool
  }

  /// The entries of the folder, hidden ones included, sorted by name.
  ///
  /// - Throws: ``FileError`` when the folder cannot be read.
  package func entries() throws(FileError) -> [Entry] {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      throw FileError(path: path, action: "read", errno: errno)
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
    var info = stat()
    let status = withName(name) { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }
    return status == 0 ? info.st_mode & S_IFMT : nil
  }

  /// Whether an entry exists (of any kind, a dangling link included).
  package func contains(_ name: String) -> Bool { kind(of: name) != nil }

  func isLink(_ name: String) -> Bool { kind(of: name) == S_IFLNK }

  /// The device and inode of the folder, to tell whether two paths lead to one folder.
  package var identity: [UInt64] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return [] }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
  }
}

/// A file or folder that could not be read or written, with the path and the system's reason.
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path concerned, as ``RawPath`` text.
  package var path: String
  /// What was being done: `read`, `write`, `open`, `create`, `rename`, `delete`.
  package var action: String
  /// Why it failed, as the system says it (`permission denied`, `no space left on device`).
  package var reason: String

  package init(path: String, action: String, reason: String) {
    self.path = path
    self.action = action
    self.reason = reason
  }

  package init(path: String, action: String, errno code: Int32) {
    self.init(path: path, action: action, reason: String(cString: strerror(code)).lowercased())
  }

  /// `cannot write 'path': reason`, the path shown relative to the current folder.
  package var description: String {
    "cannot \(action) '\(DisplayPath.of(URL(fileURLWithPath: path)))': \(reason)"
  }
}
