import CircleRender
import CircleSystem
import Foundation

/// The lines typed in the REPL at a terminal, kept in a file from one session to the next.
///
/// The file is `$CIRCLES_HISTORY` when that is set (an empty value keeps no history), else
/// `$XDG_STATE_HOME/circles/history`, else `~/.local/state/circles/history`. It holds one line
/// per entry, oldest first; the last `limit` of them are read. Each new line is added at once,
/// at the end of the file in one write (so sessions running side by side each add theirs, and
/// a line costs the same however long the history). Once a history has added `limit` lines,
/// or the file has grown past twice what is read, the file is rewritten with its last `limit`
/// lines, as a temporary file renamed over it, so it stays bounded. A path that is not a
/// regular file (a folder, `/dev/null`, a pipe) is neither read nor written.
package struct ReplHistory: Sendable {
  /// The file, or `nil` for no history.
  package let file: URL?
  /// The most lines kept.
  package let limit: Int
  /// The most bytes read from the end of the file.
  static let readLimit = 1 << 20
  /// Lines added since the file was last rewritten, shared by copies of this history.
  private let added = Locked(0)

  /// Creates a history kept in a file.
  package init(file: URL?, limit: Int = EditLineReader.historyLimit) {
    self.file = file
    self.limit = max(1, limit)
  }

  /// Where the history is kept for an environment; `nil` when `CIRCLES_HISTORY` is empty or no
  /// home folder is known.
  ///
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - currentDirectory: what a relative `CIRCLES_HISTORY` is relative to.
  package static func location(
    environment: [String: String], currentDirectory: URL
  ) -> URL? {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    if let path = environment["CIRCLES_HISTORY"] {
      guard !path.isEmpty else { return nil }
      var expanded = path
      if path == "~" || path.hasPrefix("~/") {
        guard let home else { return nil }
        expanded = home + path.dropFirst()
      }
      return URL(fileURLWithPath: expanded, relativeTo: currentDirectory).standardizedFileURL
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("circles/history")
    }
    guard let home else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/circles/history")
  }

  /// The lines kept, oldest first (none when the file is missing or unreadable).
  package func load() -> [String] {
    guard let target = regularFile(),
      let folder = try? FolderHandle(
        opening: target.deletingLastPathComponent(), creating: false),
      let handle = try? folder.openFile(target.lastPathComponent)
    else { return [] }
    let start = max(0, handle.size - Self.readLimit)
    let data = handle.bytes(at: start, count: handle.size - start)
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    if start > 0, !lines.isEmpty { lines.removeFirst() }
    return Array(lines.suffix(limit))
  }

  /// Adds a line at the end of the file, after the lines it holds now, rewriting the file with
  /// its last `limit` lines when it has grown (see the type's discussion).
  ///
  /// - Throws: `FileError` for writing the file when it cannot be written.
  package func append(_ line: String) throws(FileError) {
    guard let file else { return }
    guard FolderHandle.status(atPath: file.path) != nil else {
      return try rewrite(file, with: [line])
    }
    guard let target = regularFile() else { return }
    let folderURL = target.deletingLastPathComponent()
    let size: Int
    do throws(FileError) {
      let folder = try FolderHandle(opening: folderURL, displayPath: folderURL.path)
      let appended = try AppendedFile(named: target.lastPathComponent, in: folder)
      try appended.append(line + "\n")
      size = appended.size
    } catch {
      throw FileError(path: error.path, action: "write", reason: error.reason)
    }
    let count = added.withLock { count in
      count += 1
      return count
    }
    if count >= limit || size > 2 * Self.readLimit { try rewrite(target, with: load()) }
  }

  /// Replaces the file with `lines`, the last `limit` of them.
  private func rewrite(_ target: URL, with lines: [String]) throws(FileError) {
    added.withLock { $0 = 0 }
    let text = lines.suffix(limit).joined(separator: "\n") + "\n"
    try AtomicFile.write(Data(text.utf8), to: target, syncingFolder: false, flushing: false)
  }

  /// The file the history is in, following symbolic links, when it is a regular file.
  private func regularFile() -> URL? {
    guard let file else { return nil }
    let target = URL(fileURLWithPath: FolderHandle.resolvedPath(file.path))
    return FolderHandle.status(atPath: target.path)?.kind == S_IFREG ? target : nil
  }
}
