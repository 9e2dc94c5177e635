import CircleRender
import CircleSystem
import Foundation

/// Where a script's goldens are: a folder reached as given (the user's choice, links followed)
/// and below it one or more folders reached only as real folders, never through a symbolic link.
///
/// By default the goldens of `scenes/sun.circles` are in `scenes/` + `__snapshots__/sun/`; with a
/// golden root `g` they are in `g/` + `sun/`; with a golden folder `dir` in its parent + its
/// name. The scenes of the goldens (their ``SceneHistory``) are kept beside the golden folder,
/// in its parent: `__snapshots__/sun.history`.
struct GoldenLocation: Hashable, Sendable {
  /// The folder reached as given.
  var root: URL
  /// The folders below it, the last being the golden folder; each a real folder.
  var folders: [String]

  /// The golden folder's URL.
  var url: URL {
    folders.reduce(root) { $0.appendingPathComponent($1, isDirectory: true) }
  }

  /// The golden folder's own name.
  var name: String { folders.last ?? "" }

  /// Where a script's goldens are under the options.
  init(script: URL, options: CheckOptions, key: String) {
    if let folder = options.goldenDirectory {
      root = folder.deletingLastPathComponent()
      folders = [folder.lastPathComponent]
    } else if let goldenRoot = options.goldenRoot {
      root = goldenRoot
      folders = key.split(separator: "/").map(String.init)
    } else {
      root = script.deletingLastPathComponent()
      folders = ["__snapshots__", script.deletingPathExtension().lastPathComponent]
    }
  }

  /// Opens the folder holding the golden folder (and the history), creating it when asked.
  ///
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when a folder is a link or a file, or cannot be opened or made.
  func parent(creating: Bool) throws(FileError) -> FolderHandle? {
    guard let root = try FolderHandle.forCheck(root, creating: creating) else { return nil }
    guard folders.count > 1 else { return root }
    return try root.subfolder(folders.dropLast().joined(separator: "/"), creating: creating)
  }
}
