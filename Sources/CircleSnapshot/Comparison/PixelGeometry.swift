import CircleRender

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

/// Ignore regions, as `--ignore` writes them.
extension PixelRect {
  /// Parses `x,y,w,h`: four whole numbers, `x` and `y` at least 0, `w` and `h` at least 1
  /// (`10,20,100,40`, as `--ignore` takes them), whose edges fit in an `Int`; `nil` for
  /// anything else.
  package init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let values = parts.compactMap { Int($0) }
    guard values.count == 4, values[2] > 0, values[3] > 0,
      !values[0].addingReportingOverflow(values[2]).overflow,
      !values[1].addingReportingOverflow(values[3]).overflow
    else { return nil }
    self.init(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// `x,y,w,h`, as ``init(parsing:)`` reads it.
  package var argument: String { "\(minX),\(minY),\(width),\(height)" }

  /// The part of the rectangle inside `width` × `height` pixels from the top left corner, as
  /// half-open column and row ranges; `nil` when none of it is inside.
  func clipped(width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>)? {
    let left = max(0, minX)
    let top = max(0, minY)
    let right = min(width, maxX)
    let bottom = min(height, maxY)
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
