/// The limits every value on a canvas keeps to, and their checks.
extension Canvas {
  /// The largest image side in pixels (each canvas side × scale), as docs/language.md, "Commands" fixes.
  public static let maximumPixelSide = 16384

  /// The largest magnitude of a coordinate, a radius or a stroke width, in points.
  ///
  /// The largest canvas is 16384 points a side; a million points is far beyond anything that
  /// can be seen, yet small enough that moves by offsets and scaling to pixels stay exact to a
  /// tiny fraction of a pixel, and that sums of coordinates can never overflow to infinity.
  public static let maximumMagnitude = 1_000_000.0

  /// Whether `id` has the form of a circle name: a letter or `_`, then letters, digits, `_`
  /// or `-`.
  public static func isValidID(_ id: String) -> Bool {
    guard let first = id.first, first.isLetter || first == "_" else { return false }
    return id.dropFirst().allSatisfy { character in
      character.isLetter || character == "_" || character == "-"
        || ("0"..."9").contains(character)
    }
  }

  /// Checks a point: both coordinates finite and within ±`maximumMagnitude`.
  static func validate(_ point: Point) throws(CanvasError) {
    for value in [point.x, point.y] {
      guard value.isFinite else { throw .notFinite("coordinates") }
      guard abs(value) <= maximumMagnitude else {
        throw .outsideRange(
          "coordinates", value: value, minimum: -maximumMagnitude, maximum: maximumMagnitude)
      }
    }
  }

  /// Checks a length (`radius`, `width`): finite, 0…`maximumMagnitude`.
  static func validateLength(_ value: Double, named name: String) throws(CanvasError) {
    guard value.isFinite else { throw .notFinite(name) }
    guard value >= 0 else { throw .belowMinimum(name, value: value, minimum: 0) }
    guard value <= maximumMagnitude else {
      throw .aboveMaximum(name, value: value, maximum: maximumMagnitude)
    }
  }

  /// Checks an opacity: finite, 0…1.
  static func validateOpacity(_ value: Double) throws(CanvasError) {
    guard value.isFinite else { throw .notFinite("opacity") }
    guard (0...1).contains(value) else {
      throw .outsideRange("opacity", value: value, minimum: 0, maximum: 1)
    }
  }

  /// Checks every property of a circle, its id included.
  static func validate(_ circle: Circle) throws(CanvasError) {
    guard isValidID(circle.id) else { throw .invalidID(circle.id) }
    try validate(circle.center)
    try validateLength(circle.radius, named: "radius")
    try validateLength(circle.strokeWidth, named: "width")
    try validateOpacity(circle.opacity)
  }

  /// Checks the properties a change sets.
  static func validate(_ change: CircleChange) throws(CanvasError) {
    if let center = change.center { try validate(center) }
    if let radius = change.radius { try validateLength(radius, named: "radius") }
    if let width = change.strokeWidth { try validateLength(width, named: "width") }
    if let opacity = change.opacity { try validateOpacity(opacity) }
  }

  /// Checks a canvas size and scale against docs/language.md, "Commands": sides 1…16384, side × scale ≤ 16384.
  static func validateSize(width: Int, height: Int, scale: Double) throws(CanvasError) {
    let limit = Double(maximumPixelSide)
    for side in [width, height] where !(1...maximumPixelSide).contains(side) {
      throw .outsideRange("canvas sides", value: Double(side), minimum: 1, maximum: limit)
    }
    guard scale.isFinite else { throw .notFinite("scale") }
    guard scale > 0 else { throw .notPositive("scale", value: scale) }
    guard Double(width) * scale <= limit, Double(height) * scale <= limit else {
      throw .imageTooLarge(width: width, height: height, scale: scale)
    }
  }
}
