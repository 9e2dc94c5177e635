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
  ///
  /// The work is let go as soon as the last iteration has run, before ``waitUntilDone()``
  /// returns: a pool thread that has not yet gone back to waiting holds nothing the caller gave
  /// (LeakSanitizer, which cannot follow the tagged references of a `Data` held in a closure,
  /// reported such values as leaked when the process ended in that moment).
  private final class Batch: @unchecked Sendable {
    private let condition = NSCondition()
    private let iterations: Int
    private var body: (@Sendable (Int) -> Void)?
    private var next = 0
    private var done = 0

    init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
      self.iterations = iterations
      self.body = body
    }

    /// Runs iterations not yet taken until there is none.
    func takeIterations() {
      while runNext() {
        condition.lock()
        done += 1
        if done == iterations {
          body = nil
          condition.broadcast()
        }
        condition.unlock()
      }
    }

    /// Runs the next iteration not yet taken, if any; its reference to the work ends with it.
    private func runNext() -> Bool {
      guard let (index, work) = take() else { return false }
      work(index)
      return true
    }

    private func take() -> (Int, @Sendable (Int) -> Void)? {
      condition.lock()
      defer { condition.unlock() }
      guard next < iterations, let body else { return nil }
      next += 1
      return (next - 1, body)
    }

    /// Waits until every iteration has run.
    func waitUntilDone() {
      condition.lock()
      while done < iterations { condition.wait() }
      condition.unlock()
    }
  }
}
