import CircleCanvas

/// A rendered picture in memory: Cairo's ARGB32 layout without row padding.
///
/// Each pixel is one `UInt32` holding premultiplied `0xAARRGGBB`, rows top to bottom, pixels
/// left to right; `pixels.count == width * height`.
public struct PixelImage: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Premultiplied ARGB32 pixels, row-major.
  public var pixels: [UInt32]

  /// Creates an image from its pixels.
  ///
  /// - Precondition: `pixels.count == width * height`.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates an image of one colour.
  public init(width: Int, height: Int, filledWith colour: Colour) {
    self.init(
      width: width, height: height,
      pixels: Array(repeating: PixelImage.premultiplied(colour), count: width * height))
  }

  /// The colour of the pixel at column `x`, row `y`, with alpha undone (straight alpha).
  public func colour(atX x: Int, y: Int) -> Colour {
    PixelImage.straight(pixels[y * width + x])
  }

  /// Packs a straight-alpha colour into a premultiplied ARGB32 value, rounding to nearest.
  public static func premultiplied(_ colour: Colour) -> UInt32 {
    let a = UInt32(colour.alpha)
    func scaled(_ channel: UInt8) -> UInt32 { (UInt32(channel) * a + 127) / 255 }
    return a << 24 | scaled(colour.red) << 16 | scaled(colour.green) << 8 | scaled(colour.blue)
  }

  /// Unpacks a premultiplied ARGB32 value into a straight-alpha colour, rounding to nearest.
  public static func straight(_ pixel: UInt32) -> Colour {
    let a = pixel >> 24
    guard a > 0 else { return .none }
    func channel(_ shift: UInt32) -> UInt8 {
      let value = (pixel >> shift) & 0xFF
      return UInt8(min(255, (value * 255 + a / 2) / a))
    }
    return Colour(red: channel(16), green: channel(8), blue: channel(0), alpha: UInt8(a))
  }
}
