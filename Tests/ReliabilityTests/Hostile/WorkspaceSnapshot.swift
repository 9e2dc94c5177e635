import Foundation

/// Every entry of a folder tree, as it is now: regular files by their bytes, symbolic links by
/// their targets (never followed), folders by their presence.
struct WorkspaceSnapshot: Equatable, CustomStringConvertible {
  /// What one entry is.
  enum Entry: Equatable {
    case file(Data)
    case link(String)
    case folder
  }

  /// Every entry by its path relative to the root.
  var entries: [String: Entry]

  /// Takes the snapshot of a folder and everything beneath it.
  init(of root: URL) throws {
    var entries: [String: Entry] = [:]
    func walk(_ relative: String) throws {
      let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
        let path = relative.isEmpty ? name : relative + "/" + name
        let item = root.appendingPathComponent(path)
        let type =
          try FileManager.default.attributesOfItem(atPath: item.path)[.type]
          as? FileAttributeType
        switch type {
        case .typeSymbolicLink?:
          entries[path] = .link(
            try FileManager.default.destinationOfSymbolicLink(atPath: item.path))
        case .typeDirectory?:
          entries[path] = .folder
          try walk(path)
        default:
          entries[path] = .file(try Data(contentsOf: item))
        }
      }
    }
    try walk("")
    self.entries = entries
  }

  /// The entries of `other` that are missing or different here, by path.
  func changes(from other: WorkspaceSnapshot) -> [String] {
    other.entries.keys.filter { entries[$0] != other.entries[$0] }.sorted()
  }

  /// The paths here that `other` does not have.
  func additions(to other: WorkspaceSnapshot) -> [String] {
    entries.keys.filter { other.entries[$0] == nil }.sorted()
  }

  var description: String { entries.keys.sorted().joined(separator: "\n") }
}
