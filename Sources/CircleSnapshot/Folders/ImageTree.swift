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

  /// Opens a folder to be listed.
  ///
  /// - Throws: ``FileError`` when it is missing, not a folder, or cannot be opened.
  static func open(_ url: URL) throws(FileError) -> FolderHandle {
    guard let root = try FolderHandle.forCheck(url) else {
      throw FileError(path: DisplayPath.of(url), action: "open", reason: "no such folder")
    }
    return root
  }

  /// Lists a folder, leaving out the folder `excluded` wherever it lies below it (the other
  /// folder of a comparison, kept inside this one), with a note.
  ///
  /// - Throws: ``FileError`` when it cannot be read.
  init(_ root: FolderHandle, excluding excluded: FolderHandle? = nil) throws(FileError) {
    self.root = root
    try visit(root, excluding: excluded)
  }

  private mutating func visit(_ root: FolderHandle, excluding: FolderHandle?) throws(FileError) {
    try root.walkTree(skippingHidden: true) { (entry) throws(FileError) -> Bool in
      let folder = entry.parent
      if let below = entry.folder {
        if let excluding, below.isSameFolder(as: excluding) {
          notes.append(
            "left out '\(folder.join(entry.name))': it is the other folder of the comparison")
          return false
        }
        return true
      }
      guard let identity = folder.identity(ofFileNamed: entry.name) else {
        let reason: String
        do throws(FileError) {
          _ = try folder.openFile(entry.name)
          reason = "not a regular file"
        } catch {
          reason = error.reason
        }
        notes.append("skipped '\(folder.join(entry.name))': \(reason)")
        return false
      }
      guard entry.name.lowercased().hasSuffix(".png") else {
        notes.append("skipped '\(folder.join(entry.name))': not named .png")
        return false
      }
      guard images.count < Self.fileLimit else {
        throw FileError(
          path: root.displayPath, action: "compare",
          reason: "it holds more than \(Self.fileLimit) PNG files; compare a subfolder")
      }
      images[entry.path] = ImageFile(folder: folder, name: entry.name, identity: identity)
      return false
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
