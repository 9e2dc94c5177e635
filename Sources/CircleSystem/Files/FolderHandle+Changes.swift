import Foundation

/// Renaming and removing the entries of a folder held open, by name: a symbolic link is renamed
/// or removed itself, never what it points to, and a folder is never removed with what it holds.
extension FolderHandle {
  /// Removes the file `name` from this folder if it is still the regular file `identity`
  /// describes; leaves anything else alone (a file replaced or edited since, a folder, a link).
  ///
  /// - Returns: whether the file was removed.
  @discardableResult
  package func removeFile(named name: String, ifStill identity: FileIdentity) -> Bool {
    guard self.identity(ofFileNamed: name) == identity else { return false }
    return RawPath.withCString(name) { unlinkat(descriptor, $0, 0) } == 0
  }

  /// Deletes a file (or a symbolic link, not what it points to) of the folder; never a folder.
  /// A name that is already gone is no error.
  ///
  /// - Throws: ``FileError`` when it cannot be deleted or is a folder.
  package func remove(_ name: String) throws(FileError) {
    guard RawPath.withCString(name, { unlinkat(descriptor, $0, 0) }) == 0 else {
      let code = errno
      if code == ENOENT { return }
      if code == EISDIR {
        throw FileError(path: join(name), action: "delete", reason: "is a folder")
      }
      throw FileError(path: join(name), action: "delete", errno: code)
    }
  }

  /// Removes the folder `name` (a path below this one) when it is empty.
  ///
  /// - Returns: whether it was removed.
  package func removeFolderIfEmpty(_ name: String) -> Bool {
    RawPath.withCString(name) { unlinkat(descriptor, $0, AT_REMOVEDIR) } == 0
  }

  /// Moves `name` of `source` to `newName` here in one step, replacing a file of that name.
  ///
  /// - Throws: ``FileError``; `EXDEV` (`invalid cross-device link`) when the two folders are
  ///   on different file systems.
  package func move(_ name: String, from source: FolderHandle, to newName: String)
    throws(FileError)
  {
    guard rename(name, in: source, to: newName) == 0 else {
      throw FileError(path: source.join(name), action: "move", errno: errno)
    }
  }

  /// Moves `name` of `source` to `newName` here unless something is named `newName` already:
  /// a hard link made in one step, then the source's name removed.
  ///
  /// - Returns: true when moved; false, moving nothing, when `newName` exists; `nil`, moving
  ///   nothing, when no hard link can be made (the folders are on different file systems, or
  ///   the file system has none): copy the bytes instead.
  package func moveWithoutReplacing(_ name: String, from source: FolderHandle, to newName: String)
    -> Bool?
  {
    let linked = RawPath.withCString(name) { from in
      RawPath.withCString(newName) { to in linkat(source.descriptor, from, descriptor, to, 0) }
    }
    guard linked == 0 else { return errno == EEXIST ? false : nil }
    _ = RawPath.withCString(name) { unlinkat(source.descriptor, $0, 0) }
    return true
  }

  /// Renames a file of the folder unless `newName` exists: the file keeps its bytes and inode.
  ///
  /// - Returns: false, renaming nothing, when something is named `newName` already.
  /// - Throws: ``FileError`` when the file cannot be renamed.
  package func renameWithoutReplacing(_ name: String, to newName: String) throws(FileError)
    -> Bool
  {
    let linked = RawPath.withCString(name) { from in
      RawPath.withCString(newName) { to in linkat(descriptor, from, descriptor, to, 0) }
    }
    if linked != 0 {
      if errno == EEXIST { return false }
      // Hard links are not available here: a rename after a look, which a race could defeat.
      guard !contains(newName) else { return false }
      guard rename(name, in: self, to: newName) == 0 else {
        throw FileError(path: join(name), action: "rename", errno: errno)
      }
      return true
    }
    guard RawPath.withCString(name, { unlinkat(descriptor, $0, 0) }) == 0 else {
      throw FileError(path: join(name), action: "rename", errno: errno)
    }
    return true
  }

  /// `renameat` from `source` to this folder; 0 on success, else -1 with `errno` set.
  func rename(_ name: String, in source: FolderHandle, to newName: String) -> Int32 {
    RawPath.withCString(name) { from in
      RawPath.withCString(newName) { to in renameat(source.descriptor, from, descriptor, to) }
    }
  }

  /// Flushes the folder's entries to disk, so that its renames survive a power loss; failure
  /// is harmless and ignored.
  package func synchronize() {
    _ = fsync(descriptor)
  }
}
