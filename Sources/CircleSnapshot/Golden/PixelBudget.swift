import Foundation

/// How many decoded pixels a process holds at once for comparing images, whatever the number of
/// cores: 64 million (256 MiB of ARGB), taken before an image is decoded and given back when
/// it is dropped.
///
/// A request larger than the whole budget waits until nothing else is held, then goes alone, so
/// one huge image is compared rather than refused; memory stays bounded by the larger of the
/// budget and that one image. Before pixels are taken, ``reserve(bytes:)`` asks the system for
/// the memory, so that an allocation that cannot be made is an error to report, not a crash.
package final class PixelBudget: @unchecked Sendable {
  /// The budget shared by every check in the process.
  package static let shared = PixelBudget(pixels: 64 << 20)

  /// The pixels that may be held at once.
  package let limit: Int
  private var held = 0
  private let condition = NSCondition()

  package init(pixels: Int) {
    limit = pixels
  }

  /// Waits for `pixels` to be free and takes them.
  package func take(_ pixels: Int) {
    condition.lock()
    while held > 0, held + pixels > limit { condition.wait() }
    held += pixels
    condition.unlock()
  }

  /// Gives back what ``take(_:)`` took.
  package func give(_ pixels: Int) {
    condition.lock()
    held -= pixels
    condition.broadcast()
    condition.unlock()
  }

  /// Runs `body` holding `pixels`.
  package func holding<T, E: Error>(_ pixels: Int, _ body: () throws(E) -> T) throws(E) -> T {
    take(pixels)
    defer { give(pixels) }
    return try body()
  }

  /// Whether the system can give `bytes` of memory now: asked for and given back at once.
  package static func reserve(bytes: Int) -> Bool {
    guard bytes > 0 else { return true }
    guard let memory = malloc(bytes) else { return false }
    free(memory)
    return true
  }
}
