import Foundation


/// A few threads of the process's own that run jobs in the order they are given, made at once
/// and kept until ``stop()``, which their owner calls when done (the threads keep the pool).
///
/// Dispatch makes its threads when work arrives and, when the system refuses one (an address
/// space too small for another stack), sleeps and asks again for ever, so the work never runs
/// and its caller never returns. These threads are asked for once, when the pool is made: a
/// refusal is known at once, and ``count`` says how many there are, none when the system
/// would give none. ``perform(iterations:_:)`` spreads work over them and the calling thread,
/// as `DispatchQueue.concurrentPerform` does.
///
/// Measured by `circles-bench --machinery`: with no room left for a thread's stack, 8 jobs
/// given to ``perform(iterations:_:)`` or ``run(_:)`` end in 17–58 ms where `concurrentPerform`
/// and `DispatchQueue.async` hang (killed after 10 s); with room, 20 × 64 jobs of 0.2 ms take
/// 0.95–1.03× `concurrentPerform`'s time, and a call costs about a microsecond more.
package final class WorkerThreads: @unchecked Sendable {
  /// The stack of each thread: four times what encoding a frame needs (256 KiB ran frames of
  /// 3000×2000 as PNG at every compression, SVG and PDF, and their checks, in a debug build),
  /// an eighth of the 8 MiB a thread gets by default, which counts against a limited address
  /// space.
  package static let stackSize = 1 << 20

  /// How many threads run the jobs.
  package private(set) var count = 0
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var next = 0
  /// Threads waiting for a job.
  private var idle = 0
  private var stopping = false

  /// Makes up to `count` threads, fewer or none when the system refuses them, and returns once
  /// they wait for work.
  package init(upTo count: Int) {
    for _ in 0..<max(0, count) {
      guard Self.startThread({ [self] in work() }) else { break }
      self.count += 1
    }
    // Until every thread waits for work, so that the first work offered finds them.
    while condition.withLock({ idle }) < self.count { usleep(50) }
  }

  /// Runs `job` on one of the threads, after the jobs given before it have started.
  ///
  /// With no thread (``count`` is 0) the job never runs: the caller runs its work itself.
  package func run(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs `job` on a thread that is waiting for work, if one is, and says whether it will.
  ///
  /// A job offered while every thread is busy is not queued: it would keep what it holds
  /// until a thread is free, and a thread busy for long (a check's comparisons, which offer
  /// work of their own) would leave such jobs piling up.
  package func runIfIdle(_ job: @escaping @Sendable () -> Void) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard idle > jobs.count - next, !stopping else { return false }
    jobs.append(job)
    condition.signal()
    return true
  }

  /// Returns once every job given has run and been let go of, with every thread waiting for
  /// work: what the jobs held is gone, not only their work done. A job's own signal that it is
  /// done comes before its thread lets go of it, and a process that ended in between was told
  /// by the leak checker that a frame's bytes had leaked.
  package func waitUntilIdle() {
    while condition.withLock({ idle < count || next < jobs.count }) { usleep(50) }
  }

  /// Lets the threads end once the jobs given have run.
  package func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  private func work() {
    while let job = take() { job() }
  }

  /// The next job, waiting for one; nil once stopped with none left.
  private func take() -> (@Sendable () -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    while next == jobs.count, !stopping {
      idle += 1
      condition.wait()
      idle -= 1
    }
    guard next < jobs.count else { return nil }
    let job = jobs[next]
    // The queue lets go of the job, so that what it holds goes when it has run.
    jobs[next] = {}
    next += 1
    if next == jobs.count {
      jobs.removeAll(keepingCapacity: true)
      next = 0
    }
    return job
  }

  /// Starts a detached thread that runs `body`.
  ///
  /// - Parameters:
  ///   - stackSize: The bytes of its stack.
  ///   - body: What it runs.
  /// - Returns: false when the system refuses a thread (no room for its stack, too many
  ///   threads); `body` is then not run.
  package static func startThread(
    stackSize: Int = stackSize, _ body: @escaping @Sendable () -> Void
  ) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
    let box = Unmanaged.passRetained(ThreadBody(body))
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      return false
    }
    return true
  }

  /// Runs `body` on a new thread with a stack of `stackSize` bytes, and returns when it has
  /// run: for work that may recurse deeper than the calling thread's stack allows.
  ///
  /// - Returns: false when the system refuses the thread (no room for its stack); `body` is
  ///   then not run.
  package static func runOnThreadOfItsOwn(stackSize: Int, _ body: () -> Void) -> Bool {
    withoutActuallyEscaping(body) { body in
      var attributes = pthread_attr_t()
      guard pthread_attr_init(&attributes) == 0 else { return false }
      defer { pthread_attr_destroy(&attributes) }
      guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
      let box = Unmanaged.passRetained(BorrowedBody(body))
      var thread = pthread_t()
      let status = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<BorrowedBody>.fromOpaque(context!).takeUnretainedValue().body()
          return nil
        }, box.toOpaque())
      defer { box.release() }
      guard status == 0 else { return false }
      pthread_join(thread, nil)
      return true
    }
  }

  /// A closure handed to a thread that ends before its caller goes on.
  private final class BorrowedBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// What a new thread runs, handed to it through `pthread_create`.
  private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
