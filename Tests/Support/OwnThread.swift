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

/// Waits up to `limit` for a semaphore of the code under test on a thread of its own.
///
/// - Returns: whether it was signalled in time.
public func waited(
  for semaphore: DispatchSemaphore, _ limit: Duration = .seconds(60)
) async -> DispatchTimeoutResult {
  let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
  return await onThreadOfItsOwn { semaphore.wait(timeout: .now() + seconds) }
}
