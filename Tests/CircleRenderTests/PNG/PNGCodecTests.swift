import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("PNG codec")
struct PNGCodecTests {
  /// An image of random valid premultiplied pixels, the same for the same seed.
  static func randomImage(seed: UInt64, width: Int, height: Int, opaque: Bool) -> PixelImage {
    var generator = SeededGenerator(seed: seed)
    let pixels = (0..<width * height).map { _ in
      let bytes = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let alpha = opaque ? 255 : [0, 1, 128, 254, 255, bytes[3]][Int(bytes[3]) % 6]
      return PixelImage.premultiplied(
        Colour(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: alpha))
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  @Test(
    "encoding then decoding gives back the same pixels",
    arguments: [(UInt64(1), 1, 1, true), (2, 17, 5, false), (3, 64, 48, true), (4, 3, 40, false)])
  func roundTrip(seed: UInt64, width: Int, height: Int, opaque: Bool) throws {
    let image = Self.randomImage(seed: seed, width: width, height: height, opaque: opaque)
    let data = try PNGCodec.encode(image)
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try PNGCodec.decode(data) == image)
  }

  @Test("a rendered canvas with translucent circles survives a round trip")
  func renderedRoundTrip() throws {
    let state = CanvasState(
      width: 60, height: 40, background: .none,
      circles: [
        Circle(
          id: "a", center: Point(x: 20, y: 20), radius: 15,
          fill: Colour(red: 200, green: 30, blue: 90), stroke: Colour(red: 0, green: 0, blue: 250),
          strokeWidth: 3, opacity: 0.4)
      ])
    let image = try Renderer.render(state)
    #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
  }

  @Test("grey, RGB and grey-with-alpha files decode to premultiplied ARGB32")
  func otherFormats() throws {
    let grey = PNGFile.make(width: 2, height: 1, colourType: 0, rows: [[0, 200]])
    #expect(try PNGCodec.decode(grey).pixels == [0xFF00_0000, 0xFFC8_C8C8])

    let rgb = PNGFile.make(width: 1, height: 2, colourType: 2, rows: [[255, 0, 0], [1, 2, 3]])
    #expect(try PNGCodec.decode(rgb).pixels == [0xFFFF_0000, 0xFF01_0203])

    let greyAlpha = PNGFile.make(width: 1, height: 1, colourType: 4, rows: [[255, 0]])
    #expect(try PNGCodec.decode(greyAlpha).pixels == [0])

    let rgba = PNGFile.make(
      width: 2, height: 1, colourType: 6, rows: [[255, 0, 0, 128, 0, 0, 0, 0]])
    let image = try PNGCodec.decode(rgba)
    #expect(image.width == 2 && image.height == 1)
    #expect(image.pixels == [0x8080_0000, 0])
  }

  @Test(
    "data that is not a PNG is rejected",
    arguments: [
      Data(), Data("hello".utf8), Data([0x89, 0x50, 0x4E]), Data(repeating: 0, count: 100),
    ])
  func notPNG(data: Data) {
    #expect(throws: RenderError.notPNG) { try PNGCodec.decode(data) }
  }

  @Test(
    "a PNG cut short anywhere is a damaged file, not a crash", arguments: [8, 12, 20, 33, 50, 80])
  func truncated(length: Int) throws {
    let data = try PNGCodec.encode(Self.randomImage(seed: 9, width: 8, height: 8, opaque: false))
    #expect(length < data.count)
    #expect(throws: RenderError.damagedPNG(reason: "the file ends too early")) {
      try PNGCodec.decode(data.prefix(length))
    }
  }

  @Test("a PNG with damaged bytes is rejected as damaged", arguments: [10, 16, 29, 40, 60])
  func corrupted(offset: Int) throws {
    var data = try PNGCodec.encode(Self.randomImage(seed: 5, width: 8, height: 8, opaque: true))
    data[offset] ^= 0x5A
    #expect {
      try PNGCodec.decode(data)
    } throws: { error in
      guard case .damagedPNG = error as? RenderError else { return false }
      return true
    }
  }

  @Test("random bytes after the signature never crash the decoder")
  func fuzz() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let count = Int.random(in: 0..<200, using: &generator)
      let tail = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + tail)
      #expect(throws: RenderError.self) { try PNGCodec.decode(data) }
    }
  }

  @Test("damaged chunk data with correct checksums is decoded or refused, never a crash")
  func damagedBehindChecksums() throws {
    let original = try PNGCodec.encode(
      Self.randomImage(seed: 11, width: 12, height: 9, opaque: false))
    var generator = SeededGenerator(seed: 77)
    var refused = 0
    for _ in 0..<300 {
      var data = original
      // The first chunk (IHDR) starts at 8; its 13 data bytes at 16. IDAT follows at 33.
      let idatLength =
        Int(data[33]) << 24 | Int(data[34]) << 16 | Int(data[35]) << 8
        | Int(data[36])
      let chunk: (start: Int, length: Int) =
        Bool.random(using: &generator) ? (16, 13) : (41, idatLength)
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let offset = chunk.start + Int.random(in: 0..<chunk.length, using: &generator)
        data[offset] = UInt8.random(in: 0...255, using: &generator)
      }
      let typed = data[(chunk.start - 4)..<(chunk.start + chunk.length)]
      var crc = Data()
      crc.append(bigEndian: PNGFile.crc32(Data(typed)))
      data.replaceSubrange(
        (chunk.start + chunk.length)..<(chunk.start + chunk.length + 4), with: crc)
      do {
        let image = try PNGCodec.decode(data)
        #expect(image.pixels.count == image.width * image.height)
      } catch {
        refused += 1
      }
    }
    #expect(refused > 0 && refused < 300)
  }

  @Test("a header declaring a giant image is refused before decoding")
  func giantHeader() {
    let data = PNGFile.make(width: 20000, height: 3, colourType: 0, rows: [])
    #expect(throws: RenderError.imageTooLarge(width: 20000, height: 3)) {
      try PNGCodec.decode(data)
    }
    let tall = PNGFile.make(width: 1, height: 0xFFFF_FFFF, colourType: 0, rows: [])
    #expect(throws: RenderError.imageTooLarge(width: 1, height: 0xFFFF_FFFF)) {
      try PNGCodec.decode(tall)
    }
  }

  @Test("an image without pixels cannot be encoded")
  func emptyImage() {
    #expect(throws: RenderError.emptyImage(width: 0, height: 3)) {
      try PNGCodec.encode(PixelImage(width: 0, height: 3, pixels: []))
    }
  }
}
