import Foundation

/// The page the preview serves now and its version, shared between the thread that runs the
/// script and the server's threads, which wait here for the next version to tell the page.
package final class PreviewChannel: @unchecked Sendable {
  private let condition = NSCondition()
  private var page: [UInt8]
  private var version = 0
  private var closed = false

  /// Creates a channel holding a first page, version 0.
  package init(page: [UInt8] = []) {
    self.page = page
  }

  /// The page served now and its version.
  package var current: (version: Int, page: [UInt8]) {
    condition.withLock { (version, page) }
  }

  /// Whether `close()` was called.
  package var isClosed: Bool { condition.withLock { closed } }

  /// Replaces the page by a new version and wakes every waiter.
  ///
  /// - Parameter make: builds the page from its version number.
  /// - Returns: the new version.
  @discardableResult
  package func publish(_ make: (Int) -> [UInt8]) -> Int {
    condition.withLock {
      version += 1
      page = make(version)
      condition.broadcast()
      return version
    }
  }

  /// Waits until the version is not `seen`, the channel is closed, `stopping` holds (looked at
  /// whenever the wait wakes, see ``wake()``), or `timeout` passes.
  ///
  /// - Returns: the version then, or `nil` once the channel is closed or `stopping` holds.
  package func version(
    after seen: Int, timeout: Duration, stopping: () -> Bool = { false }
  ) -> Int? {
    let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
    return condition.withLock {
      while !closed, version == seen, !stopping() {
        if !condition.wait(until: deadline) { break }
      }
      return closed || stopping() ? nil : version
    }
  }

  /// Wakes every wait, so that each looks again at whether it should stop.
  package func wake() {
    condition.withLock { condition.broadcast() }
  }

  /// Ends every wait, now and later: the streams end and the server can stop.
  package func close() {
    condition.withLock {
      closed = true
      condition.broadcast()
    }
  }
}
