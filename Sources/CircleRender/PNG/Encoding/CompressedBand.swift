import Foundation

/// The compressed bytes of one band, made once and possibly waited for on another thread.
final class CompressedBand: @unchecked Sendable {
  let range: Range<Int>
  private let condition = NSCondition()
  private var started = false
  private var outcome: Result<(bytes: [UInt8], adler: UInt32, crc: UInt32), RenderError>?

  init(range: Range<Int>) {
    self.range = range
  }

  var isStarted: Bool { condition.withLock { started } }

  /// Marks the band as being compressed by the caller; false when someone else is.
  func claim() -> Bool {
    condition.withLock {
      if started { return false }
      started = true
      return true
    }
  }

  func compress(_ scanlines: Scanlines, with compressor: inout BandCompressor) {
    let result = compressor.compress(scanlines[range])
    condition.withLock {
      outcome = result
      condition.broadcast()
    }
  }

  func result() throws(RenderError) -> (bytes: [UInt8], adler: UInt32, crc: UInt32) {
    condition.lock()
    while outcome == nil { condition.wait() }
    let outcome = self.outcome!
    condition.unlock()
    return try outcome.get()
  }
}
