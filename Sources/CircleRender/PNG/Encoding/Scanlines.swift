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
