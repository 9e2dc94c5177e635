import Foundation

/// A value shared between threads, reached only under a lock.
///
/// The lock is a POSIX mutex (`NSLock`), which ThreadSanitizer follows. `Mutex` from the
/// Synchronization module is as correct but, on Linux, hands a contended lock to the next thread
/// inside the kernel (a priority-inheriting futex), where ThreadSanitizer cannot see it: every
/// access made under a contended `Mutex` is then reported as a race, and real races among them
/// would go unnoticed.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates the shared value.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, under the lock.
  package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
