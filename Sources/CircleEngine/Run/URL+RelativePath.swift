import Foundation

extension URL {
  /// The path relative to a folder when inside it, else the absolute path.
  package func relativePath(from folder: URL) -> String {
    let base = folder.standardizedFileURL.path
    let path = standardizedFileURL.path
    if path == base { return "." }
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
