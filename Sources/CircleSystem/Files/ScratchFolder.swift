import Foundation

/// A folder of this process's own in the system's temporary folder, for files that are made,
/// read back and never kept (the artifacts of the checks behind the preview and the review):
/// removed, with what it holds, by ``clear()`` and when the value goes.
///
/// It is made by whoever first writes into it; its name holds the process id and a random
/// part, so two processes, or two values, never share one.
package final class ScratchFolder: Sendable {
  /// Where it is.
  package let url: URL

  /// Names a new scratch folder, `circles-<purpose>-<pid>-<random>`; nothing is made yet.
  package init(purpose: String) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-\(purpose)-\(getpid())-\(UUID().uuidString)", isDirectory: true)
  }

  deinit { clear() }

  /// Removes the folder and what it holds (a symbolic link in it is removed, not followed).
  package func clear() {
    try? FileManager.default.removeItem(at: url)
  }
}
