import CircleRender
import CircleSystem
import Foundation

/// The folder where a check or a comparison leaves the actual, diff and strip images of one
/// script or folder of images (`.circles-artifacts/<name>/`), made when the first one is
/// written and removed when a run leaves it empty.
///
/// An image's artifacts are named by its path with a suffix in place of `.png`
/// (`sub/final.png` gives `sub/final.diff.png`). Safe to use from several threads at once: the
/// folder is opened or made once, under its lock, and each file is written whole.
final class ArtifactsFolder: Sendable {
  let url: URL
  private let folder = Locked<FolderHandle?>(nil)

  init(url: URL) {
    self.url = url
  }

  /// The URL of an artifact of the image at `path`: `<path without .png><suffix>`.
  func url(of path: String, suffix: String) -> URL {
    url.appendingPathComponent(Self.name(of: path, suffix: suffix))
  }

  /// A path's folder part and its last name.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }

  static func name(of path: String, suffix: String) -> String {
    let stem = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
    return stem + suffix
  }

  /// The folder when it exists; never made for this.
  func existing() -> FolderHandle? {
    try? folder.withLock { (held) throws(FileError) -> FolderHandle? in
      if held == nil { held = try FolderHandle.forCheck(url) }
      return held
    }
  }

  /// The folder holding an artifact of the image at `path`, and the artifact's own name, when
  /// the folder exists (or is made, when asked).
  func place(of path: String, suffix: String, creating: Bool = false) throws(FileError)
    -> (FolderHandle, String)?
  {
    let root: FolderHandle
    if creating {
      root = try folder.withLock { (held) throws(FileError) -> FolderHandle in
        if let held { return held }
        guard let made = try FolderHandle.forCheck(url, creating: true) else {
          throw FileError(path: DisplayPath.of(url), action: "create", reason: "no such folder")
        }
        held = made
        return made
      }
    } else {
      guard let found = existing() else { return nil }
      root = found
    }
    let (parent, leaf) = Self.split(Self.name(of: path, suffix: suffix))
    if parent.isEmpty { return (root, leaf) }
    guard
      let base = creating
        ? try root.folder(at: parent, creating: true)
        : try root.existingFolder(at: parent)
    else { return nil }
    return (base, leaf)
  }

  /// Writes an artifact whole, making the folders on the way.
  func write(_ data: Data, of path: String, suffix: String) throws(FileError) {
    guard let (base, leaf) = try place(of: path, suffix: suffix, creating: true) else {
      throw FileError(path: DisplayPath.of(url), action: "create", reason: "no such folder")
    }
    try AtomicFile.write(data, named: leaf, in: base, syncingFolder: false, flushing: false)
  }

  /// An artifact's bytes, when it exists.
  func contents(of path: String, suffix: String) -> Data? {
    guard let (base, leaf) = try? place(of: path, suffix: suffix) else { return nil }
    return try? base.contents(ofFileNamed: leaf, limit: Int.max)
  }

  /// Deletes artifacts of the image at `path` that an earlier run left, when there are any:
  /// only regular files, never a folder; never makes one.
  func remove(of path: String, suffixes: [String]) {
    for suffix in suffixes {
      guard let (base, leaf) = try? place(of: path, suffix: suffix),
        let identity = base.identity(ofFileNamed: leaf)
      else { continue }
      base.removeFile(named: leaf, ifStill: identity)
    }
  }

  /// Deletes the diff image and strip an earlier run left for an image that now passes.
  func removeStale(of path: String) {
    remove(of: path, suffixes: [".diff.png", ".strip.png"])
  }

  /// The suffixes of the artifacts a check or a comparison writes.
  static let suffixes = [".actual.png", ".diff.png", ".strip.png"]

  /// Deletes the artifacts an earlier run left for images this run no longer has (a frame
  /// renumbered or removed since, a screenshot deleted): regular files named with one of
  /// ``suffixes`` whose image is not in `paths`, in the folder and the folders below it, which
  /// are removed when that empties them. Other files, links and what they lead to stay.
  func removeLeftovers(keeping paths: Set<String>) {
    guard let root = existing() else { return }
    var folders: [String] = []
    try? root.walkTree(skippingHidden: false) { entry in
      if entry.folder != nil {
        folders.append(entry.path)
        return true
      }
      guard let suffix = Self.suffixes.first(where: { entry.name.hasSuffix($0) }),
        !paths.contains(String(entry.path.dropLast(suffix.count)) + ".png"),
        let identity = entry.parent.identity(ofFileNamed: entry.name)
      else { return false }
      entry.parent.removeFile(named: entry.name, ifStill: identity)
      return false
    }
    // The deepest first, so that a folder emptied by removing its own is removed too.
    for folder in folders.reversed() { _ = root.removeFolderIfEmpty(folder) }
  }

  /// Removes the folder, and the folders below it on the way to `paths`' artifacts, when they
  /// are empty: a run whose images all passed leaves no empty folder behind. Folders that hold
  /// anything (a later failure's images, a file of the user's) stay.
  func removeIfEmpty(below paths: [String]) {
    folder.withLock { $0 = nil }
    guard let parent = try? FolderHandle.forCheck(url.deletingLastPathComponent()) else { return }
    let name = url.lastPathComponent
    if let root = try? parent.subfolder(name) {
      var folders = Set(paths.map { Self.split($0).folder }.filter { !$0.isEmpty })
      for folder in folders {
        var parts = folder.split(separator: "/")
        while parts.count > 1 {
          parts.removeLast()
          folders.insert(parts.joined(separator: "/"))
        }
      }
      // The deepest first, so that a folder emptied by removing its own is removed too.
      for folder in folders.sorted(by: { $0.count > $1.count }) {
        _ = root.removeFolderIfEmpty(folder)
      }
    }
    _ = parent.removeFolderIfEmpty(name)
  }

  /// Runs `body`, then removes the folder of artifacts folders (`.circles-artifacts`) when
  /// `body` made it and left nothing in it.
  static func removingEmptyRoot<T>(_ root: URL, _ body: () -> T) -> T {
    let existed = FolderHandle.status(atPath: root.path) != nil
    let result = body()
    if !existed, let parent = try? FolderHandle.forCheck(root.deletingLastPathComponent()) {
      _ = parent.removeFolderIfEmpty(root.lastPathComponent)
    }
    return result
  }
}
