import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("Diff images")
struct DiffImageTests {
  @Test("changed pixels are red over a faded grey copy of the golden")
  func highlight() throws {
    let golden = picture(["#..", "...", "..."])
    let actual = picture(["#..", ".r.", "..."])
    let diff = try DiffImage.highlighting(expected: golden, actual: actual)
    #expect(diff.width == 3 && diff.height == 3)
    #expect(diff.pixels[4] == DiffImage.changedColour)
    #expect(diff.pixels.filter { $0 == DiffImage.changedColour }.count == 1)
    // Black fades to a light grey (a tenth of its contrast), white stays white.
    #expect(diff.colour(atX: 0, y: 0) == Colour(red: 230, green: 230, blue: 230))
    #expect(diff.colour(atX: 2, y: 2) == .white)
  }

  @Test("ignored anti-aliased pixels are yellow, not red")
  func antialiasedYellow() throws {
    let edge = picture(Array(repeating: "####....", count: 6))
    let softened = picture([
      "####....", "####....", "###g....", "####....", "####....", "####....",
    ])
    let diff = try DiffImage.highlighting(
      expected: edge, actual: softened, options: .tolerant)
    #expect(diff.pixels[2 * 8 + 3] == DiffImage.antialiasedColour)
    #expect(!diff.pixels.contains(DiffImage.changedColour))
  }

  @Test("sizes that differ: the diff covers both and the uncovered part is red")
  func sizes() throws {
    let golden = picture(["...", "..."])
    let actual = picture(["..", "..", ".."])
    let diff = try DiffImage.highlighting(expected: golden, actual: actual)
    #expect(diff.width == 3 && diff.height == 3)
    #expect(diff.pixels.filter { $0 == DiffImage.changedColour }.count == 5)
  }

  @Test("darker pixels take the darker colour when one is set; counts are unchanged")
  func darkerColour() throws {
    let golden = picture(["g.g", "..."])
    let actual = picture(["#.l", "..."])
    let green = Colour(red: 0, green: 255, blue: 0)
    let options = ComparisonOptions(threshold: 0, darkerColour: green)
    let diff = try DiffImage.highlighting(expected: golden, actual: actual, options: options)
    // Grey to black is darker; grey to near-white is lighter.
    #expect(diff.pixels[0] == PixelImage.premultiplied(green))
    #expect(diff.pixels[2] == DiffImage.changedColour)
    #expect(
      ImageComparison(expected: golden, actual: actual, options: options).differingPixels == 2)
    let plain = try DiffImage.highlighting(expected: golden, actual: actual)
    #expect(plain.pixels[0] == DiffImage.changedColour)
  }

  @Test("the strip places golden, diff and actual side by side under their labels")
  func strip() throws {
    let golden = picture(["#.", ".."])
    let actual = picture(["r.", "..", ".."])
    let diff = try DiffImage.highlighting(expected: golden, actual: actual)
    let strip = try DiffImage.strip(expected: golden, diff: diff, actual: actual)
    let gap = DiffImage.separatorWidth
    let band = StripLabel.bandHeight(scale: 1)
    #expect(band == 13)
    #expect(strip.width == 2 + 2 + 2 + 2 * gap)
    #expect(strip.height == band + 3)
    #expect(strip.colour(atX: 0, y: band) == .black)
    #expect(strip.pixels[band * strip.width + 2] == DiffImage.separatorColour)
    #expect(strip.pixels[band * strip.width + 2 + gap] == DiffImage.changedColour)
    #expect(strip.colour(atX: 4 + 2 * gap, y: band) == Colour(red: 255, green: 0, blue: 0))
    #expect(strip.pixels[(band + 2) * strip.width] == 0)
  }

  /// The columns of a strip's label band that hold letters, for each panel.
  static func labelColumns(_ strip: PixelImage, band: Int) -> [Int] {
    (0..<strip.width).filter { x in
      (0..<band).contains { y in strip.pixels[y * strip.width + x] == DiffImage.labelColour }
    }
  }

  @Test("each panel is named: golden, diff and actual, in letters of the label colour")
  func labels() throws {
    let image = try PixelImage(width: 60, height: 40, repeating: 0xFFFF_FFFF)
    let strip = try DiffImage.strip(expected: image, diff: image, actual: image)
    let band = StripLabel.bandHeight(scale: 1)
    let columns = Self.labelColumns(strip, band: band)
    let gap = DiffImage.separatorWidth
    // "golden" is 6 letters of 6 columns (the last without its space), from 2 pixels in.
    let starts = [0, 60 + gap, 120 + 2 * gap]
    let spans = starts.map { start in columns.filter { (start..<start + 60).contains($0) } }
    let firsts = zip(spans, starts).map { span, start in (span.first ?? -1) - start }
    let lasts = zip(spans, starts).map { span, start in (span.last ?? -1) - start }
    #expect(firsts == [2, 2, 2])
    // The last letter's rightmost column: n's is its fifth, f's and l's their fourth.
    #expect(lasts == [2 + 5 * 6 + 4, 2 + 3 * 6 + 3, 2 + 5 * 6 + 3])
    // Nothing of the pictures below is painted over.
    let below = strip.pixels[(band * strip.width)...]
    #expect(!below.contains(DiffImage.labelColour))
  }

  @Test("with names, the golden and actual panels name their images; the diff panel is as before")
  func namedPanels() throws {
    let image = try PixelImage(width: 200, height: 40, repeating: 0xFFFF_FFFF)
    let plain = try DiffImage.strip(expected: image, diff: image, actual: image)
    let named = try DiffImage.strip(
      expected: image, diff: image, actual: image, names: ("0002-add-hill", "0003-add-hill"))
    let band = StripLabel.bandHeight(scale: 1)
    let gap = DiffImage.separatorWidth
    let columns = Self.labelColumns(named, band: band)
    let starts = [0, 200 + gap, 400 + 2 * gap]
    let lasts = starts.map { start in
      (columns.filter { (start..<start + 200).contains($0) }.last ?? -1) - start
    }
    // "golden 0002-add-hill" is 20 characters; its last, l, ends at its fourth column.
    #expect(lasts == [2 + 19 * 6 + 3, 2 + 3 * 6 + 3, 2 + 19 * 6 + 3])
    let diffPanel = { (strip: PixelImage) in
      (0..<band).flatMap { y in
        strip.pixels[(y * strip.width + starts[1])..<(y * strip.width + starts[1] + 200)]
      }
    }
    #expect(diffPanel(named) == diffPanel(plain))
    let other = try DiffImage.strip(
      expected: image, diff: image, actual: image, names: ("0001-add-hill", "0003-add-hill"))
    #expect(other.pixels != named.pixels, "another golden's name is drawn differently")
  }

  @Test("the font draws every character of a frame's name")
  func fontCoversNames() {
    let characters = "abcdefghijklmnopqrstuvwxyz0123456789-_."
    for character in characters {
      let rows = StripLabel.glyphs[character]
      #expect(rows?.count == StripLabel.glyphHeight, "\(character)")
      #expect(rows?.allSatisfy { $0.count == StripLabel.glyphWidth } == true, "\(character)")
      #expect(rows?.contains { $0.contains("#") } == true, "\(character)")
    }
    #expect(Set(characters.compactMap { StripLabel.glyphs[$0] }).count == characters.count)
  }

  @Test(
    "strips past 16384 pixels are scaled down by the smallest whole factor that fits",
    arguments: [(5458, 1), (5459, 2), (10916, 2), (10917, 3), (16374, 3), (16375, 4), (16384, 4)])
  func reduction(width: Int, factor: Int) throws {
    let image = PixelImage(width: width, height: 1, pixels: [UInt32](repeating: 0, count: width))
    #expect(DiffImage.stripReduction(expected: image, diff: image, actual: image) == factor)
  }

  @Test("a canvas 6000 pixels wide still gets a strip, half as wide, of averaged pixels")
  func wideStrip() throws {
    var golden = try PixelImage(width: 6000, height: 3, repeating: 0xFFFF_FFFF)
    golden.pixels[0] = 0xFF00_0000
    let strip = try DiffImage.strip(expected: golden, diff: golden, actual: golden)
    let band = StripLabel.bandHeight(scale: 1)
    #expect(strip.width == 3 * 3000 + 2 * DiffImage.separatorWidth)
    #expect(strip.height == band + 2)
    #expect(try PNGCodec.encode(strip).count > 0)
    // The black pixel and three white ones average to a light grey.
    let shade = strip.pixels[band * strip.width]
    #expect(shade == 0xFFBF_BFBF || shade == 0xFFC0_C0C0)
  }
}

@Suite("Comparing PNG files")
struct PNGComparisonTests {
  @Test("two rendered goldens compare by pixels and by scene")
  func goldens() throws {
    var state = CanvasState(width: 20, height: 20)
    state.circles = [Circle(id: "dot", center: Point(x: 10, y: 10), radius: 4)]
    var moved = state
    moved.circles[0].center.x += 3
    let one = try GoldenChecker.goldenData(
      image: Renderer.render(state), state: state, renderer: "cairo 1")
    let two = try GoldenChecker.goldenData(
      image: Renderer.render(moved), state: moved, renderer: "cairo 2")
    let result = try PNGComparison(expected: one, actual: two, options: .tolerant)
    #expect(!result.comparison.matches)
    #expect(result.sceneDiff == ["dot moved by 3,0 (10,10 → 13,10)"])
    #expect(
      result.lines.suffix(2) == [
        "scene: dot moved by 3,0 (10,10 → 13,10)", "note:  rendered with cairo 1 and cairo 2",
      ])
    #expect(try PNGComparison(expected: one, actual: one).lines == ["images match"])
  }

  @Test("plain PNGs have no scene diff; non-PNG data is an error")
  func plain() throws {
    let png = try PNGCodec.encode(picture(["#."]))
    #expect(try PNGComparison(expected: png, actual: png).sceneDiff == nil)
    let failure = #expect(throws: PNGComparison.Failure.self) {
      try PNGComparison(expected: png, actual: Data("text".utf8))
    }
    #expect(failure?.file == .actual && failure?.error == .notPNG)
    let other = #expect(throws: PNGComparison.Failure.self) {
      try PNGComparison(expected: Data("text".utf8), actual: png)
    }
    #expect(other?.file == .expected && other?.error == .notPNG)
  }

  @Test("files of the same bytes match without a pixel decoded, unless pictures are asked for")
  func identicalBytes() throws {
    // 16384 × 16384 pixels in 32 KB: decoding it would take a gigabyte.
    let huge = LargePNG.blank(side: 16384)
    let result = try PNGComparison(expected: huge, actual: huge)
    #expect(result.identicalBytes && result.comparison.matches)
    #expect(result.expected == nil && result.difference == nil)
    #expect(result.lines == ["images match"])
    let regions = ComparisonOptions(ignoring: [PixelRect(x: 16380, y: 0, width: 10, height: 2)])
    #expect(
      try PNGComparison(expected: huge, actual: huge, options: regions).lines == [
        "images match (8 pixels in ignored regions)"
      ])
  }

  @Test("equal bytes are trusted only when they are a whole PNG: each damaged file is named")
  func identicalDamagedBytes() throws {
    // A header and no image data: the same bytes twice are still no picture.
    let headerOnly = PNGFile.headerOnly(width: 16384, height: 16384)
    let failure = #expect(throws: PNGComparison.Failure.self) {
      try PNGComparison(expected: headerOnly, actual: headerOnly)
    }
    #expect(failure?.file == .expected)
    #expect(failure?.error == .damagedPNG(reason: "no image data (no IDAT chunk)"))
    var badCRC = try PNGCodec.encode(picture(["#."]))
    badCRC[badCRC.count - 20] ^= 0xFF
    let valid = try PNGCodec.encode(picture(["#."]))
    let actual = #expect(throws: PNGComparison.Failure.self) {
      try PNGComparison(expected: valid, actual: badCRC)
    }
    #expect(actual?.file == .actual)
  }

  @Test("files of different sizes are answered from their headers, decoding nothing")
  func sizesFromHeaders() throws {
    let small = try PNGCodec.encode(picture(["#.", ".."]))
    // 16384 × 16384 pixels in 32 KB: decoding it would take a gigabyte.
    let huge = LargePNG.blank(side: 16384)
    let result = try PNGComparison(expected: huge, actual: small)
    #expect(result.expected == nil && result.actual == nil)
    #expect(result.lines == ["sizes differ: golden 16384x16384, actual 2x2"])
    #expect(try result.diffImage() == nil)
  }

  @Test("asked for pictures, files of different sizes are decoded and diffed over both")
  func sizesDecoded() throws {
    let golden = try PNGCodec.encode(picture(["#..", "..."]))
    let actual = try PNGCodec.encode(picture(["#.", "..", "r."]))
    let result = try PNGComparison(expected: golden, actual: actual, decoding: .always)
    #expect(result.comparison.summary == "sizes differ: golden 3x2, actual 2x3")
    let diff = try #require(try result.diffImage())
    #expect(diff.width == 3 && diff.height == 3)
    // The shared 2×2 region is equal; the rest (two pixels only one image has, and the third
    // row's one) is red.
    #expect(diff.pixels.filter { $0 == DiffImage.changedColour }.count == 5)
  }
}

/// PNG files made byte by byte.
enum PNGFile {
  static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + body
    let crc = crc(typed)
    return bytes(UInt32(body.count)) + typed + bytes(crc)
  }

  static func bytes(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func crc(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The signature, a header of 1-bit grey and the end: no image data.
  static func headerOnly(width: UInt32, height: UInt32) -> Data {
    let header = bytes(width) + bytes(height) + [1, 0, 0, 0, 0]
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IEND", []))
  }
}
