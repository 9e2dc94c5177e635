/// A pixel position: column `x`, row `y`, from the top left corner.
public struct PixelPoint: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int

  /// Creates a position.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// `x,y`.
  public var description: String { "\(x),\(y)" }
}

/// A rectangle of whole pixels: the smallest one holding every difference.
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The top left pixel.
  public var origin: PixelPoint
  /// Width in pixels, at least 1.
  public var width: Int
  /// Height in pixels, at least 1.
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.origin = PixelPoint(x: x, y: y)
    self.width = width
    self.height = height
  }

  /// `WxH at x,y`.
  public var description: String { "\(width)x\(height) at \(origin)" }

  /// Parses `x,y,w,h`: four whole numbers, `x` and `y` at least 0, `w` and `h` at least 1
  /// (`10,20,100,40`, as `--ignore` takes them); `nil` for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let values = parts.compactMap { Int($0) }
    guard values.count == 4, values[2] > 0, values[3] > 0 else { return nil }
    self.init(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// `x,y,w,h`, as ``init(parsing:)`` reads it.
  public var argument: String { "\(origin.x),\(origin.y),\(width),\(height)" }

  /// The part of the rectangle inside `width` × `height` pixels from the top left corner, as
  /// half-open column and row ranges; `nil` when none of it is inside.
  func clipped(width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>)? {
    let left = max(0, origin.x)
    let top = max(0, origin.y)
    // Saturating: a region may be declared far beyond any image.
    let right = min(width, origin.x > width ? width : origin.x + min(self.width, width))
    let bottom = min(height, origin.y > height ? height : origin.y + min(self.height, height))
    guard left < right, top < bottom else { return nil }
    return (left..<right, top..<bottom)
  }
}

/// The size of an image in pixels.
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `WxH`, as scripts write canvas sizes.
  public var description: String { "\(width)x\(height)" }
}
