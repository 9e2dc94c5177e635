import CircleCanvas
import CircleRender
import Testing

/// The largest per-channel difference between two colours.
func distance(_ a: Colour, _ b: Colour) -> Int {
  let pairs: [(UInt8, UInt8)] = [
    (a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha),
  ]
  return pairs.map { abs(Int($0.0) - Int($0.1)) }.max()!
}

/// The largest per-channel difference between two premultiplied ARGB32 pixels.
func distance(_ a: UInt32, _ b: UInt32) -> Int {
  stride(from: 0, to: 32, by: 8).map { shift in
    abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
  }.max()!
}

/// Checks that a colour is within `tolerance` of the expected one on every channel.
func expectColour(
  _ actual: Colour, _ expected: Colour, within tolerance: Int = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    distance(actual, expected) <= tolerance, "\(actual) is not \(expected) ± \(tolerance)",
    sourceLocation: sourceLocation)
}

extension Colour {
  static let opaqueRed = Colour(red: 255, green: 0, blue: 0)
  static let opaqueBlue = Colour(red: 0, green: 0, blue: 255)
}

/// Where two images differ, briefly: `nil` when they are equal.
func pixelDifference(_ a: PixelImage, _ b: PixelImage) -> String? {
  guard a.width == b.width, a.height == b.height else {
    return "sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)"
  }
  let differing = a.pixels.indices.filter { a.pixels[$0] != b.pixels[$0] }
  guard let first = differing.first else { return nil }
  return "\(differing.count) pixels differ, first at \(first % a.width),\(first / a.width): "
    + "\(String(a.pixels[first], radix: 16)) and \(String(b.pixels[first], radix: 16))"
}
