import Foundation

/// A folder held open by descriptor, in which files are read, written whole, renamed and
/// removed beneath it and nowhere else.
///
/// Every path is taken one name at a time from the folder's descriptor (`openat` with
/// `O_NOFOLLOW`), so no name can reach outside: an absolute path and `..` above the folder are
/// refused, and what a symbolic link on the way may do is the handle's ``Links`` rule, chosen
/// when it is opened. Missing folders on the way are created with `mkdirat` in the folder found
/// so far. Renaming the folder, or swapping a symbolic link in for a name already walked, cannot
/// redirect a write that is under way: the descriptors point at the folders themselves.
///
/// Names and paths are ``RawPath`` text, so files whose names are not UTF-8 are reached like any
/// other. Files are written through ``AtomicFile``: a hidden temporary file registered with
/// ``TemporaryFiles`` (removed when the process is stopped) and renamed into place.
package final class FolderHandle: Sendable {
  /// What a symbolic link on a path below the folder may do.
  package enum Links: Hashable, Sendable {
    /// A link is followed while it stays beneath the folder, as the kernel's `RESOLVE_BENEATH`
    /// does, and so is `..`; a link whose target is absolute or climbs above the folder is
    /// refused. For an output folder, where users may link a subfolder to another inside.
    case followedBeneath
    /// Every name on a path must be a real folder: a link is refused wherever it points, and so
    /// is `..`. For folders whose files come from elsewhere (goldens), where a link could send a
    /// write, a rename or a deletion anywhere.
    case refused
  }

  /// The folder as messages name it (`out`, `../frames`, `/tmp/x`).
  package let displayPath: String
  /// What symbolic links below the folder may do; folders reached from this one keep it.
  package let links: Links
  let descriptor: Int32

  /// The longest name a file system takes for one file or folder, in bytes.
  package static let nameLimit = 255
  /// The most symbolic links one path may go through.
  static let linkLimit = 40

  init(descriptor: Int32, displayPath: String, links: Links) {
    self.descriptor = descriptor
    self.displayPath = displayPath
    self.links = links
  }

  deinit {
    close(descriptor)
  }

  /// Opens a folder, creating it and its missing parents first when asked.
  ///
  /// The folder itself is the one the user chose, so its path is followed as the system
  /// follows any path; only what lies beneath it is held to the handle's rule.
  ///
  /// - Parameters:
  ///   - url: the folder; its path is ``RawPath`` text.
  ///   - displayPath: how messages name it; the URL's path unless given.
  ///   - creating: whether to create it when missing.
  ///   - links: what symbolic links below it may do.
  /// - Throws: ``FileError`` naming `displayPath` when the folder cannot be made or opened
  ///   (`no such file or folder`, `not a folder`, `permission denied`, …).
  package convenience init(
    opening url: URL, displayPath: String? = nil, creating: Bool = true,
    links: Links = .followedBeneath
  ) throws(FileError) {
    let shown = displayPath ?? url.standardizedFileURL.path
    guard let descriptor = try Self.openFolder(url, shown: shown, creating: creating) else {
      throw FileError(path: shown, action: "open", errno: ENOENT)
    }
    self.init(descriptor: descriptor, displayPath: shown, links: links)
  }

  /// Opens a folder that may not exist.
  ///
  /// - Parameters: as `init(opening:displayPath:creating:links:)`.
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when it exists but cannot be opened, or cannot be made.
  package static func open(
    _ url: URL, displayPath: String? = nil, creating: Bool = false,
    links: Links = .followedBeneath
  ) throws(FileError) -> FolderHandle? {
    let shown = displayPath ?? url.standardizedFileURL.path
    guard let descriptor = try openFolder(url, shown: shown, creating: creating) else {
      return nil
    }
    return FolderHandle(descriptor: descriptor, displayPath: shown, links: links)
  }

  /// The descriptor of the folder at `url`, made first when missing and `creating`; `nil` when
  /// it is missing otherwise.
  private static func openFolder(
    _ url: URL, shown: String, creating: Bool
  ) throws(FileError) -> Int32? {
    let path = url.standardizedFileURL.path
    func opened() -> Int32 {
      RawPath.withCString(path) { openat(AT_FDCWD, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }
    var descriptor = opened()
    if descriptor < 0, errno == ENOENT {
      guard creating else { return nil }
      do throws(FileError) {
        try AtomicFile.makeFolder(path)
      } catch {
        throw FileError(path: shown, action: "create", reason: error.reason)
      }
      descriptor = opened()
    }
    guard descriptor >= 0 else { throw FileError(path: shown, action: "open", errno: errno) }
    return descriptor
  }

  /// The folder at a relative path beneath this one.
  ///
  /// - Parameters:
  ///   - path: folder names joined by `/` (``RawPath`` text); empty names and `.` are skipped.
  ///   - creating: whether to create missing folders on the way.
  /// - Throws: ``FileError`` naming the path under `displayPath`: an absolute path, `..` or a
  ///   symbolic link the handle's rule refuses, a name that is not a folder, a missing folder
  ///   when not `creating`, too many links, or what the system reports.
  package func folder(at path: String, creating: Bool) throws(FileError) -> FolderHandle {
    guard let found = try walk(path, creating: creating) else {
      throw FileError(path: join(path), action: "open", reason: "no such folder")
    }
    return found
  }

  /// The folder at a relative path beneath this one, if it exists.
  ///
  /// - Returns: the folder, or `nil` when a folder on the way is missing.
  /// - Throws: ``FileError`` as ``folder(at:creating:)`` does for what is there.
  package func existingFolder(at path: String) throws(FileError) -> FolderHandle? {
    try walk(path, creating: false)
  }

  /// `displayPath/path`, without doubling a `/` or showing a leading `./`.
  package func join(_ path: String) -> String {
    if path.isEmpty { return displayPath }
    if displayPath == "." { return path }
    return displayPath.hasSuffix("/") ? displayPath + path : displayPath + "/" + path
  }

  /// The reason for a name longer than the file system takes.
  static func tooLong(_ name: Substring) -> String {
    "the name '\(name.prefix(24))…' is too long: \(RawPath.byteCount(of: String(name))) bytes, "
      + "at most \(nameLimit)"
  }
}
