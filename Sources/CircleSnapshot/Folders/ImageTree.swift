import CircleRender
import CircleSystem
import Foundation

/// The PNG files below a folder, by their path in it, found without following a symbolic link.
///
/// Hidden files and folders (a name starting with `.`) are passed over, as globs do; symbolic
/// links, devices, FIFOs and files whose name does not end in `.png` are skipped with a note.
struct ImageTree: Sendable {
  /// The folder itself, held open: its links are refused.
  let root: FolderHandle
  /// Every PNG file, by its path below the folder (`/` between names, ``RawPath`` text).
  var images: [String: ImageFile] = [:]
  /// What was skipped, one note a file.
  var notes: [String] = []

  /// The most files one folder may hold for a comparison.
  static let fileLimit = 1_000_000

  /// Lists the folder.
  ///
  /// - Throws: ``FileError`` when it is missing, not a folder, or cannot be read.
  init(_ url: URL) throws(FileError) {
    guard let root = try FolderHandle.forCheck(url) else {
      throw FileError(path: DisplayPath.of(url), action: "open", reason: "no such folder")
    }
    self.root = root
    try visit(root, prefix: "")
  }

  private mutating func visit(_ folder: FolderHandle, prefix: String) throws(FileError) {
    for entry in try folder.entries() where !entry.name.hasPrefix(".") {
      let path = prefix + entry.name
      if entry.isFolder {
        // A folder swapped for a link since it was listed is refused here, not followed.
        guard let below = try folder.subfolder(entry.name) else { continue }
        try visit(below, prefix: path + "/")
        continue
      }
      guard let identity = folder.identity(ofFileNamed: entry.name) else {
        let reason: String
        do {
          _ = try folder.openFile(entry.name)
          reason = "not a regular file"
        } catch {
          reason = error.reason
        }
        notes.append("skipped '\(folder.join(entry.name))': \(reason)")
        continue
      }
      guard entry.name.lowercased().hasSuffix(".png") else {
        notes.append("skipped '\(folder.join(entry.name))': not named .png")
        continue
      }
      guard images.count < Self.fileLimit else {
        throw FileError(
          path: root.displayPath, action: "compare",
          reason: "it holds more than \(Self.fileLimit) PNG files; compare a subfolder")
      }
      images[path] = ImageFile(folder: folder, name: entry.name, identity: identity)
    }
  }
}

/// A PNG file found in a folder: the folder that holds it and its name there.
struct ImageFile: Sendable {
  let folder: FolderHandle
  let name: String
  /// The file as it was listed, so that pruning deletes only that file.
  let identity: FileIdentity

  /// The path messages show.
  var displayPath: String { folder.join(name) }
}

/// An image path and its file in each folder.
struct ImagePair: Sendable {
  let path: String
  let expected: ImageFile?
  let actual: ImageFile?
}

/// The artifacts folder of a comparison, made when the first diff is written.
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

  /// Deletes the diff image and strip an earlier comparison left for an image that now passes,
  /// when there are any; never makes a folder.
  func removeStale(of path: String) {
    guard
      let root = try? folder.withLock({ (held) throws(FileError) -> FolderHandle? in
        if held == nil { held = try FolderHandle.forCheck(url) }
        return held
      })
    else { return }
    for suffix in [".diff.png", ".strip.png"] {
      let (parent, leaf) = Self.split(Self.name(of: path, suffix: suffix))
      guard let base = parent.isEmpty ? root : try? root.existingFolder(at: parent),
        let identity = base.identity(ofFileNamed: leaf)
      else { continue }
      base.removeFile(named: leaf, ifStill: identity)
    }
  }

  /// Writes an artifact whole, making the folders on the way.
  func write(_ data: Data, of path: String, suffix: String) throws(FileError) {
    let root = try folder.withLock { (held) throws(FileError) -> FolderHandle in
      if let held { return held }
      guard let made = try FolderHandle.forCheck(url, creating: true) else {
        throw FileError(path: DisplayPath.of(url), action: "create", reason: "no such folder")
      }
      held = made
      return made
    }
    let name = Self.name(of: path, suffix: suffix)
    let (parent, leaf) = Self.split(name)
    let base = parent.isEmpty ? root : try root.folder(at: parent, creating: true)
    try AtomicFile.write(data, named: leaf, in: base, syncingFolder: false, flushing: false)
  }
}
