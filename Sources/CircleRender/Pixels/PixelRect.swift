/// A rectangle of whole pixels, `minX..<maxX` by `minY..<maxY`; empty when either range is.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  /// The first column inside.
  public var minX: Int
  /// The first row inside.
  public var minY: Int
  /// The first column past the right edge.
  public var maxX: Int
  /// The first row past the bottom edge.
  public var maxY: Int

  /// Creates a rectangle from its edges.
  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// A rectangle with no pixels.
  public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// Whether it holds no pixel.
  public var isEmpty: Bool { maxX <= minX || maxY <= minY }

  /// How many pixels it holds.
  public var area: Int { isEmpty ? 0 : (maxX - minX) * (maxY - minY) }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    return PixelRect(
      minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
      maxY: max(maxY, other.maxY))
  }

  /// Whether the two share a pixel.
  public func intersects(_ other: PixelRect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// `x,y wxh`.
  public var description: String { "\(minX),\(minY) \(maxX - minX)x\(maxY - minY)" }
}
