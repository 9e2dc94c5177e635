import Foundation
import Testing

@testable import CircleRender

@Suite("PNG headers")
struct PNGHeaderTests {
  /// The signature and a header chunk of the given fields, nothing else.
  static func header(
    width: UInt32, height: UInt32, depth: UInt8 = 8, colour: UInt8 = 6, interlace: UInt8 = 0
  ) -> Data {
    var body = Data()
    body.append(bigEndian: width)
    body.append(bigEndian: height)
    body.append(contentsOf: [depth, colour, 0, 0, interlace])
    var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    file.append(chunk: "IHDR", body)
    return file
  }

  @Test("the size and format of an encoded file, read from its first 33 bytes")
  func encoded() throws {
    let data = try PNGCodec.encode(PixelImage(width: 7, height: 3, filledWith: .white))
    let header = try PNGHeader(data.prefix(33))
    #expect(header.width == 7 && header.height == 3)
    #expect(header.bitDepth == 8 && header.colourType == 2 && !header.isInterlaced)
    #expect(header.pixelCount == 21)
  }

  @Test(
    "any size a header can hold is read, also past what decoding accepts",
    arguments: [(UInt32(1), UInt32(1)), (16384, 16384), (16385, 2), (0x7FFF_FFFF, 1)])
  func sizes(width: UInt32, height: UInt32) throws {
    let header = try PNGHeader(Self.header(width: width, height: height, depth: 1, colour: 0))
    #expect(header.width == Int(width) && header.height == Int(height))
  }

  @Test(
    "bad headers are refused with the reason",
    arguments: [
      (Data("GIF89a".utf8), RenderError.notPNG),
      (header(width: 4, height: 4).prefix(20), .damagedPNG(reason: "the file ends too early")),
      (header(width: 0, height: 4), .damagedPNG(reason: "its header declares an impossible image")),
      (
        header(width: 4, height: 4, depth: 3),
        .damagedPNG(reason: "its header declares an impossible image")
      ),
      (
        header(width: 4, height: 4, colour: 5),
        .damagedPNG(reason: "its header declares an impossible image")
      ),
      (
        header(width: 4, height: 4, interlace: 2),
        .damagedPNG(reason: "its header declares an impossible image")
      ),
      (
        header(width: 0x8000_0000, height: 1),
        .damagedPNG(reason: "its header declares an impossible image")
      ),
    ])
  func refused(data: Data, error: RenderError) {
    #expect(throws: error) { try PNGHeader(data) }
  }

  @Test("a header whose checksum does not match is damaged")
  func badChecksum() {
    var data = Self.header(width: 4, height: 4)
    data[20] ^= 1
    #expect(throws: RenderError.damagedPNG(reason: "its header is damaged")) { try PNGHeader(data) }
  }
}
