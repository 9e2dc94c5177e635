import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder held open by descriptor, through which files are written beneath it and nowhere
/// else.
///
/// Every path is taken one name at a time from the folder's descriptor (`openat` with
/// `O_NOFOLLOW`), so no name can reach outside: an absolute path, `..` above the folder, and a
/// symbolic link whose target is absolute or climbs above the folder are refused. A symbolic
/// link that stays beneath the folder is followed, as the kernel's `RESOLVE_BENEATH` does.
/// Missing folders on the way are created with `mkdirat` in the folder found so far. Renaming
/// the folder, or swapping a symbolic link in for a name already walked, cannot redirect a
/// write that is under way: the descriptors point at the folders themselves.
public final class FolderHandle: Sendable {
  /// The folder as the user named it, for messages (`out`, `../frames`, `/tmp/x`).
  public let displayPath: String
  let descriptor: Int32

  /// The longest name a file system takes for one file or folder, in bytes.
  public static let nameLimit = 255
  /// The most symbolic links one path may go through.
  static let linkLimit = 40

  private init(descriptor: Int32, displayPath: String) {
    self.descriptor = descriptor
    self.displayPath = displayPath
  }

  deinit {
    close(descriptor)
  }

  /// Opens a folder, creating it and its missing parents first when asked.
  ///
  /// The folder itself is the one the user chose, so its path is followed as the system
  /// follows any path; only what lies beneath it is held to the rules above.
  ///
  /// - Parameters:
  ///   - url: the folder.
  ///   - displayPath: how messages name it; the URL's path unless given.
  ///   - creating: whether to create it when missing.
  /// - Throws: `RenderError.cannotWrite` naming `displayPath` when the folder cannot be made
  ///   or opened (`not a directory`, `permission denied`, …).
  public convenience init(
    opening url: URL, displayPath: String? = nil, creating: Bool = true
  ) throws(RenderError) {
    let path = url.standardizedFileURL.path
    let shown = displayPath ?? path
    if creating {
      do throws(RenderError) {
        try AtomicFile.makeFolder(path)
      } catch {
        guard case .cannotWrite(_, let reason) = error else { throw error }
        throw .cannotWrite(path: shown, reason: reason)
      }
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .cannotWrite(path: shown, reason: systemReason()) }
    self.init(descriptor: descriptor, displayPath: shown)
  }

  /// The folder at a relative path beneath this one.
  ///
  /// - Parameters:
  ///   - path: folder names joined by `/`; empty names and `.` are skipped.
  ///   - creating: whether to create missing folders on the way.
  /// - Throws: `RenderError.cannotWrite` naming the path under `displayPath`: an absolute
  ///   path, `..` or a symbolic link leading out, a name that is not a folder, too many links,
  ///   or what the system reports.
  public func folder(at path: String, creating: Bool) throws(RenderError) -> FolderHandle {
    let shown = displayPath + "/" + path
    guard !path.hasPrefix("/") else {
      throw .cannotWrite(path: shown, reason: "an absolute path leads out of '\(displayPath)'")
    }
    // `..` above the folder is refused before anything is created on the way.
    var depth = 0
    for name in path.split(separator: "/") where name != "." {
      depth += name == ".." ? -1 : 1
      guard depth >= 0 else {
        throw .cannotWrite(path: shown, reason: "'..' leads out of '\(displayPath)'")
      }
    }
    // Names still to walk, last first, each with the symbolic link whose target it came from.
    var pending = path.split(separator: "/").reversed().map { (name: $0, link: Substring?.none) }
    var stack: [Int32] = []
    defer { for opened in stack { close(opened) } }
    var top: Int32 { stack.last ?? descriptor }
    var links = 0
    func leadsOut(_ link: Substring) -> RenderError {
      .cannotWrite(path: shown, reason: "'\(link)' is a symbolic link out of '\(displayPath)'")
    }
    while let (name, link) = pending.popLast() {
      if name == "." { continue }
      if name == ".." {
        guard let last = stack.popLast() else {
          throw link.map(leadsOut)
            ?? .cannotWrite(path: shown, reason: "'..' leads out of '\(displayPath)'")
        }
        close(last)
        continue
      }
      guard name.utf8.count <= Self.nameLimit else {
        throw .cannotWrite(path: shown, reason: Self.tooLong(name))
      }
      let opened = openat(top, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if opened >= 0 {
        stack.append(opened)
        continue
      }
      let problem = errno
      if problem == ENOENT, creating {
        guard mkdirat(top, String(name), 0o777) == 0 || errno == EEXIST else {
          throw .cannotWrite(path: shown, reason: systemReason())
        }
        pending.append((name, link))
        continue
      }
      guard problem == ELOOP || problem == ENOTDIR || problem == ENOENT else {
        throw .cannotWrite(path: shown, reason: systemReason(problem))
      }
      guard let target = try self.link(named: String(name), in: top, shown: shown) else {
        throw .cannotWrite(
          path: shown,
          reason: problem == ENOENT ? "no such folder '\(name)'" : "'\(name)' is not a folder")
      }
      links += 1
      guard links <= Self.linkLimit else {
        throw .cannotWrite(path: shown, reason: "too many symbolic links")
      }
      guard !target.hasPrefix("/") else { throw leadsOut(name) }
      pending += target.split(separator: "/").reversed().map { ($0, link ?? name) }
    }
    let result = stack.isEmpty ? dup(descriptor) : stack.removeLast()
    guard result >= 0 else { throw .cannotWrite(path: shown, reason: systemReason()) }
    return FolderHandle(descriptor: result, displayPath: stack.isEmpty ? displayPath : shown)
  }

  /// The target of a symbolic link, or `nil` when the name is not one.
  private func link(named name: String, in folder: Int32, shown: String) throws(RenderError)
    -> String?
  {
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFLNK
    else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlinkat(folder, name, &buffer, buffer.count - 1)
    guard count >= 0 else { throw .cannotWrite(path: shown, reason: systemReason()) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The reason for a name longer than the file system takes.
  static func tooLong(_ name: Substring) -> String {
    "the name '\(name.prefix(24))…' is too long: \(name.utf8.count) bytes, at most \(nameLimit)"
  }
}

/// The system's reason for the failure that set `errno`, in lower case.
func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code)).lowercased()
}
