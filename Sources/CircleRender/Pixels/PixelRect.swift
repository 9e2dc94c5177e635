/// A rectangle of whole pixels, `minX..<maxX` by `minY..<maxY`; empty when either range is.
///
/// The one pixel rectangle of the libraries: the region a change repaints, the outline of a
/// change, and the bounds of the pixels that differ between two images
/// (`ImageComparison.differenceBounds`). It encodes as `{"x", "y", "width", "height"}`, as the
/// JSON report writes bounds.
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

  /// Creates a rectangle from its top left pixel and its size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
  }

  /// A rectangle with no pixels.
  public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// Width in pixels; 0 when empty.
  public var width: Int { max(0, maxX - minX) }

  /// Height in pixels; 0 when empty.
  public var height: Int { max(0, maxY - minY) }

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

  /// `WxH at x,y`, as messages give the bounds of differing pixels (`5x3 at 38,30`).
  public var description: String { "\(width)x\(height) at \(minX),\(minY)" }
}

extension PixelRect: Codable {
  private enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// Decodes `{"x", "y", "width", "height"}`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a negative width or height, or edges past
  ///   `Int`'s range.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let x = try container.decode(Int.self, forKey: .x)
    let y = try container.decode(Int.self, forKey: .y)
    let width = try container.decode(Int.self, forKey: .width)
    let height = try container.decode(Int.self, forKey: .height)
    guard width >= 0, height >= 0 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath,
          debugDescription: "a pixel rectangle's width and height are at least 0"))
    }
    let (maxX, pastX) = x.addingReportingOverflow(width)
    let (maxY, pastY) = y.addingReportingOverflow(height)
    guard !pastX, !pastY else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath,
          debugDescription: "a pixel rectangle's edges lie past the range of Int"))
    }
    self.init(minX: x, minY: y, maxX: maxX, maxY: maxY)
  }

  /// Encodes `{"x", "y", "width", "height"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(minX, forKey: .x)
    try container.encode(minY, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
