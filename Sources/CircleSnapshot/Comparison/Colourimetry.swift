/// Perceptual arithmetic on premultiplied ARGB32 pixels, after blending them over white.
///
/// Distances use the YIQ colour space weighted as in Kotsarenko and Ramos, "Measuring perceived
/// colour difference using YIQ NTSC transmission colour space in mobile applications" (2010), the
/// measure pixelmatch uses; its largest value is about 35215 (black against white gives 32857).
enum Colourimetry {
  /// The three channels of a pixel blended over white, 0…255 each.
  @inline(__always) static func overWhite(_ pixel: UInt32) -> (Double, Double, Double) {
    // Premultiplied channel c·a over white: c·a + 255·(1 − a) = stored + (255 − alpha).
    let lift = Double(255 - (pixel >> 24))
    return (
      Double((pixel >> 16) & 0xFF) + lift, Double((pixel >> 8) & 0xFF) + lift,
      Double(pixel & 0xFF) + lift
    )
  }

  @inline(__always) static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
    0.298_895_31 * r + 0.586_622_47 * g + 0.114_482_23 * b
  }

  /// Brightness (the Y of YIQ) of a pixel over white.
  @inline(__always) static func brightness(_ pixel: UInt32) -> Double {
    let (r, g, b) = overWhite(pixel)
    return luma(r, g, b)
  }

  /// The weighted squared YIQ distance between two pixels, 0…≈35215.
  @inline(__always) static func delta(_ one: UInt32, _ two: UInt32) -> Double {
    let (r1, g1, b1) = overWhite(one)
    let (r2, g2, b2) = overWhite(two)
    let (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
    let y = luma(dr, dg, db)
    let i = 0.595_977_99 * dr - 0.274_176_10 * dg - 0.321_801_89 * db
    let q = 0.211_470_17 * dr - 0.522_617_11 * dg + 0.311_146_94 * db
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  /// An opaque grey that keeps a tenth of the pixel's contrast against white.
  @inline(__always) static func faded(_ pixel: UInt32) -> UInt32 {
    let level = UInt32(min(255, max(0, (255 + (brightness(pixel) - 255) * 0.1).rounded())))
    return 0xFF00_0000 | level << 16 | level << 8 | level
  }
}
