import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

@Suite("Pixel budget")
struct PixelBudgetTests {
  /// Counts what is held at once while threads reserve.
  final class Watch: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var largest = 0
    private(set) var holders = 0
    private(set) var mostHolders = 0

    func enter(_ budget: PixelBudget) {
      lock.withLock {
        largest = max(largest, budget.inUse)
        holders += 1
        mostHolders = max(mostHolders, holders)
      }
    }

    func leave() { lock.withLock { holders -= 1 } }
  }

  @Test(
    "reservations in flight never pass the budget, on any number of threads",
    .timeLimit(.minutes(5)), arguments: [1, 2, 8, 32])
  func bounded(threads: Int) async {
    let budget = PixelBudget(pixels: 100)
    let watch = Watch()
    // The calling thread takes part and waits for the budget: one of its own, not the pool's.
    await onThreadOfItsOwn {
      DispatchQueue.concurrentPerform(iterations: threads * 4) { _ in
        budget.reserving(30) {
          watch.enter(budget)
          usleep(1000)
          watch.leave()
        }
      }
    }
    #expect(watch.largest <= 100)
    #expect(watch.mostHolders <= 3)
    #expect(budget.inUse == 0)
  }

  @Test("a reservation larger than the budget runs alone, and still runs")
  func heavy() {
    let budget = PixelBudget(pixels: 100)
    let watch = Watch()
    DispatchQueue.concurrentPerform(iterations: 12) { index in
      budget.reserving(index % 3 == 0 ? 250 : 40) {
        watch.enter(budget)
        if budget.inUse > 100 { #expect(budget.inUse == 250) }
        usleep(500)
        watch.leave()
      }
    }
    #expect(budget.inUse == 0)
  }

  @Test("the shared decoding budget is 2^24 pixels")
  func shared() {
    #expect(PixelBudget.decoding.capacity == 16_777_216)
  }

  @Test("images too large for memory are an error, not a crash")
  func memory() {
    #expect(throws: RenderError.outOfMemory(operation: "hold pixels")) {
      try PixelImage.checkMemory(pixels: Int.max / 2, for: "hold pixels")
    }
    #expect(throws: RenderError.outOfMemory(operation: "make a 16777216×16777216 image")) {
      try PixelImage(width: 1 << 24, height: 1 << 24, repeating: 0)
    }
    #expect(throws: Never.self) { try PixelImage.checkMemory(pixels: 1 << 20, for: "a test") }
  }
}
