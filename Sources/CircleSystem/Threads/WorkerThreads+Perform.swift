import Foundation

/// Work spread over the calling thread and the threads of a pool, as
/// `DispatchQueue.concurrentPerform` spreads it, without waiting for a thread that cannot be had.
extension WorkerThreads {
  /// The pool that ``perform(iterations:_:)`` spreads work over: one thread fewer than the
  /// processors, the calling thread being one; made at its first use, and kept.
  package static let shared = WorkerThreads(
    upTo: ProcessInfo.processInfo.activeProcessorCount - 1)

  /// Runs `body` once for each of `iterations`, on the calling thread and as many of the pool's
  /// threads as are free (waiting for work), and returns when every iteration has run.
  ///
  /// The calling thread takes iterations until none is left, so the work is done even when the
  /// pool has no thread, or all of them are busy (a `perform` inside another one's iteration
  /// included).
  ///
  /// - Parameters:
  ///   - iterations: How many times `body` runs; its argument is `0..<iterations`.
  ///   - body: The work of one iteration.
  package func perform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard iterations > 1, count > 0 else {
      for index in 0..<max(0, iterations) { body(index) }
      return
    }
    let batch = Batch(iterations: iterations, body: body)
    for _ in 0..<min(count, iterations - 1) {
      guard runIfIdle({ batch.takeIterations() }) else { break }
    }
    batch.takeIterations()
    batch.waitUntilDone()
  }

  /// The iterations of one ``perform(iterations:_:)``, taken one by one by the threads that
  /// share them.
  private final class Batch: @unchecked Sendable {
    private let condition = NSCondition()
    private let iterations: Int
    private let body: @Sendable (Int) -> Void
    private var next = 0
    private var done = 0

    init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
      self.iterations = iterations
      self.body = body
    }

    /// Runs iterations not yet taken until there is none.
    func takeIterations() {
      while let index = take() {
        body(index)
        condition.lock()
        done += 1
        if done == iterations { condition.broadcast() }
        condition.unlock()
      }
    }

    private func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      guard next < iterations else { return nil }
      next += 1
      return next - 1
    }

    /// Waits until every iteration has run.
    func waitUntilDone() {
      condition.lock()
      while done < iterations { condition.wait() }
      condition.unlock()
    }
  }
}
