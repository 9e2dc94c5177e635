import Foundation

/// How many programs the tests run to their end at once: twice the cores.
///
/// Tests that wait without holding a thread all start together, and each would start its
/// programs at once: hundreds of processes on two cores, each test then taking as long as the
/// whole suite. A program waits here for a slot before it starts, so that the ones running get
/// the machine; its own deadline counts from its start.
actor ProgramSlots {
  /// The slots of every program the tests run to their end.
  static let shared = ProgramSlots(count: 2 * max(1, ProcessInfo.processInfo.activeProcessorCount))

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = count
  }

  /// Takes a slot, waiting for one to be given back when none is free.
  func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a slot back, to the first who waits for one if anyone does.
  func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
