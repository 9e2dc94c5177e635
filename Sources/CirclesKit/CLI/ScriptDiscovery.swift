import CircleRender
import CircleSnapshot
import CircleSystem
import Foundation

/// Finding the scripts named on the command line.
///
/// Paths are ``RawPath`` text, so a script whose name is not UTF-8 is found and read like any
/// other. Folders are searched below, skipping hidden folders, `__snapshots__` folders and
/// folders reached through a symbolic link (which could lead anywhere, or in a circle).
enum ScriptDiscovery {
  /// The script files among the paths: files as given, folders searched for `.circles` files,
  /// each folder's list sorted by name, the same file (by device and inode) kept once.
  ///
  /// - Throws: `UsageError` for a path that does not exist or a folder without scripts.
  static func scripts(in paths: [String], context: ToolContext) throws(UsageError) -> [URL] {
    var found: [URL] = []
    for path in paths {
      let url = context.url(for: path)
      guard let status = FolderHandle.status(atPath: url.path) else {
        throw UsageError(
          "cannot read '\(DisplayText.escaped(path))': no such file or folder")
      }
      guard status.kind == S_IFDIR else {
        found.append(url)
        continue
      }
      var inFolder: [URL] = []
      do {
        guard let folder = try FolderHandle.forCheck(url) else {
          throw UsageError("cannot read '\(DisplayText.escaped(path))': no such folder")
        }
        try collect(in: folder, at: url, into: &inFolder)
      } catch let error as UsageError {
        throw error
      } catch {
        throw UsageError("\(DisplayText.escaped("\(error)"))")
      }
      if inFolder.isEmpty {
        throw UsageError("no .circles scripts in '\(DisplayText.escaped(path))'")
      }
      found += inFolder
    }
    var seen = Set<[UInt64]>()
    return found.filter { url in
      guard let identity = FolderHandle.status(atPath: url.path)?.identity else { return true }
      return seen.insert(identity).inserted
    }
  }

  /// Adds the `.circles` files below a folder, depth first, each folder's entries by name.
  private static func collect(in folder: FolderHandle, at url: URL, into found: inout [URL])
    throws(FileError)
  {
    try folder.walkTree(skippingHidden: true) { entry in
      if entry.folder != nil { return entry.name != "__snapshots__" }
      if entry.name.hasSuffix(".circles") {
        found.append(url.appendingPathComponent(entry.path).standardizedFileURL)
      }
      return false
    }
  }
}
