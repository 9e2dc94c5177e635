import CircleRender
import Foundation
import Testing

@Suite("Pixel rectangles")
struct PixelRectTests {
  static func decode(_ json: String) throws -> PixelRect {
    try JSONDecoder().decode(PixelRect.self, from: Data(json.utf8))
  }

  @Test("a corner and a size give the same rectangle as its edges")
  func cornerAndSize() {
    let rect = PixelRect(x: 38, y: 30, width: 5, height: 3)
    #expect(rect == PixelRect(minX: 38, minY: 30, maxX: 43, maxY: 33))
    #expect(rect.width == 5)
    #expect(rect.height == 3)
    #expect(rect.area == 15)
    #expect(rect.description == "5x3 at 38,30")
  }

  @Test("one pixel wide holds pixels; zero wide or tall holds none and measures 0")
  func emptyBoundary() {
    #expect(!PixelRect(x: 4, y: 4, width: 1, height: 1).isEmpty)
    #expect(PixelRect(x: 4, y: 4, width: 1, height: 1).area == 1)
    #expect(PixelRect(x: 4, y: 4, width: 0, height: 3).isEmpty)
    #expect(PixelRect(x: 4, y: 4, width: 3, height: 0).area == 0)
    // Edges the wrong way round: empty, and no negative size.
    let backwards = PixelRect(minX: 9, minY: 2, maxX: 3, maxY: 5)
    #expect(backwards.isEmpty)
    #expect(backwards.width == 0)
    #expect(backwards.height == 3)
    #expect(PixelRect.empty.union(backwards) == backwards)
  }

  @Test("rectangles that touch share no pixel; one column of overlap is shared")
  func intersection() {
    let left = PixelRect(x: 0, y: 0, width: 4, height: 4)
    #expect(!left.intersects(PixelRect(x: 4, y: 0, width: 4, height: 4)))
    #expect(left.intersects(PixelRect(x: 3, y: 0, width: 4, height: 4)))
    #expect(!left.intersects(PixelRect(x: 1, y: 1, width: 0, height: 2)))
    #expect(
      left.union(PixelRect(x: 6, y: 2, width: 1, height: 5))
        == PixelRect(minX: 0, minY: 0, maxX: 7, maxY: 7))
  }

  @Test("it encodes as x, y, width and height, and decodes back")
  func codable() throws {
    let rect = PixelRect(x: -2, y: 7, width: 16, height: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(rect), as: UTF8.self)
    #expect(json == #"{"height":1,"width":16,"x":-2,"y":7}"#)
    #expect(try Self.decode(json) == rect)
    #expect(try Self.decode(#"{"x":3,"y":4,"width":0,"height":0}"#).isEmpty)
  }

  @Test(
    "a negative size, an edge past Int's range or a missing field is a decoding error",
    arguments: [
      #"{"x":0,"y":0,"width":-1,"height":2}"#,
      #"{"x":0,"y":0,"width":2,"height":-1}"#,
      #"{"x":9223372036854775807,"y":0,"width":1,"height":1}"#,
      #"{"x":0,"y":1,"width":1,"height":9223372036854775807}"#,
      #"{"x":0,"y":0,"width":1}"#,
    ])
  func badJSON(json: String) {
    #expect(throws: DecodingError.self) { try Self.decode(json) }
  }

  @Test("the largest edges that fit decode")
  func largestEdges() throws {
    let rect = try Self.decode(#"{"x":9223372036854775806,"y":0,"width":1,"height":1}"#)
    #expect(rect.maxX == Int.max)
    #expect(!rect.isEmpty)
  }
}
