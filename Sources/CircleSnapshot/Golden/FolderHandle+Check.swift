import CircleRender
import CircleSystem
import Foundation

/// The folders of a check: golden, artifacts and script folders, opened as ``FolderHandle``s
/// that refuse every symbolic link below them.
extension FolderHandle {
  /// Opens a folder of a check, its own path followed as given (the user's choice) and every
  /// link below it refused; messages name it as ``DisplayPath`` shows it.
  ///
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when it cannot be opened or made, or is not a folder.
  package static func forCheck(_ url: URL, creating: Bool = false) throws(FileError)
    -> FolderHandle?
  {
    try open(url, displayPath: DisplayPath.of(url), creating: creating, links: .refused)
  }

  /// The folder at `path` below this one, created with the folders on the way when `creating`.
  ///
  /// - Returns: the folder, or `nil` when it does not exist and is not to be created.
  /// - Throws: ``FileError`` when a folder on the way is a link or a file, or cannot be made.
  package func subfolder(_ path: String, creating: Bool = false) throws(FileError)
    -> FolderHandle?
  {
    creating ? try folder(at: path, creating: true) : try existingFolder(at: path)
  }
}
