import Foundation
import Testing

@testable import CircleRender

/// Regression: a 70-byte PNG whose text chunk claims 1.4 GB made libpng allocate 1.4 GB before
/// finding the file too short (found by the PNG fuzzer). Chunk lengths are now checked against
/// the file before the decoder runs.
@Suite("PNG chunk lengths")
struct PNGChunkLengthTests {
  /// A valid 1×1 image followed by a `tEXt` chunk that claims `claimed` bytes.
  static func file(claiming claimed: UInt32) throws -> Data {
    var data = try PNGCodec.encode(PixelImage(width: 1, height: 1, filledWith: .white))
    let iend = data.count - 12
    var chunk = Data()
    for shift in stride(from: 24, through: 0, by: -8) {
      chunk.append(UInt8(claimed >> shift & 0xFF))
    }
    chunk.append(contentsOf: Array("tEXt".utf8) + Array("key\u{0}value".utf8))
    data.insert(contentsOf: chunk, at: iend)
    return data
  }

  @Test(
    "a chunk claiming more than the file holds is refused before decoding",
    arguments: [UInt32(1_392_509_052), 0x7FFF_FFFF, 0xFFFF_FFFF, 100])
  func refusedBeforeDecoding(claimed: UInt32) throws {
    let data = try Self.file(claiming: claimed)
    #expect(throws: RenderError.damagedPNG(reason: "the file ends too early")) {
      try PNGCodec.checkChunks(data)
    }
    #expect(throws: RenderError.damagedPNG(reason: "the file ends too early")) {
      try PNGCodec.decode(data)
    }
  }

  @Test("chunks that fit, and bytes after IEND, pass the check")
  func fittingChunks() throws {
    var data = try PNGCodec.encode(PixelImage(width: 3, height: 2, filledWith: .black))
    try PNGCodec.checkChunks(data)
    data.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0x41, 0x42])
    try PNGCodec.checkChunks(data)
    #expect(try PNGCodec.decode(data).width == 3)
  }
}
