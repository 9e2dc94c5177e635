import CircleCanvas
import Foundation

/// The bytes of one encoded frame, possibly still being made on another thread.
final class EncodedFrame: @unchecked Sendable {
  private let condition = NSCondition()
  private var result: Result<Data, any Error>?

  /// Hands over the bytes (or the failure) and wakes whoever waits.
  func fulfil(_ result: Result<Data, any Error>) {
    condition.withLock {
      self.result = result
      condition.broadcast()
    }
  }

  /// The bytes, once made.
  func bytes() throws -> Data {
    condition.lock()
    while result == nil { condition.wait() }
    let result = self.result!
    condition.unlock()
    return try result.get()
  }
}

/// Encoded frames by the canvas state they show, so a state reached again (undo back to it,
/// redo, a `render` of the current frame) is written from the bytes already made.
///
/// The cache holds about `budget` bytes, counting each state's circles and its image; the
/// oldest entries go first.
final class EncodedFrameCache {
  private var entries: [StateKey: (frame: EncodedFrame, cost: Int)] = [:]
  private var order: [StateKey] = []
  private var oldest = 0
  private var total = 0
  let budget: Int
  /// How many lookups found their frame.
  private(set) var hits = 0

  init(budget: Int = 24 << 20) {
    self.budget = budget
  }

  /// The frame already made (or being made) for `state`.
  func frame(for state: CanvasState) -> EncodedFrame? {
    guard let entry = entries[StateKey(state)] else { return nil }
    hits += 1
    return entry.frame
  }

  /// Remembers the frame for `state`, dropping the oldest entries beyond the budget.
  func insert(_ frame: EncodedFrame, for state: CanvasState) {
    // A PNG is rarely larger than its pixels; circles take about 96 bytes each.
    let cost = 256 + state.circles.count * 96 + state.pixelWidth * state.pixelHeight * 4
    guard cost <= budget else { return }
    let key = StateKey(state)
    entries[key] = (frame, cost)
    order.append(key)
    total += cost
    while total > budget, oldest < order.count {
      if let removed = entries.removeValue(forKey: order[oldest]) { total -= removed.cost }
      oldest += 1
    }
    if oldest > 1024, oldest * 2 > order.count {
      order.removeFirst(oldest)
      oldest = 0
    }
  }
}

/// A canvas state as a dictionary key whose hash reads only a sample of the circles, so looking
/// up a state costs little however many circles it has; equality still compares everything.
struct StateKey: Hashable {
  let state: CanvasState
  let sample: Int

  /// Circles read for the hash, evenly spread, the last one always among them.
  static let sampleSize = 16

  init(_ state: CanvasState) {
    self.state = state
    var hasher = Hasher()
    hasher.combine(state.width)
    hasher.combine(state.height)
    hasher.combine(state.scale)
    hasher.combine(state.background)
    let circles = state.circles
    hasher.combine(circles.count)
    if !circles.isEmpty {
      let step = max(1, circles.count / Self.sampleSize)
      for index in stride(from: circles.count - 1, through: 0, by: -step).prefix(Self.sampleSize) {
        hasher.combine(circles[index])
      }
    }
    sample = hasher.finalize()
  }

  static func == (lhs: StateKey, rhs: StateKey) -> Bool {
    lhs.sample == rhs.sample && lhs.state == rhs.state
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(sample)
  }
}
