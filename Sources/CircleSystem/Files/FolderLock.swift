import Foundation

/// An exclusive lock on a folder, held through a lock file in it (`flock`), so that programs
/// that take the same lock use the folder one at a time.
///
/// The lock is the system's: it ends when `unlock()` is called, when the lock is released from
/// memory, or when the process ends in any way, killed included, so a lock is never left
/// behind. The lock file itself stays (removing it would let two programs lock two different
/// files of the same name); it is empty.
package final class FolderLock: Sendable {
  private let descriptor: Int32

  /// Takes the lock of a folder, waiting while another process holds it.
  ///
  /// - Parameters:
  ///   - folder: the folder to lock.
  ///   - name: the lock file's name in it; created when missing, never through a symbolic link.
  ///   - whenBusy: called once, before waiting, when another process holds the lock.
  /// - Throws: ``FileError`` naming the lock file when it cannot be made or opened (a read-only
  ///   folder, a folder or link in its place).
  package init(
    _ folder: FolderHandle, fileNamed name: String, whenBusy: () -> Void = {}
  ) throws(FileError) {
    let shown = folder.join(name)
    let opened = RawPath.withCString(name) {
      openat(
        folder.descriptor, $0, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o666)
    }
    guard opened >= 0 else {
      throw FileError(
        path: shown, action: "write", reason: errno == ELOOP ? "is a symbolic link" : systemReason()
      )
    }
    var info = stat()
    guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(opened)
      throw FileError(path: shown, action: "write", reason: "not a regular file")
    }
    descriptor = opened
    if Self.take(opened, waiting: false) { return }
    whenBusy()
    _ = Self.take(opened, waiting: true)
  }

  /// Takes the lock; true once held, or when the file system has no locks to take.
  private static func take(_ descriptor: Int32, waiting: Bool) -> Bool {
    while true {
      if flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB)) == 0 { return true }
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      // A file system without locks (some network mounts): go on unlocked, as other tools do.
      default: return true
      }
    }
  }

  /// Releases the lock.
  package func unlock() {
    flock(descriptor, LOCK_UN)
  }

  deinit {
    close(descriptor)
  }
}
