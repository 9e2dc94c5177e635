import CircleSystem
import Foundation

/// Spare scanline buffers for the frames of one sequence: at most `capacity` kept, all of the
/// size last asked for.
///
/// Buffers come from the C allocator, so that memory that cannot be had is an error the encoder
/// reports (`RenderError.outOfMemory`) rather than a trap: a 16384×16384 picture's scanlines
/// take 1 GiB.
final class ScanlinePool: Sendable {
  static let alignment = 64
  let capacity: Int
  private let state = Locked(Spares())

  /// The spare buffers, all of `size` bytes; memory no other thread holds while it is here.
  private struct Spares: @unchecked Sendable {
    var buffers: [UnsafeMutableRawBufferPointer] = []
    var size = 0
    var made = 0
  }

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  deinit {
    state.withLock { for buffer in $0.buffers { Self.release(buffer) } }
  }

  /// How many buffers the pool has allocated in all.
  var allocations: Int { state.withLock { $0.made } }

  /// A buffer of `count` bytes: a spare one, or new.
  ///
  /// - Throws: `RenderError.outOfMemory` when a new one cannot be had.
  func take(_ count: Int) throws(RenderError) -> UnsafeMutableRawBufferPointer {
    let reused: UnsafeMutableRawBufferPointer? = state.withLock { spares in
      if spares.size != count {
        // The picture changed size: the spares no longer fit.
        for buffer in spares.buffers { Self.release(buffer) }
        spares.buffers.removeAll()
        spares.size = count
      }
      spares.made += spares.buffers.isEmpty ? 1 : 0
      return spares.buffers.popLast()
    }
    if let reused { return reused }
    return try Self.allocate(count)
  }

  /// Keeps a buffer for a later frame, or frees it when the pool is full or it no longer fits.
  func giveBack(_ buffer: UnsafeMutableRawBufferPointer) {
    let kept = state.withLock { spares in
      guard buffer.count == spares.size, spares.buffers.count < capacity else { return false }
      spares.buffers.append(buffer)
      return true
    }
    if !kept { Self.release(buffer) }
  }

  /// New memory for `count` bytes of scanlines, aligned for vector loads.
  ///
  /// - Throws: `RenderError.outOfMemory` when the system has not got it.
  static func allocate(_ count: Int) throws(RenderError) -> UnsafeMutableRawBufferPointer {
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, alignment, max(1, count)) == 0, let memory else {
      throw .outOfMemory(operation: "hold \(count) bytes of PNG scanlines")
    }
    return UnsafeMutableRawBufferPointer(start: memory, count: count)
  }

  /// Frees memory from `allocate(_:)`.
  static func release(_ buffer: UnsafeMutableRawBufferPointer) {
    free(buffer.baseAddress)
  }
}
