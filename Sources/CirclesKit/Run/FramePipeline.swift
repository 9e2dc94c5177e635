import Dispatch
import Foundation

/// Runs frame jobs (encode and write) beside the thread that draws, a few at a time, in the
/// order they were given; or one by one on the calling thread when not parallel.
///
/// A job that fails is remembered by its frame number: the next `submit` and `finish` report
/// the earliest failure, so the script stops soon after it.
final class FramePipeline: @unchecked Sendable {
  /// Whether jobs run on other threads.
  let isParallel: Bool
  private let queue = DispatchQueue(label: "circles.frames", attributes: .concurrent)
  private let slots: DispatchSemaphore
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var failure: (frame: Int, error: any Error)?

  /// Creates a pipeline.
  ///
  /// - Parameters:
  ///   - parallel: run jobs on other threads, at most `width` at once.
  ///   - width: jobs in flight; by default one more than the processor count, so the drawing
  ///     thread always has a job waiting for each core.
  init(parallel: Bool, width: Int = ProcessInfo.processInfo.activeProcessorCount + 1) {
    isParallel = parallel
    slots = DispatchSemaphore(value: max(1, width))
  }

  /// Runs `job` for frame `frame` now (sequential) or soon (parallel).
  ///
  /// - Throws: the job's error when sequential; the earliest failure so far when parallel.
  func submit(frame: Int, _ job: @escaping @Sendable () throws -> Void) throws {
    guard isParallel else {
      try job()
      return
    }
    if let failure = earliestFailure() { throw EarlierFailure(error: failure.error) }
    slots.wait()
    group.enter()
    queue.async { [self] in
      defer {
        slots.signal()
        group.leave()
      }
      do {
        try job()
      } catch {
        lock.withLock {
          if failure == nil || failure!.frame > frame { failure = (frame, error) }
        }
      }
    }
  }

  /// Waits for every job; returns the earliest failure, if any.
  func finish() -> (frame: Int, error: any Error)? {
    group.wait()
    return earliestFailure()
  }

  private func earliestFailure() -> (frame: Int, error: any Error)? {
    lock.withLock { failure }
  }
}

/// A frame written beside the drawing failed; the run stops at the next frame.
struct EarlierFailure: Error, CustomStringConvertible {
  var error: any Error
  var description: String { "stopped after an earlier frame failed: \(error)" }
}
