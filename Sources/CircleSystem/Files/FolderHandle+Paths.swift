import Foundation

/// Looking at whole paths the user gave (``RawPath`` text), which are followed as the system
/// follows any path.
extension FolderHandle {
  /// What is at a path, following links: its type bits, device and inode; `nil` when nothing
  /// is there.
  package static func status(atPath path: String) -> (kind: mode_t, identity: [UInt64])? {
    var info = stat()
    guard RawPath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
    return (info.st_mode & S_IFMT, [UInt64(info.st_dev), UInt64(info.st_ino)])
  }

  /// The process's current folder.
  package static var currentDirectory: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  }

  /// Whether the path, followed, is a regular file this process may run.
  package static func isExecutableFile(atPath path: String) -> Bool {
    status(atPath: path)?.kind == S_IFREG && RawPath.withCString(path) { access($0, X_OK) } == 0
  }

  /// Whether the path is a symbolic link itself.
  package static func isLink(atPath path: String) -> Bool {
    var info = stat()
    return RawPath.withCString(path) { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// The path with every link in the part of it that exists resolved (`realpath`), and the rest
  /// as given: where a folder not made yet would be.
  package static func resolvedPath(_ path: String) -> String {
    var head = path
    var tail: [String] = []
    while !head.isEmpty, head != "/" {
      if let resolved = RawPath.withCString(head, { realpath($0, nil) }) {
        defer { free(resolved) }
        let base = RawPath.string(
          from: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        guard !tail.isEmpty else { return base }
        return (base.hasSuffix("/") ? base : base + "/") + tail.reversed().joined(separator: "/")
      }
      let url = URL(fileURLWithPath: head)
      tail.append(url.lastPathComponent)
      head = url.deletingLastPathComponent().path
    }
    return "/" + tail.reversed().joined(separator: "/")
  }

  /// The bytes of a file named on the command line (`circles diff`'s inputs): a regular file,
  /// followed through links as the user named it; a device or a FIFO is refused before it is
  /// opened, so that reading it cannot block.
  ///
  /// - Parameters:
  ///   - shown: how messages name the file (the path as given).
  ///   - limit: the most bytes it may have; a larger file is refused unread.
  /// - Throws: ``FileError`` naming the file and the reason.
  package static func readGivenFile(
    _ url: URL, shownAs shown: String, limit: Int = .max
  ) throws(FileError) -> Data {
    var info = stat()
    if RawPath.withCString(url.path, { stat($0, &info) }) == 0 {
      if info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
        throw FileError(path: shown, action: "read", reason: "is not a regular file")
      }
      if Int(info.st_size) > limit {
        throw FileError(
          path: shown, action: "read", reason: "is larger than \(limit >> 20) MiB")
      }
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw FileError(path: shown, action: "read", error: error)
    }
  }

  /// The bytes of the regular file at a path, its folder followed as given and the file itself
  /// never through a link; `nil` when it cannot be read or is larger than `limit`.
  package static func readFile(_ url: URL, limit: Int) -> Data? {
    let folder = url.deletingLastPathComponent()
    guard let opened = try? FolderHandle.open(folder) else { return nil }
    return try? opened.contents(ofFileNamed: url.lastPathComponent, limit: limit)
  }
}
