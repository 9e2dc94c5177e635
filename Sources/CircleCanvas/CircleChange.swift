/// A change to some of a circle's properties; `nil` leaves a property as it is.
///
/// The id is not a property here: a circle keeps its id for its whole life.
///
/// Write `Colour.none` in full to remove a fill or stroke: a bare `.none` in an argument of type
/// `Colour?` means "no change".
public struct CircleChange: Hashable, Sendable {
  /// The new centre, in points.
  public var center: Point?
  /// The new radius in points, at least 0.
  public var radius: Double?
  /// The new fill colour.
  public var fill: Colour?
  /// The new stroke colour.
  public var stroke: Colour?
  /// The new stroke width in points, at least 0.
  public var strokeWidth: Double?
  /// The new opacity, 0…1.
  public var opacity: Double?

  /// Creates a change; every property left out stays as it is.
  public init(
    center: Point? = nil, radius: Double? = nil, fill: Colour? = nil, stroke: Colour? = nil,
    strokeWidth: Double? = nil, opacity: Double? = nil
  ) {
    self.center = center
    self.radius = radius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.opacity = opacity
  }

  /// Whether the change sets no property at all.
  public var isEmpty: Bool {
    center == nil && radius == nil && fill == nil && stroke == nil && strokeWidth == nil
      && opacity == nil
  }

  /// The circle with this change made.
  public func applied(to circle: Circle) -> Circle {
    var result = circle
    if let center { result.center = center }
    if let radius { result.radius = radius }
    if let fill { result.fill = fill }
    if let stroke { result.stroke = stroke }
    if let strokeWidth { result.strokeWidth = strokeWidth }
    if let opacity { result.opacity = opacity }
    return result
  }

  /// The change that puts back `circle`'s values of exactly the properties this change sets.
  public func reverting(_ circle: Circle) -> CircleChange {
    CircleChange(
      center: center.map { _ in circle.center }, radius: radius.map { _ in circle.radius },
      fill: fill.map { _ in circle.fill }, stroke: stroke.map { _ in circle.stroke },
      strokeWidth: strokeWidth.map { _ in circle.strokeWidth },
      opacity: opacity.map { _ in circle.opacity })
  }
}
