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
/// The cache holds about `budget` bytes, counting each image and the circles it keeps; the
/// oldest entries go first. Looking a state up and adding one cost the same at any number of
/// circles when the states come from one canvas adding circles on top: such states share one
/// copy of their circles (`CircleArchive`), extended by the circles each adds, and the cache
/// never holds the canvas's own storage, which the canvas would otherwise copy at its next
/// change.
final class EncodedFrameCache {
  private var entries: [Int: [Entry]] = [:]
  /// Every entry made, oldest first, by its hash and serial number (not the frame itself, which
  /// this must not keep alive once the entry is gone).
  private var order: [(sample: Int, serial: Int)] = []
  private var oldest = 0
  private var nextSerial = 0
  private var total = 0
  /// The circles of the latest lineage of states seen.
  private var archive: CircleArchive?
  let budget: Int
  /// How many lookups found their frame.
  private(set) var hits = 0

  init(budget: Int = 24 << 20) {
    self.budget = budget
  }

  /// One frame: the state it shows is the first `count` circles of `archive` on a canvas of
  /// the given size and background.
  private struct Entry {
    let width: Int
    let height: Int
    let scale: Double
    let background: Colour
    let archive: CircleArchive
    let count: Int
    let frame: EncodedFrame
    let cost: Int
    let serial: Int

    func shows(_ state: CanvasState) -> Bool {
      guard state.width == width, state.height == height, state.scale == scale,
        state.background == background, state.circles.count == count
      else { return false }
      return archive.begins(state)
    }
  }

  /// The frame already made (or being made) for `state`.
  func frame(for state: CanvasState) -> EncodedFrame? {
    guard let entry = entries[Self.sample(of: state)]?.first(where: { $0.shows(state) }) else {
      return nil
    }
    hits += 1
    return entry.frame
  }

  /// Remembers the frame for `state`, dropping the oldest entries beyond the budget.
  func insert(_ frame: EncodedFrame, for state: CanvasState) {
    var copied = 0
    let archive: CircleArchive
    if let current = self.archive, let added = current.extend(to: state) {
      archive = current
      copied = added
    } else {
      archive = CircleArchive(state)
      copied = state.circles.count
      self.archive = archive
    }
    // A PNG is rarely larger than its pixels; circles take about 96 bytes each.
    let cost = 256 + copied * 96 + state.pixelWidth * state.pixelHeight * 4
    guard cost <= budget else { return }
    let sample = Self.sample(of: state)
    entries[sample, default: []].append(
      Entry(
        width: state.width, height: state.height, scale: state.scale,
        background: state.background, archive: archive, count: state.circles.count,
        frame: frame, cost: cost, serial: nextSerial))
    order.append((sample, nextSerial))
    nextSerial += 1
    total += cost
    while total > budget, oldest < order.count {
      let (sample, serial) = order[oldest]
      if let index = entries[sample]?.firstIndex(where: { $0.serial == serial }) {
        total -= entries[sample]!.remove(at: index).cost
        if entries[sample]!.isEmpty { entries[sample] = nil }
      }
      oldest += 1
    }
    if oldest > 1024, oldest * 2 > order.count {
      order.removeFirst(oldest)
      oldest = 0
    }
  }

  /// Circles read for the hash, evenly spread, the last one always among them.
  static let sampleSize = 16

  /// A hash of the size, the background, the number of circles and a sample of them, so that
  /// finding a state costs little however many circles it has; `shows` then compares all.
  static func sample(of state: CanvasState) -> Int {
    var hasher = Hasher()
    hasher.combine(state.width)
    hasher.combine(state.height)
    hasher.combine(state.scale)
    hasher.combine(state.background)
    let circles = state.circles
    hasher.combine(circles.count)
    if !circles.isEmpty {
      let step = max(1, circles.count / sampleSize)
      for index in stride(from: circles.count - 1, through: 0, by: -step).prefix(sampleSize) {
        hasher.combine(circles[index])
      }
    }
    return hasher.finalize()
  }
}
