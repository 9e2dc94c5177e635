import Foundation

/// Runs blocking work (a busy loop that must not miss a moment, a wait on a semaphore of the
/// code under test) on a thread of its own and awaits its result, so that the tests' pool,
/// two threads on a two-core machine, is never held by it.
public func onThreadOfItsOwn<Result: Sendable>(
  _ work: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: work()) }.start()
  }
}
