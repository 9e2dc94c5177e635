import Foundation

/// Spare scanline buffers for the frames of one sequence: at most `capacity` kept, all of the
/// size last asked for.
final class ScanlinePool: @unchecked Sendable {
  static let alignment = 64
  let capacity: Int
  private let lock = NSLock()
  private var spare: [UnsafeMutableRawBufferPointer] = []
  private var size = 0
  private var made = 0

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  deinit {
    for buffer in spare { buffer.deallocate() }
  }

  /// How many buffers the pool has allocated in all.
  var allocations: Int { lock.withLock { made } }

  /// A buffer of `count` bytes: a spare one, or new.
  func take(_ count: Int) -> UnsafeMutableRawBufferPointer {
    let reused: UnsafeMutableRawBufferPointer? = lock.withLock {
      if size != count {
        // The picture changed size: the spares no longer fit.
        for buffer in spare { buffer.deallocate() }
        spare.removeAll()
        size = count
      }
      made += spare.isEmpty ? 1 : 0
      return spare.popLast()
    }
    return reused ?? .allocate(byteCount: count, alignment: Self.alignment)
  }

  /// Keeps a buffer for a later frame, or frees it when the pool is full or it no longer fits.
  func giveBack(_ buffer: UnsafeMutableRawBufferPointer) {
    let kept = lock.withLock {
      guard buffer.count == size, spare.count < capacity else { return false }
      spare.append(buffer)
      return true
    }
    if !kept { buffer.deallocate() }
  }
}
