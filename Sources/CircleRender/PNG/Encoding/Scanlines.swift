import Foundation

/// A picture's filtered scanlines, in memory that goes back to its `ScanlinePool` when the
/// last frame using it lets go.
///
/// Each frame of a sequence needs a buffer the size of the picture for as long as its bands are
/// compressed and the next frame compares rows with it. Fresh memory for every frame costs the
/// system a page fault for every 4 KiB written into it; a pool hands the same few buffers round.
final class Scanlines: @unchecked Sendable {
  /// The bytes, filter byte first on each row.
  let bytes: UnsafeMutableRawBufferPointer
  private let pool: ScanlinePool?

  /// Memory for `count` bytes, from `pool` when given; the contents are undefined.
  init(count: Int, from pool: ScanlinePool?) {
    self.pool = pool
    bytes = pool?.take(count) ?? .allocate(byteCount: count, alignment: ScanlinePool.alignment)
  }

  deinit {
    if let pool { pool.giveBack(bytes) } else { bytes.deallocate() }
  }

  var count: Int { bytes.count }

  /// The bytes in `range`.
  subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[range])
  }
}

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
