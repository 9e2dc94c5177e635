/// Perceptual arithmetic on premultiplied ARGB32 pixels, each blended over a background by its
/// alpha before it is measured.
///
/// Distances use the YIQ colour space weighted as in Kotsarenko and Ramos, "Measuring perceived
/// colour difference using YIQ NTSC transmission colour space in mobile applications" (2010), the
/// measure pixelmatch uses; its largest value is about 35215 (black against white gives 32857).
///
/// A premultiplied channel `c` of alpha `a` over a background channel `g` shows as
/// `c + g·(255 − a)/255`, so the shown difference of two pixels is
/// `(c₁ − c₂) − g·(a₁ − a₂)/255`: the background only matters where the alphas differ.
enum Colourimetry {
  /// The weights of Y (brightness), I and Q in the distance.
  private static let weights = (y: 0.5053, i: 0.299, q: 0.1957)

  /// The background channels under pixel number `index` (counted row by row over the region
  /// compared).
  @inline(__always)
  static func background(_ kind: ComparisonBackground, index: Int) -> SIMD3<Int32> {
    switch kind {
    case .white:
      return SIMD3(repeating: 255)
    case .checkerboard:
      // pixelmatch 7's pattern, which it derives from the pixel's byte offset (4 × index): red
      // is always dark; green and blue turn light and dark with the offset's whole multiples of
      // the golden ratio φ and of φ².
      let offset = Double(4 * index)
      let green = Int32(truncatingIfNeeded: Int(offset / 1.618033988749895) & 1)
      let blue = Int32(truncatingIfNeeded: Int(offset / 2.618033988749895) & 1)
      return SIMD3(48, 48 + 159 * green, 48 + 159 * blue)
    }
  }

  /// The differences of red, green and blue as the two pixels show over the background.
  @inline(__always)
  static func shownDifference(
    _ one: UInt32, _ two: UInt32, over kind: ComparisonBackground, index: Int
  ) -> SIMD3<Double> {
    let first = channels(one)
    let second = channels(two)
    let alphaChange = Int32(one >> 24) - Int32(two >> 24)
    guard alphaChange != 0 else { return SIMD3<Double>(first &- second) }
    let scaled = (first &- second) &* 255 &- background(kind, index: index) &* alphaChange
    return SIMD3<Double>(scaled) / 255
  }

  @inline(__always) private static func channels(_ pixel: UInt32) -> SIMD3<Int32> {
    SIMD3(
      Int32(truncatingIfNeeded: (pixel >> 16) & 0xFF),
      Int32(truncatingIfNeeded: (pixel >> 8) & 0xFF),
      Int32(truncatingIfNeeded: pixel & 0xFF))
  }

  /// The Y (brightness) of an RGB triple.
  @inline(__always) static func luma(_ rgb: SIMD3<Double>) -> Double {
    0.298_895_31 * rgb.x + 0.586_622_47 * rgb.y + 0.114_482_23 * rgb.z
  }

  /// The weighted squared YIQ distance between two pixels, 0…≈35215, and whether the second
  /// shows darker than the first.
  @inline(__always)
  static func distance(
    _ one: UInt32, _ two: UInt32, over kind: ComparisonBackground, index: Int
  ) -> (delta: Double, secondIsDarker: Bool) {
    let d = shownDifference(one, two, over: kind, index: index)
    let y = luma(d)
    let i = 0.595_977_99 * d.x - 0.274_176_10 * d.y - 0.321_801_89 * d.z
    let q = 0.211_470_17 * d.x - 0.522_617_11 * d.y + 0.311_146_94 * d.z
    return (weights.y * y * y + weights.i * i * i + weights.q * q * q, y > 0)
  }

  /// How much brighter `one` shows than `two` (the Y of their shown difference), both over the
  /// background of pixel number `index`; exactly 0 for equal values.
  @inline(__always)
  static func brightnessChange(
    _ one: UInt32, _ two: UInt32, over kind: ComparisonBackground, index: Int
  ) -> Double {
    one == two ? 0 : luma(shownDifference(one, two, over: kind, index: index))
  }

  /// An opaque grey that keeps a tenth of the pixel's contrast against white (the pixel itself
  /// over white).
  @inline(__always) static func faded(_ pixel: UInt32) -> UInt32 {
    let lift = Double(255 - (pixel >> 24))
    let shown = SIMD3<Double>(channels(pixel)) + lift
    let level = UInt32(min(255, max(0, (255 + (luma(shown) - 255) * 0.1).rounded())))
    return 0xFF00_0000 | level << 16 | level << 8 | level
  }
}
