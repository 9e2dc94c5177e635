/// A circle in device pixels, with half its stroke width (0 when it has no stroke).
struct DeviceCircle {
  var x: Double
  var y: Double
  var radius: Double
  var halfWidth: Double

  /// How far paint reaches from the centre.
  var reach: Double { radius + halfWidth }
}

/// The image rectangle in device pixels, and the range in which Cairo's fixed-point
/// coordinates are safe.
struct DeviceBounds {
  var width: Double
  var height: Double

  /// Cairo stores device coordinates in 24.8 fixed point (about ±8.4 million); paths are kept
  /// well inside that so curve control points and stroke offsets cannot overflow.
  static let safeMagnitude = 2_097_152.0

  /// Whether any paint of the circle can fall on the image (one pixel of antialiasing margin).
  func touches(_ shape: DeviceCircle) -> Bool {
    shape.x + shape.reach > -1 && shape.x - shape.reach < width + 1
      && shape.y + shape.reach > -1 && shape.y - shape.reach < height + 1
  }

  /// The whole pixels the circle can paint, within the image.
  func pixelBox(around shape: DeviceCircle) -> (x: Double, y: Double, width: Double, height: Double)
  {
    let minX = max(0, (shape.x - shape.reach - 1).rounded(.down))
    let minY = max(0, (shape.y - shape.reach - 1).rounded(.down))
    let maxX = min(width, (shape.x + shape.reach + 1).rounded(.up))
    let maxY = min(height, (shape.y + shape.reach + 1).rounded(.up))
    return (minX, minY, max(0, maxX - minX), max(0, maxY - minY))
  }

  /// Whether the whole circle fits in Cairo's safe coordinate range.
  func canDrawDirectly(_ shape: DeviceCircle) -> Bool {
    let limit = Self.safeMagnitude
    return abs(shape.x) + shape.reach < limit && abs(shape.y) + shape.reach < limit
  }
}
