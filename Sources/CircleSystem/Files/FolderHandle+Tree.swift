import Foundation

/// Walking everything below a folder held open: how scripts, screenshots, leftover artifacts
/// and review entries are found, one way.
extension FolderHandle {
  /// An entry met on a walk below a folder.
  package struct TreeEntry {
    /// The folder that holds the entry.
    package let parent: FolderHandle
    /// The entry's name in `parent`.
    package let name: String
    /// Its path below the folder the walk started from, names joined by `/`.
    package let path: String
    /// The entry itself, held open, when it is a folder.
    package let folder: FolderHandle?
  }

  /// Visits what lies below this folder, depth first, each folder's entries in the order of
  /// ``entries()``, and never through a symbolic link: a link is visited as the file it is, and a
  /// folder swapped for a link after it was listed is passed over.
  ///
  /// - Parameters:
  ///   - skippingHidden: whether names that start with `.` are passed over, as globs do.
  ///   - visit: called for every entry; for a folder, returns whether to walk into it (its
  ///     return value is ignored for anything else).
  /// - Throws: ``FileError`` when a folder cannot be read, or what `visit` throws.
  package func walkTree(
    skippingHidden: Bool, _ visit: (TreeEntry) throws(FileError) -> Bool
  ) throws(FileError) {
    try walkTree(prefix: "", skippingHidden: skippingHidden, visit)
  }

  private func walkTree(
    prefix: String, skippingHidden: Bool, _ visit: (TreeEntry) throws(FileError) -> Bool
  ) throws(FileError) {
    for entry in try entries() where !(skippingHidden && entry.name.hasPrefix(".")) {
      let path = prefix + entry.name
      guard entry.isFolder else {
        _ = try visit(TreeEntry(parent: self, name: entry.name, path: path, folder: nil))
        continue
      }
      guard let below = try child(entry.name) else { continue }
      if try visit(TreeEntry(parent: self, name: entry.name, path: path, folder: below)) {
        try below.walkTree(prefix: path + "/", skippingHidden: skippingHidden, visit)
      }
    }
  }

  /// The folder `name` of this folder, never through a symbolic link; `nil` when it is gone or
  /// is no longer a folder.
  private func child(_ name: String) throws(FileError) -> FolderHandle? {
    let opened = RawPath.withCString(name) {
      openat(descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard opened >= 0 else {
      let problem = errno
      if [ENOENT, ENOTDIR, ELOOP].contains(problem) { return nil }
      throw FileError(path: join(name), action: "read", errno: problem)
    }
    return FolderHandle(descriptor: opened, displayPath: join(name), links: links)
  }
}
