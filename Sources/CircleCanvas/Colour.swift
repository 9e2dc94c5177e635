/// An sRGB colour with straight (not premultiplied) alpha, eight bits a channel.
///
/// `Colour.none` is fully transparent: a fill or stroke of `none` draws nothing.
public struct Colour: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Alpha, 0 (transparent) … 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from its four channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque black, the default fill.
  public static let black = Colour(red: 0, green: 0, blue: 0)
  /// Opaque white, the default background.
  public static let white = Colour(red: 255, green: 255, blue: 255)
  /// Fully transparent; as a fill or stroke it draws nothing.
  public static let none = Colour(red: 0, green: 0, blue: 0, alpha: 0)

  /// Whether drawing with this colour leaves the picture unchanged.
  public var isInvisible: Bool { alpha == 0 }

  /// The colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque; `none` when fully transparent.
  public var description: String {
    if self == .none { return "none" }
    let hex = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
    return "#"
      + hex.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (case-insensitive).
  ///
  /// - Returns: the colour, or `nil` when the text is not one of those forms.
  public init?(hex text: some StringProtocol) {
    guard text.first == "#" else { return nil }
    let digits = text.dropFirst().compactMap { $0.hexDigitValue }
    guard digits.count == text.count - 1 else { return nil }
    func short(_ index: Int) -> UInt8 { UInt8(digits[index] * 17) }
    func long(_ index: Int) -> UInt8 { UInt8(digits[index] * 16 + digits[index + 1]) }
    switch digits.count {
    case 3: self.init(red: short(0), green: short(1), blue: short(2))
    case 4: self.init(red: short(0), green: short(1), blue: short(2), alpha: short(3))
    case 6: self.init(red: long(0), green: long(2), blue: long(4))
    case 8: self.init(red: long(0), green: long(2), blue: long(4), alpha: long(6))
    default: return nil
    }
  }
}
