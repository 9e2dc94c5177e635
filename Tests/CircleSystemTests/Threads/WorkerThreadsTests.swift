import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

/// The threads of circles' own: work spread over them and the calling thread ends whether the
/// pool has threads, none, or all of them busy.
@Suite("Worker threads")
struct WorkerThreadsTests {
  /// What the iterations of a test saw, in the order they saw it.
  final class Record: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    private var threads: Set<pthread_t> = []

    func add(_ value: Int) {
      lock.withLock {
        values.append(value)
        threads.insert(pthread_self())
      }
    }

    var seen: [Int] { lock.withLock { values } }
    var threadCount: Int { lock.withLock { threads.count } }
  }

  @Test(
    "every iteration runs once, whatever the pool's threads",
    .timeLimit(.minutes(5)), arguments: [0, 1, 3])
  func everyIteration(threads: Int) {
    let pool = WorkerThreads(upTo: threads)
    defer { pool.stop() }
    #expect(pool.count == threads)
    for iterations in [0, 1, 2, 7, 100] {
      let record = Record()
      pool.perform(iterations: iterations) { record.add($0) }
      #expect(record.seen.sorted() == Array(0..<iterations), "\(iterations) iterations")
    }
  }

  @Test("with no thread, the iterations run on the calling thread, in order")
  func noThread() {
    let pool = WorkerThreads(upTo: 0)
    let record = Record()
    pool.perform(iterations: 5) { record.add($0) }
    #expect(record.seen == [0, 1, 2, 3, 4])
    #expect(record.threadCount == 1)
  }

  @Test("iterations that wait for each other run on two threads at once")
  func twoAtOnce() async {
    let pool = WorkerThreads(upTo: 1)
    defer { pool.stop() }
    let arrived = Locked(0)
    let record = Record()
    // Each iteration waits for the other to start: one thread alone would wait (up to 60 s).
    // The calling thread takes part, so it is one of its own, not one of the tests' pool.
    await onThreadOfItsOwn {
      pool.perform(iterations: 2) { index in
        arrived.withLock { $0 += 1 }
        let deadline = ContinuousClock.now + .seconds(60)
        while arrived.withLock({ $0 }) < 2, ContinuousClock.now < deadline { usleep(1000) }
        record.add(arrived.withLock { $0 } == 2 ? index : -1)
      }
    }
    #expect(record.seen.sorted() == [0, 1])
    #expect(record.threadCount == 2)
  }

  @Test("a perform inside an iteration ends though every thread of the pool is busy")
  func nested() {
    let pool = WorkerThreads(upTo: 1)
    defer { pool.stop() }
    let record = Record()
    pool.perform(iterations: 4) { outer in
      pool.perform(iterations: 3) { inner in record.add(outer * 10 + inner) }
    }
    #expect(record.seen.sorted() == [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32])
  }

  @Test("jobs run on one thread in the order they were given")
  func jobsInOrder() async {
    let pool = WorkerThreads(upTo: 1)
    defer { pool.stop() }
    let record = Record()
    let done = DispatchSemaphore(value: 0)
    for value in 0..<50 { pool.run { record.add(value) } }
    pool.run { done.signal() }
    #expect(await waited(for: done) == .success)
    #expect(record.seen == Array(0..<50))
    #expect(record.threadCount == 1)
  }
  /// Something a perform's work holds, to see when it goes.
  final class Token: Sendable {}

  @Test("what the work of a perform holds is let go by the time it returns, on every thread")
  func workLetGo() {
    let pool = WorkerThreads(upTo: 3)
    defer { pool.stop() }
    for _ in 0..<200 {
      weak var held: Token?
      do {
        let token = Token()
        held = token
        pool.perform(iterations: 8) { _ in withExtendedLifetime(token) {} }
      }
      #expect(held == nil)
      if held != nil { return }
    }
  }
}
