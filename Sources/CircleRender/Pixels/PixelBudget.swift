import Foundation

/// A bound on the pixels of the images being decoded at once, shared by every thread that
/// decodes: a thread reserves an image's pixels before decoding it and waits while the others'
/// reservations leave too little room.
///
/// ``decoding``, the budget `circles check` and `circles diff` share, holds 2²⁴ pixels (16.8
/// million: 64 MiB of decoded pixels, sixteen 1024×1024 goldens or eight 1920×1080 ones), on any
/// number of cores. An image larger than the whole budget is decoded alone, once nothing else
/// holds a reservation, so any image that can be decoded at all still is.
///
/// Reserve once per task and release before reserving again: a thread that waits for a second
/// reservation while holding a first can wait for itself.
///
/// ```swift
/// let image = try PixelBudget.decoding.reserving(header.pixelCount) {
///   try PNGCodec.decode(data)
/// }
/// ```
public final class PixelBudget: @unchecked Sendable {
  /// The budget of the images that `check` and `diff` decode: 2²⁴ pixels.
  public static let decoding = PixelBudget(pixels: 1 << 24)

  /// How many pixels may be reserved at once.
  public let capacity: Int
  private let condition = NSCondition()
  private var reserved = 0
  private var holders = 0

  /// Creates a budget.
  ///
  /// - Parameter pixels: how many pixels may be reserved at once, at least 1.
  public init(pixels: Int) {
    capacity = max(1, pixels)
  }

  /// The pixels reserved at this moment.
  public var inUse: Int { condition.withLock { reserved } }

  /// Runs `body` while holding a reservation of `pixels` pixels, waiting for room first.
  ///
  /// - Parameters:
  ///   - pixels: the pixels the work will hold (for a decode, the image's width × height).
  ///   - body: the work.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  public func reserving<T, E: Error>(_ pixels: Int, _ body: () throws(E) -> T) throws(E) -> T {
    let amount = max(0, pixels)
    condition.lock()
    while holders > 0, reserved + amount > capacity { condition.wait() }
    reserved += amount
    holders += 1
    condition.unlock()
    defer {
      condition.lock()
      reserved -= amount
      holders -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try body()
  }
}
