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
    // The digits, four bits each, the first highest.
    var packed: UInt32 = 0
    let count: Int
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII: each byte is a character, and its hex value is the character's. A script's
      // colours are ASCII, and reading them by bytes needs no array of characters.
      count = text.utf8.count - 1
      guard count <= 8 else { return nil }
      for byte in text.utf8.dropFirst() {
        guard let value = Self.hexValue(byte) else { return nil }
        packed = packed << 4 | UInt32(value)
      }
    } else {
      let digits = text.dropFirst().compactMap { $0.hexDigitValue }
      count = digits.count
      guard count == text.count - 1, count <= 8 else { return nil }
      for value in digits { packed = packed << 4 | UInt32(value) }
    }
    func digit(_ index: Int) -> UInt8 { UInt8((packed >> UInt32(4 * (count - 1 - index))) & 0xF) }
    func short(_ index: Int) -> UInt8 { digit(index) * 17 }
    func long(_ index: Int) -> UInt8 { digit(index) * 16 + digit(index + 1) }
    switch count {
    case 3: self.init(red: short(0), green: short(1), blue: short(2))
    case 4: self.init(red: short(0), green: short(1), blue: short(2), alpha: short(3))
    case 6: self.init(red: long(0), green: long(2), blue: long(4))
    case 8: self.init(red: long(0), green: long(2), blue: long(4), alpha: long(6))
    default: return nil
    }
  }

  /// The value of an ASCII hex digit, either case.
  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}
