import Dispatch
import Foundation

/// Runs frame jobs beside the thread that draws, a few at a time, in the order they were
/// given; or one by one on the calling thread when not parallel.
///
/// A job makes a frame's bytes (on the pool of threads, one per processor) and hands them to a
/// storing step, run one at a time on a thread of its own: a write that waits for the device
/// leaves the processors to the encoding. At most `width` jobs encode and `backlog` encoded
/// frames wait to be stored, so memory stays bounded when the device is slower than encoding.
///
/// A job that fails is remembered by its frame number: the next `submit` and `finish` report
/// the earliest failure, so the script stops soon after it.
final class FramePipeline: @unchecked Sendable {
  /// Whether jobs run on other threads.
  let isParallel: Bool
  private let queue = DispatchQueue(label: "circles.frames", attributes: .concurrent)
  /// Serial queues get a thread of their own rather than one of the processors' pool.
  private let storing = DispatchQueue(label: "circles.frames.store")
  private let slots: DispatchSemaphore
  private let waiting: DispatchSemaphore
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var failure: (frame: Int, error: any Error)?

  /// Creates a pipeline.
  ///
  /// - Parameters:
  ///   - parallel: run jobs on other threads, at most `width` at once.
  ///   - width: jobs encoding at once; by default one more than the processor count, so the
  ///     drawing thread always has a job waiting for each core.
  ///   - backlog: encoded frames waiting to be stored.
  init(
    parallel: Bool, width: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
    backlog: Int = 8
  ) {
    isParallel = parallel
    slots = DispatchSemaphore(value: max(1, width))
    waiting = DispatchSemaphore(value: max(1, backlog))
  }

  /// Makes frame `frame` with `make` and stores the result with `store`, now (sequential) or
  /// soon (parallel).
  ///
  /// - Throws: the job's error when sequential; the earliest failure so far when parallel.
  func submit<Output: Sendable>(
    frame: Int, _ make: @escaping @Sendable () throws -> Output,
    then store: @escaping @Sendable (Output) throws -> Void
  ) throws {
    guard isParallel else {
      try store(try make())
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
      let output: Output
      do {
        output = try make()
      } catch {
        record(error, frame: frame)
        return
      }
      waiting.wait()
      group.enter()
      storing.async { [self] in
        defer {
          waiting.signal()
          group.leave()
        }
        do {
          try store(output)
        } catch {
          record(error, frame: frame)
        }
      }
    }
  }

  private func record(_ error: any Error, frame: Int) {
    lock.withLock {
      if failure == nil || failure!.frame > frame { failure = (frame, error) }
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
