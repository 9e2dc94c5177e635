/// A point or an offset in canvas points.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Horizontal position, growing to the right.
  public var x: Double
  /// Vertical position, growing downwards.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// `x,y` with the shortest decimal form of each number (`120,80`, `-3.5,0.25`).
  public var description: String { "\(Point.format(x)),\(Point.format(y))" }

  /// The shortest decimal form of a number, without a trailing `.0`.
  public static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}
