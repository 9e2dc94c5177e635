import CircleRender
import CircleSystem
import Dispatch
import Foundation

/// Runs frame jobs beside the thread that draws, a few at a time, in the order they were
/// given; or one by one on the calling thread when not parallel, or when the system gives no
/// thread to run them on.
///
/// A job makes a frame's bytes (on threads of the pipeline's own, one per processor) and hands
/// them to a storing step, run one at a time on a thread of its own: a write that waits for the
/// device leaves the processors to the encoding. The threads are made at the first job and kept
/// (see ``WorkerThreads``: Dispatch, which makes its threads when work arrives, waits for ever
/// for one the system refuses); without an encoding thread and a storing thread, every job runs
/// on the calling thread. Measured by `circles-bench --machinery`: with no room left for a
/// thread's stack, 8 frame jobs end in 14–44 ms on the calling thread where jobs given to
/// `DispatchQueue.global().async` never run (killed after 10 s); with room, 200 W2 frames encode
/// in 0.65–1.56× Dispatch's time, no difference beyond the noise of a shared machine. At most
/// `width` jobs encode, and encoded frames wait
/// to be stored up to `backlog` of them and `backlogBytes` in all (always at least one), so
/// memory stays bounded when the device is slower than encoding.
///
/// A job that fails is remembered by its frame number: the next `submit` and `finish` report
/// the earliest failure, so the script stops soon after it.
final class FramePipeline: @unchecked Sendable {
  /// Threads that encode, at most; none when not parallel.
  private let threadCount: Int
  /// The threads, once the first job asked for them; nil before, and when the system gave none.
  private var threads: (encoding: WorkerThreads, storing: WorkerThreads)?
  private var askedForThreads = false
  private let slots: DispatchSemaphore
  private let waiting: Backlog
  private let group = DispatchGroup()
  /// The earliest failure so far, by frame number.
  private let failure = Locked<(frame: Int, error: any Error)?>(nil)

  /// Creates a pipeline.
  ///
  /// - Parameters:
  ///   - parallel: run jobs on other threads, at most `width` at once.
  ///   - width: jobs given at once; by default one more than the processor count, so the
  ///     drawing thread always has a job waiting for each core.
  ///   - threads: threads that encode, at most; by default one per processor.
  ///   - backlog: encoded frames waiting to be stored, at most.
  ///   - backlogBytes: their bytes in all, at most (a frame larger than this waits alone).
  init(
    parallel: Bool, width: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    backlog: Int = 8, backlogBytes: Int = 32 << 20
  ) {
    threadCount = parallel ? max(1, threads) : 0
    slots = DispatchSemaphore(value: max(1, width))
    waiting = Backlog(frames: max(1, backlog), bytes: backlogBytes)
  }

  deinit {
    threads?.encoding.stop()
    threads?.storing.stop()
  }

  /// Makes frame `frame` with `make` and stores the result with `store`, now (sequential) or
  /// soon (parallel). Called from one thread, the one that draws.
  ///
  /// - Throws: the job's error when sequential; the earliest failure so far when parallel.
  func submit(
    frame: Int, _ make: @escaping @Sendable () throws -> Data,
    then store: @escaping @Sendable (Data) throws -> Void
  ) throws {
    guard let (encoding, storing) = startedThreads() else {
      try store(try make())
      return
    }
    if let failure = earliestFailure() { throw EarlierFailure(error: failure.error) }
    slots.wait()
    group.enter()
    encoding.run { [self] in
      defer {
        slots.signal()
        group.leave()
      }
      let output: Data
      do {
        output = try make()
      } catch {
        record(error, frame: frame)
        return
      }
      waiting.enter(output.count)
      group.enter()
      storing.run { [self] in
        defer {
          waiting.leave(output.count)
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

  /// The threads, made at the first call: nil when not parallel or when the system gives no
  /// encoding thread and storing thread.
  private func startedThreads() -> (encoding: WorkerThreads, storing: WorkerThreads)? {
    if !askedForThreads {
      askedForThreads = true
      let encoding = WorkerThreads(upTo: threadCount)
      let storing = WorkerThreads(upTo: encoding.count > 0 ? 1 : 0)
      if storing.count > 0 { threads = (encoding, storing) } else { encoding.stop() }
    }
    return threads
  }

  private func record(_ error: any Error, frame: Int) {
    failure.withLock { failure in
      if failure == nil || failure!.frame > frame { failure = (frame, error) }
    }
  }

  /// Waits for every job; returns the earliest failure, if any.
  func finish() -> (frame: Int, error: any Error)? {
    group.wait()
    threads?.encoding.waitUntilIdle()
    threads?.storing.waitUntilIdle()
    return earliestFailure()
  }

  private func earliestFailure() -> (frame: Int, error: any Error)? {
    failure.withLock { $0 }
  }
}

/// A frame written beside the drawing failed; the run stops at the next frame.
struct EarlierFailure: Error, CustomStringConvertible {
  var error: any Error
  var description: String { "stopped after an earlier frame failed: \(error)" }
}

extension FramePipeline {
  /// Encoded frames waiting to be stored, counted and weighed.
  final class Backlog: @unchecked Sendable {
    private let condition = NSCondition()
    private let frameLimit: Int
    private let byteLimit: Int
    private var frames = 0
    private var bytes = 0

    init(frames: Int, bytes: Int) {
      frameLimit = frames
      byteLimit = bytes
    }

    /// Waits until a frame of `count` bytes fits, then counts it in.
    func enter(_ count: Int) {
      condition.lock()
      while frames > 0, frames >= frameLimit || bytes + count > byteLimit { condition.wait() }
      frames += 1
      bytes += count
      condition.unlock()
    }

    /// Counts out a stored frame of `count` bytes.
    func leave(_ count: Int) {
      condition.lock()
      frames -= 1
      bytes -= count
      condition.broadcast()
      condition.unlock()
    }
  }
}
