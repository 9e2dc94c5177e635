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

  /// The bytes of a file named on the command line (a script, `circles diff`'s inputs, a
  /// durations report): a regular file, followed through links as the user named it.
  ///
  /// The file is opened without blocking (a named pipe with no writer would otherwise wait for
  /// one), then checked to be a regular file of at most `limit` bytes before anything is read;
  /// the read stops as soon as it passes the limit, should the file grow meanwhile.
  ///
  /// - Parameters:
  ///   - path: the path (``RawPath`` text).
  ///   - shown: how messages name the file (the path as given).
  ///   - limit: the most bytes it may have.
  ///   - refusal: why a file of a kind other than regular is not read (by its `S_IFMT` bits);
  ///     `is a folder` or `is not a regular file` unless given.
  ///   - tooLarge: the reason for a file over the limit, given its size when known.
  /// - Throws: ``FileError`` naming the file and the reason.
  package static func readGivenFile(
    atPath path: String, shownAs shown: String, limit: Int = .max,
    refusal: (mode_t) -> String? = { $0 == S_IFDIR ? "is a folder" : "is not a regular file" },
    tooLarge: (Int?) -> String = { _ in "is too large" }
  ) throws(FileError) -> Data {
    func refused(_ reason: String) -> FileError {
      FileError(path: shown, action: "read", reason: reason)
    }
    let descriptor = RawPath.withCString(path) {
      openat(AT_FDCWD, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }
    var info = stat()
    guard descriptor >= 0 else {
      let problem = errno
      if problem == ENXIO || problem == EISDIR, RawPath.withCString(path, { stat($0, &info) }) == 0,
        let reason = refusal(info.st_mode & S_IFMT)
      {
        throw refused(reason)
      }
      throw FileError(path: shown, action: "read", errno: problem)
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else {
      throw FileError(path: shown, action: "read", errno: errno)
    }
    if info.st_mode & S_IFMT != S_IFREG {
      throw refused(refusal(info.st_mode & S_IFMT) ?? "is not a regular file")
    }
    guard Int(info.st_size) <= limit else { throw refused(tooLarge(Int(info.st_size))) }
    do throws(FileReading.Failure) {
      return try FileReading.read(descriptor, limit: limit)
    } catch {
      switch error {
      case .tooLarge: throw refused(tooLarge(nil))
      case .system(let reason): throw refused(reason)
      }
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
