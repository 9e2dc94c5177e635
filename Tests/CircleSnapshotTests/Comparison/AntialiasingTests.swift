import CircleRender
import Testing

@testable import CircleSnapshot

/// The anti-aliasing detector where two neighbours contrast equally with the centre: the first
/// met, column by column, is the one whose flatness decides, as in pixelmatch.
@Suite("Anti-aliasing detector on ties")
struct AntialiasingTests {
  /// Opaque greys, one row a line, five pixels a row. The centre (2,2) is 128; its brightest
  /// neighbours are two 200s, at (1,3) and (3,1); its darkest, 60 at (3,3), is in no flat area.
  /// (1,3) lies in a flat area (three 200s beside it); (3,1) does not.
  static let levels: [[UInt8]] = [
    [5, 15, 10, 20, 30],
    [25, 100, 120, 200, 40],
    [200, 110, 128, 130, 50],
    [200, 200, 140, 60, 70],
    [200, 35, 80, 90, 95],
  ]

  static func image(_ levels: [[UInt8]], centre: UInt8? = nil) -> PixelImage {
    var rows = levels
    if let centre { rows[2][2] = centre }
    let pixels = rows.flatMap { row in
      row.map { 0xFF00_0000 | UInt32($0) << 16 | UInt32($0) << 8 | UInt32($0) }
    }
    return PixelImage(width: 5, height: 5, pixels: pixels)
  }

  static func transposed(_ levels: [[UInt8]]) -> [[UInt8]] {
    (0..<5).map { x in (0..<5).map { y in levels[y][x] } }
  }

  static func looksAntialiased(_ one: PixelImage, _ other: PixelImage) -> Bool {
    one.pixels.withUnsafeBufferPointer { a in
      other.pixels.withUnsafeBufferPointer { b in
        let first = Plane(base: a.baseAddress!, stride: 5, width: 5, height: 5)
        let second = Plane(base: b.baseAddress!, stride: 5, width: 5, height: 5)
        return first.looksAntialiased(x: 2, y: 2, other: second, over: .checkerboard)
      }
    }
  }

  @Test(
    "of two equally bright neighbours, the one in the earlier column decides",
    arguments: [(false, true), (true, false)])
  func tie(transpose: Bool, antialiased: Bool) {
    // Column by column, (1,3) comes before (3,1); transposed, the flat one comes second.
    let levels = transpose ? Self.transposed(Self.levels) : Self.levels
    let before = Self.image(levels)
    let after = Self.image(levels, centre: 0)
    #expect(Self.looksAntialiased(before, after) == antialiased)
    // The changed centre, black, has no darker neighbour: never anti-aliasing.
    #expect(!Self.looksAntialiased(after, before))
    let result = ImageComparison(
      expected: before, actual: after, options: .init(threshold: 0.1, ignoresAntialiasing: true))
    #expect(result.differingPixels == (antialiased ? 0 : 1))
    #expect(result.antialiasedPixels == (antialiased ? 1 : 0))
  }

  @Test("a tie on the dark side is decided the same way")
  func darkTie() {
    // The same picture in negative: the two 200s become the two darkest neighbours.
    let negative = Self.levels.map { row in row.map { 255 - $0 } }
    for (levels, antialiased) in [(negative, true), (Self.transposed(negative), false)] {
      let before = Self.image(levels)
      let after = Self.image(levels, centre: 255)
      #expect(Self.looksAntialiased(before, after) == antialiased)
    }
  }

  @Test("more than two neighbours of the centre's own brightness: not anti-aliasing")
  func flatCentre() {
    var levels = Self.levels
    levels[1][1] = 128
    levels[1][2] = 128
    #expect(Self.looksAntialiased(Self.image(levels), Self.image(levels, centre: 0)))
    levels[3][2] = 128
    #expect(!Self.looksAntialiased(Self.image(levels), Self.image(levels, centre: 0)))
  }
}
