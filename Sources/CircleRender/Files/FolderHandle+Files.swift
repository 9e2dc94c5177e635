import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
#elseif canImport(Musl)
  import Musl

  private let systemRead = Musl.read
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
#endif

/// Looking at, reading and removing single files of a folder held open, never following a
/// symbolic link.
extension FolderHandle {
  /// The identity of the regular file `name` in this folder, or `nil` when there is none (no
  /// such name, a folder, a symbolic link, a device, …).
  public func identity(ofFileNamed name: String) -> FileIdentity? {
    guard AtomicFile.problem(withName: name) == nil else { return nil }
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return FileIdentity(info)
  }

  /// Removes the file `name` from this folder if it is still the regular file `identity`
  /// describes; leaves anything else alone (a file replaced or edited since, a folder, a link).
  ///
  /// - Returns: whether the file was removed.
  @discardableResult
  public func removeFile(named name: String, ifStill identity: FileIdentity) -> Bool {
    guard self.identity(ofFileNamed: name) == identity else { return false }
    return unlinkat(descriptor, name, 0) == 0
  }

  /// The bytes of the regular file `name` in this folder, or `nil` when it is not a regular
  /// file, cannot be read, or holds more than `limit` bytes.
  public func contents(ofFileNamed name: String, limit: Int) -> Data? {
    guard AtomicFile.problem(withName: name) == nil else { return nil }
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit
    else { return nil }
    return try? FileReading.read(file, limit: limit)
  }
}

/// Reading a whole file from a descriptor, within a bound.
public enum FileReading {
  /// Why a read stopped.
  public enum Failure: Error, Equatable {
    /// The file holds more than the limit.
    case tooLarge
    /// The system's reason, in lower case.
    case system(String)
  }

  /// Reads everything from `descriptor` up to its end, at most `limit` bytes.
  ///
  /// - Throws: `.tooLarge` as soon as more than `limit` bytes come, `.system` when a read
  ///   fails.
  public static func read(_ descriptor: Int32, limit: Int) throws(Failure) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(systemReason())
      }
      if count == 0 { return data }
      guard data.count + count <= limit else { throw .tooLarge }
      data.append(contentsOf: chunk[..<count])
    }
  }
}

extension FolderHandle {
  /// Whether two handles hold the same folder (the same device and inode), however reached.
  public func isSameFolder(as other: FolderHandle) -> Bool {
    var mine = stat()
    var theirs = stat()
    guard fstat(descriptor, &mine) == 0, fstat(other.descriptor, &theirs) == 0 else {
      return false
    }
    return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
  }
}
