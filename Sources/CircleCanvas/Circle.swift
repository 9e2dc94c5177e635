/// One circle on a canvas: an identity, a geometry and how it is painted.
///
/// Defaults follow SVG: fill black, no stroke, stroke width 1, opacity 1.
public struct Circle: Hashable, Sendable, Codable, Identifiable {
  /// The circle's name, unique on its canvas (`sun`, `c1`).
  public var id: String
  /// The centre, in points; the origin is the top left corner and y grows downwards.
  public var center: Point
  /// The radius in points, at least 0.
  public var radius: Double
  /// The colour that fills the disc; `Colour.none` leaves it empty.
  public var fill: Colour
  /// The colour of the outline, centred on the edge; `Colour.none` draws no outline.
  public var stroke: Colour
  /// The width of the outline in points, at least 0.
  public var strokeWidth: Double
  /// How opaque the whole circle is (fill and stroke together), 0…1.
  public var opacity: Double

  /// Creates a circle; every paint property has its SVG default.
  public init(
    id: String, center: Point, radius: Double, fill: Colour = .black, stroke: Colour = .none,
    strokeWidth: Double = 1, opacity: Double = 1
  ) {
    self.id = id
    self.center = center
    self.radius = radius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.opacity = opacity
  }
}
