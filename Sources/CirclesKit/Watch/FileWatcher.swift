import Foundation

/// What is known of a file without reading it: enough to notice that it changed.
package struct FileStamp: Hashable, Sendable {
  /// The modification time, in seconds since 1970, with the file system's precision.
  package var modified: Double
  /// The size in bytes.
  package var size: Int
  /// The file's inode: an editor that saves by replacing the file gives a new one.
  package var inode: UInt64

  /// The stamp of the file at `url` now, or `nil` when it does not exist.
  package static func of(_ url: URL) -> FileStamp? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    return FileStamp(modified: modified, size: Int(info.st_size), inode: UInt64(info.st_ino))
  }
}

/// Polls one file and calls back when it changes, until told to stop.
///
/// The file is checked every `interval` by its modification time, size and inode; a file that
/// disappears (an editor saving by rename) is waited for, and counts as changed when it comes
/// back. The loop is bounded by its stop condition, checked before every poll, so tests and
/// callers decide how long it runs.
package struct FileWatcher: Sendable {
  /// The file watched.
  package var url: URL
  /// The time between two looks at the file.
  package var interval: Duration

  /// Creates a watcher.
  package init(url: URL, interval: Duration = .milliseconds(250)) {
    self.url = url
    self.interval = interval
  }

  /// Calls `onChange` once at once, then every time the file changes, until `shouldStop`
  /// returns `true`.
  ///
  /// - Parameters:
  ///   - shouldStop: asked before every poll; the loop returns when it answers `true`.
  ///   - sleep: waits between polls; tests may pass one that returns at once.
  ///   - onChange: runs with the file's stamp (`nil` while it is missing).
  package func watch(
    until shouldStop: () -> Bool,
    sleep: (Duration) -> Void = FileWatcher.pause,
    onChange: (FileStamp?) -> Void
  ) {
    var last = FileStamp.of(url)
    onChange(last)
    while !shouldStop() {
      sleep(interval)
      let now = FileStamp.of(url)
      guard now != last else { continue }
      last = now
      if now != nil { onChange(now) }
    }
  }
}

extension FileWatcher {
  /// Blocks the calling thread for a duration.
  package static func pause(_ duration: Duration) {
    Thread.sleep(forTimeInterval: duration.inSeconds)
  }
}
