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
