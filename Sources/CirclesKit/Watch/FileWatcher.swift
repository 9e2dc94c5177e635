import CircleSystem
import Foundation

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
  ///   - onChange: runs with the file's identity (`nil` while it is missing).
  package func watch(
    until shouldStop: () -> Bool,
    sleep: (Duration) -> Void = FileWatcher.pause,
    onChange: (FileIdentity?) -> Void
  ) {
    var last = FileIdentity.of(url)
    onChange(last)
    while !shouldStop() {
      sleep(interval)
      let now = FileIdentity.of(url)
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
