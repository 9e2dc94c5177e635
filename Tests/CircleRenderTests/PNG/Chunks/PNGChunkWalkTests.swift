import Foundation
import Testing

@testable import CircleRender

@Suite("PNG chunks: CRC, encoding and the bounds-checked walk")
struct PNGChunkWalkTests {
  /// A chunk built byte by byte: length, type, data, and the CRC given (or the right one).
  static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
    let typed = Array(type.utf8) + data
    let value = crc ?? PNGFile.crc32(Data(typed))
    return bigEndian(UInt32(data.count)) + typed + bigEndian(value)
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  static let header = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
  static let end = chunk("IEND", [])

  /// The chunks of a file as names, or the error that stopped the walk.
  static func walk(_ bytes: [UInt8], verifyingCRC: Bool = true) -> Result<[String], PNGChunkError>
  {
    Result { () throws(PNGChunkError) in
      try PNGChunkWalk.chunks(in: Data(bytes), verifyingCRC: verifyingCRC).map(\.name)
    }
  }

  @Test(
    "the CRC of a type and its data agrees with zlib's known values",
    arguments: [
      ("IEND", "", UInt32(0xAE42_6082)), ("1234", "56789", 0xCBF4_3926),
      ("The ", "quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
  func crc(type: String, data: String, expected: UInt32) {
    let code = Array(type.utf8).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let crc = Array(data.utf8).withUnsafeBytes { PNGChunk.crc(type: code, data: $0) }
    #expect(crc == expected)
  }

  @Test("a chunk is encoded as length, type, data and CRC; the header as its 13 bytes")
  func encoding() throws {
    let header = PNGHeader(width: 1, height: 1, bitDepth: 8, colourType: 6)
    #expect(PNGChunk.encode(type: PNGChunk.header, data: header.data) == Self.header)
    #expect(PNGChunk.encode(type: PNGChunk.end, data: []) == Self.end)
    #expect(PNGChunk.code("IHDR") == 0x4948_4452)
    let read = Self.header[8..<21].withUnsafeBytes { PNGHeader($0) }
    #expect(read == header)
    #expect([UInt8](repeating: 0, count: 12).withUnsafeBytes { PNGHeader($0) } == nil)
  }

  @Test("the walk hands out every chunk up to IEND and ignores what follows it")
  func walksToTheEnd() {
    let text = Self.chunk("tEXt", Array("key\0value".utf8))
    let file = PNGChunkWalk.signature + Self.header + text + Self.end + [1, 2, 3]
    #expect(Self.walk(file) == .success(["IHDR", "tEXt", "IEND"]))
    let chunks = try? PNGChunkWalk.chunks(in: Data(file), verifyingCRC: true)
    #expect(chunks?.map(\.bytes) == [8..<33, 33..<54, 54..<66])
    #expect(chunks?[1].data == 41..<50)
    #expect(chunks?.map(\.isCritical) == [true, false, true])
  }

  /// Broken files and the error each stops the walk with.
  static let brokenFiles: [([UInt8], PNGChunkError)] = {
    let signature = PNGChunkWalk.signature
    let shortHeader: [UInt8] = [0, 0, 0, 0, 73, 69, 78, 68, 0, 0, 0]
    let cut: [UInt8] = chunk("IHDR", [1, 2, 3]).dropLast()
    let badType: [UInt8] = chunk("IH1R", []) + end
    let badCRC: [UInt8] = chunk("IHDR", [1], crc: 7) + end
    return [
      ([UInt8]("not a png".utf8), .notPNG), (signature, .noEnd), (signature + header, .noEnd),
      (signature + shortHeader, .truncatedHeader(offset: 8)),
      (signature + cut, .truncatedChunk(offset: 8)), (signature + badType, .badType(offset: 12)),
      (signature + badCRC, .badCRC(name: "IHDR")),
    ]
  }()

  @Test("a broken file stops the walk with the reason", arguments: brokenFiles)
  func broken(file: [UInt8], error: PNGChunkError) {
    #expect(Self.walk(file) == .failure(error))
  }

  @Test("a chunk that fits the file exactly passes; one byte more is refused before it is read")
  func lengthBoundary() {
    var fits = Self.chunk("tEXt", [1, 2, 3, 4])
    let file = PNGChunkWalk.signature + Self.header + fits + Self.end
    #expect(Self.walk(file) == .success(["IHDR", "tEXt", "IEND"]))
    // The same chunk as the file's last, claiming the 4 bytes it has, then one more.
    #expect(Self.walk(PNGChunkWalk.signature + fits) == .failure(.noEnd))
    fits[3] = 5
    #expect(
      Self.walk(PNGChunkWalk.signature + fits, verifyingCRC: false)
        == .failure(.truncatedChunk(offset: 8)))
    let claimsAll = Self.bigEndian(0xFFFF_FFFF) + Array("tEXt".utf8) + [0, 0, 0, 0]
    #expect(Self.walk(PNGChunkWalk.signature + claimsAll) == .failure(.truncatedChunk(offset: 8)))
  }

  @Test("a CRC that does not match stops the walk only when it is verified")
  func crcOnRequest() {
    let file = PNGChunkWalk.signature + Self.chunk("tEXt", [1], crc: 0) + Self.end
    #expect(Self.walk(file) == .failure(.badCRC(name: "tEXt")))
    #expect(Self.walk(file, verifyingCRC: false) == .success(["tEXt", "IEND"]))
  }
}
