import Foundation

/// Writing a file only when its content changes, so that a folder watched by a viewer or a
/// build tool sees only real changes.
package enum ChangedFile {
  /// Writes `data` to `url` whole (through `AtomicFile`) unless the file already holds exactly
  /// these bytes; a device or a named pipe is always written through.
  ///
  /// - Returns: whether the file was written.
  /// - Throws: `FileError` for writing `url` when writing fails.
  @discardableResult
  package static func write(_ data: Data, to url: URL) throws(FileError) -> Bool {
    // Only a regular file is read first: reading a named pipe would wait for a writer.
    let kind = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type]
    if kind as? FileAttributeType == .typeRegular,
      let existing = try? Data(contentsOf: url, options: .uncached), existing == data
    {
      return false
    }
    try AtomicFile.write(data, to: url)
    return true
  }
}

extension ChangedFile {
  /// Writes `data` to the file `name` of a folder held open, unless that file already holds
  /// exactly these bytes.
  ///
  /// - Parameter beforeRenaming: as `AtomicFile.write(_:named:in:beforeRenaming:)`'s.
  /// - Returns: whether the file was written.
  /// - Throws: `FileError` when writing fails.
  @discardableResult
  package static func write(
    _ data: Data, named name: String, in folder: FolderHandle,
    beforeRenaming: (FileIdentity) throws(FileError) -> Void = { _ in }
  ) throws(FileError) -> Bool {
    if (try? folder.contents(ofFileNamed: name, limit: data.count)) == data { return false }
    try AtomicFile.write(data, named: name, in: folder, beforeRenaming: beforeRenaming)
    return true
  }
}
