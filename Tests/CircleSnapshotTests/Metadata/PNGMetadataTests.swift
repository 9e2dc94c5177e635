import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("PNG text chunks and golden metadata")
struct PNGMetadataTests {
  static func png() throws -> Data {
    try PNGCodec.encode(picture(["#.", ".r"]))
  }

  @Test("a tEXt entry survives a round trip and leaves the pixels alone")
  func roundTrip() throws {
    let original = try Self.png()
    let tagged = try PNGTextChunks.inserting([("Comment", "hello, world")], into: original)
    #expect(try PNGTextChunks.value(forKey: "Comment", in: tagged) == "hello, world")
    #expect(try PNGCodec.decode(tagged) == PNGCodec.decode(original))
    // The chunk is key NUL value, just before IEND, and its CRC covers the type and the data.
    let chunks = try PNGChunkWalk.chunks(in: tagged, verifyingCRC: true)
    #expect(chunks.suffix(2).map(\.name) == ["tEXt", "IEND"])
    let chunk = try #require(chunks.first { $0.name == "tEXt" })
    #expect(tagged[chunk.data] == Data("Comment\0hello, world".utf8))
    let crc = tagged[chunk.data.upperBound..<chunk.bytes.upperBound].reduce(UInt32(0)) {
      $0 << 8 | UInt32($1)
    }
    #expect(crc == 0x4F1C_DB87)  // zlib.crc32(b"tEXtComment\0hello, world")
  }

  @Test("inserting a key again replaces its value")
  func replaces() throws {
    let once = try PNGTextChunks.inserting([("k", "one")], into: Self.png())
    let twice = try PNGTextChunks.inserting([("k", "two")], into: once)
    #expect(try PNGTextChunks.entries(in: twice).map(\.value) == ["two"])
  }

  @Test("text beyond Latin-1 goes in an iTXt chunk as UTF-8")
  func international() throws {
    let tagged = try PNGTextChunks.inserting([("title", "soleil ☀︎ 月")], into: Self.png())
    #expect(try PNGChunkWalk.chunks(in: tagged, verifyingCRC: true).contains { $0.name == "iTXt" })
    #expect(try PNGTextChunks.value(forKey: "title", in: tagged) == "soleil ☀︎ 月")
  }

  @Test(
    "bad PNG bytes are reported, never trapped",
    arguments: [
      (Data("not a png".utf8), PNGTextError.notPNG),
      (Data(PNGChunkWalk.signature), .malformed("no IEND chunk")),
      (
        Data(PNGChunkWalk.signature + [0, 0, 0, 40, 73, 72, 68, 82, 0, 0, 0, 0]),
        .malformed("truncated chunk")
      ),
    ])
  func malformed(data: Data, error: PNGTextError) {
    #expect(throws: error) { try PNGTextChunks.entries(in: data) }
  }

  @Test("a flipped byte is caught by the CRC")
  func badCRC() throws {
    var bytes = [UInt8](try Self.png())
    bytes[20] ^= 0x01  // inside IHDR's data
    #expect(throws: PNGTextError.malformed("bad CRC in IHDR chunk")) {
      try PNGTextChunks.entries(in: Data(bytes))
    }
  }

  @Test("invalid keys are refused", arguments: ["", String(repeating: "k", count: 80), " lead"])
  func invalidKey(key: String) throws {
    let png = try Self.png()
    #expect(throws: PNGTextError.invalidKey(key)) {
      try PNGTextChunks.inserting([(key, "v")], into: png)
    }
  }

  @Test("golden metadata stores the scene as JSON and the renderer")
  func metadata() throws {
    let scene = CanvasState(
      width: 40, height: 30, background: .black,
      circles: [Circle(id: "sun", center: Point(x: 10, y: 12.5), radius: 4, fill: .white)])
    let data = try GoldenMetadata(scene: scene, renderer: "cairo 1.16.0").embedded(in: Self.png())
    let read = try GoldenMetadata(png: data)
    #expect(read.scene == scene)
    #expect(read.renderer == "cairo 1.16.0")
    let json = try #require(try PNGTextChunks.value(forKey: "circles:scene", in: data))
    #expect(json.hasPrefix("{\"background\":"))
    let bare = try GoldenMetadata(png: Self.png())
    #expect(bare.scene == nil && bare.renderer == nil)
  }
}
