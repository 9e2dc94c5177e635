import CircleCanvas
import CircleRender
import Testing

@testable import CircleSnapshot

@Suite("Image comparison")
struct ImageComparisonTests {
  static let plain = picture(Array(repeating: "........", count: 6))

  @Test("identical images match with no differing pixel")
  func identical() {
    let result = ImageComparison(expected: Self.plain, actual: Self.plain)
    #expect(result.matches)
    #expect(result.differingPixels == 0)
    #expect(result.firstDifference == nil)
    #expect(result.differenceBounds == nil)
    #expect(result.comparedPixels == 48)
    #expect(result.summary == "images match")
  }

  @Test("the exact default counts every changed pixel, its first position and bounds")
  func exactCounts() {
    let changed = picture([
      "........",
      "...l....",
      "........",
      ".#......",
      "......r.",
      "........",
    ])
    let result = ImageComparison(expected: Self.plain, actual: changed)
    #expect(!result.matches)
    #expect(result.differingPixels == 3)
    #expect(result.firstDifference == PixelPoint(x: 3, y: 1))
    #expect(result.differenceBounds == PixelRect(x: 1, y: 1, width: 6, height: 4))
    #expect(result.summary == "3 pixels differ (6.3%), first at 3,1, all within 6x4 at 1,1")
  }

  @Test(
    "the threshold forgives small colour changes on pixelmatch's scale",
    arguments: [
      (0.0, 3), (0.01, 2), (0.1, 2), (0.6, 2), (0.9, 1), (0.97, 0), (1.0, 0),
    ])
  func threshold(threshold: Double, expected: Int) {
    // A near-white pixel (a tiny distance), red on white (threshold ≈ 0.82 on the threshold's
    // square-root scale) and black on white (≈ 0.966).
    let changed = picture([
      "l.......",
      "........",
      "...r....",
      "........",
      "......#.",
      "........",
    ])
    let options = ComparisonOptions(threshold: threshold)
    #expect(
      ImageComparison(expected: Self.plain, actual: changed, options: options)
        .differingPixels == expected)
  }

  @Test("black against white is about 32857, under the measure's largest value 35215")
  func blackAgainstWhite() {
    let (delta, darker) = Colourimetry.distance(
      0xFFFF_FFFF, 0xFF00_0000, over: .checkerboard, index: 0)
    #expect(abs(delta - 0.5053 * 255 * 255) < 1)
    #expect(delta < 35215)
    #expect(darker)
    #expect(!Colourimetry.distance(0xFF00_0000, 0xFFFF_FFFF, over: .white, index: 0).secondIsDarker)
    #expect(Colourimetry.distance(0xFF12_3456, 0xFF12_3456, over: .white, index: 5).delta == 0)
  }

  @Test(
    "transparent pixels are compared over the checkerboard, or over white when asked",
    arguments: [
      (0.0, ComparisonBackground.checkerboard, 4), (0.0, .white, 4), (0.01, .checkerboard, 4),
      (0.01, .white, 0),
    ])
  func transparency(threshold: Double, background: ComparisonBackground, differing: Int) {
    let transparent = picture(["tt", "tt"])
    let white = picture(["..", ".."])
    let options = ComparisonOptions(threshold: threshold, background: background)
    #expect(
      ImageComparison(expected: white, actual: transparent, options: options).differingPixels
        == differing)
  }

  @Test(
    "the checkerboard is pixelmatch's: red 48, green and blue 48 or 207 by the pixel's offset",
    arguments: [
      (0, SIMD3<Int32>(48, 48, 48)), (1, SIMD3(48, 48, 207)), (2, SIMD3(48, 48, 207)),
      (3, SIMD3(48, 207, 48)), (4, SIMD3(48, 207, 48)), (1000, SIMD3(48, 48, 207)),
    ])
  func checkerboard(index: Int, colour: SIMD3<Int32>) {
    #expect(Colourimetry.background(.checkerboard, index: index) == colour)
    #expect(Colourimetry.background(.white, index: index) == SIMD3(repeating: 255))
  }

  /// A vertical edge between black (left) and white (right); the actual image softens one edge
  /// pixel to grey, as anti-aliasing does.
  static let edge = picture(Array(repeating: "####....", count: 6))
  static let softened = picture([
    "####....", "####....", "###g....", "####....", "####....", "####....",
  ])
  /// A lone grey speck in a white area: no edge, so never anti-aliasing.
  static let speck = picture([
    "####....", "####....", "####..g.", "####....", "####....", "####....",
  ])

  @Test(
    "anti-aliased pixels are ignored only when asked, and counted apart",
    arguments: [
      (false, false, 1, 0), (true, false, 0, 1), (false, true, 1, 0), (true, true, 1, 0),
    ])
  func antialiasing(ignores: Bool, isSpeck: Bool, differing: Int, antialiased: Int) {
    let actual = isSpeck ? Self.speck : Self.softened
    let options = ComparisonOptions(threshold: 0.05, ignoresAntialiasing: ignores)
    let result = ImageComparison(expected: Self.edge, actual: actual, options: options)
    #expect(result.differingPixels == differing)
    #expect(result.antialiasedPixels == antialiased)
    #expect(result.matches == (differing == 0))
  }

  @Test("the tolerant preset ignores the softened edge pixel")
  func tolerantPreset() {
    let result = ImageComparison(expected: Self.edge, actual: Self.softened, options: .tolerant)
    #expect(result.matches)
    #expect(result.summary == "images match (1 anti-aliased pixels ignored)")
  }

  @Test(
    "a limit of differing pixels as a count or a share",
    arguments: [
      (DifferenceLimit.count(0), false), (.count(2), false), (.count(3), true),
      (.share(0.05), false), (.share(0.0625), true), (.share(1), true),
    ])
  func limit(limit: DifferenceLimit, matches: Bool) {
    let changed = picture([
      "#.......", "........", "...#....", "........", "........", ".......#",
    ])
    let result = ImageComparison(
      expected: Self.plain, actual: changed, options: ComparisonOptions(limit: limit))
    #expect(result.differingPixels == 3)
    #expect(result.matches == matches)
  }

  @Test(
    "limits parse from counts and percentages",
    arguments: [
      ("0", DifferenceLimit.count(0)), ("25", .count(25)), ("0.5%", .share(0.005)),
      ("100%", .share(1)),
    ])
  func parsesLimit(text: String, limit: DifferenceLimit) {
    #expect(DifferenceLimit(parsing: text) == limit)
  }

  @Test("bad limits are rejected", arguments: ["-1", "x", "101%", "%", "1.5"])
  func rejectsLimit(text: String) {
    #expect(DifferenceLimit(parsing: text) == nil)
  }

  @Test("images of different sizes never match and say so")
  func sizeMismatch() {
    let small = picture(["....", "...."])
    let result = ImageComparison(expected: Self.plain, actual: small)
    #expect(!result.sizesMatch)
    #expect(!result.matches)
    #expect(result.differingPixels == 0)
    #expect(result.comparedPixels == 8)
    #expect(result.summary == "sizes differ: golden 8x6, actual 4x2")
  }
}
