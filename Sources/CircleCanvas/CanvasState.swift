/// Everything needed to draw a canvas at one moment, as a plain value.
///
/// A `Canvas` hands out its state for rendering, comparing and storing; two equal states
/// render to identical pixels.
public struct CanvasState: Hashable, Sendable, Codable {
  /// Width in points, 1…16384.
  public var width: Int
  /// Height in points, 1…16384.
  public var height: Int
  /// Pixels per point; the rendered image is `width × scale` by `height × scale` pixels.
  public var scale: Double
  /// The colour painted before any circle; may be transparent.
  public var background: Colour
  /// The circles, back to front: the first is drawn first.
  public var circles: [Circle]

  /// Creates a state; the defaults are those of a script with no `canvas` command.
  public init(
    width: Int = 512, height: Int = 512, scale: Double = 1, background: Colour = .white,
    circles: [Circle] = []
  ) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
    self.circles = circles
  }

  /// The size of the rendered image in pixels: each side × scale, rounded to the nearest pixel.
  ///
  /// At least 1; a scale that is not finite or an absurd size gives a huge value instead of
  /// trapping, so that renderers can reject it as too large.
  public var pixelWidth: Int { CanvasState.pixels(width, scale) }
  /// The height of the rendered image in pixels.
  public var pixelHeight: Int { CanvasState.pixels(height, scale) }

  private static func pixels(_ side: Int, _ scale: Double) -> Int {
    let value = (Double(side) * scale).rounded()
    if value.isNaN { return Int(Int32.max) }
    return Int(min(max(value, 1), Double(Int32.max)))
  }
}
