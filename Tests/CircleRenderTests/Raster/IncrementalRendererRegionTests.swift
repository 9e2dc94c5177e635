import CircleCanvas
import Foundation
import Testing

@testable import CircleRender

@Suite("Incremental renderer: a rectangle of the picture as a PNG")
struct IncrementalRendererRegionTests {
  static let state = CanvasState(
    width: 30, height: 20, scale: 2, background: .white,
    circles: [
      Circle(id: "a", center: Point(x: 8, y: 8), radius: 6, fill: .opaqueRed),
      Circle(id: "b", center: Point(x: 20, y: 12), radius: 5, fill: .black, opacity: 0.5),
    ])

  @Test(
    "the PNG holds the picture's pixels in the rectangle, clipped to the picture",
    arguments: [
      (PixelRect(minX: 0, minY: 0, maxX: 60, maxY: 40), 0, 0, 60, 40),
      (PixelRect(minX: 7, minY: 3, maxX: 31, maxY: 22), 7, 3, 24, 19),
      (PixelRect(minX: 59, minY: 39, maxX: 60, maxY: 40), 59, 39, 1, 1),
      (PixelRect(minX: -5, minY: 30, maxX: 8, maxY: 90), 0, 30, 8, 10),
    ])
  func crop(rect: PixelRect, x: Int, y: Int, width: Int, height: Int) throws {
    let renderer = IncrementalRenderer()
    let whole = try renderer.image(of: Self.state)
    let part = try PNGCodec.decode(renderer.encodePNG(of: rect))
    #expect(part.width == width && part.height == height)
    var expected: [UInt32] = []
    for row in y..<(y + height) {
      expected += whole.pixels[(row * whole.width + x)..<(row * whole.width + x + width)]
    }
    #expect(part.pixels == expected)
  }

  @Test(
    "a rectangle with no pixel of the picture, or nothing drawn yet, is an empty image",
    arguments: [
      PixelRect(minX: 60, minY: 0, maxX: 70, maxY: 10),
      PixelRect(minX: 5, minY: 5, maxX: 5, maxY: 9),
      PixelRect(minX: -9, minY: -9, maxX: 0, maxY: 0),
    ])
  func empty(rect: PixelRect) throws {
    let renderer = IncrementalRenderer()
    #expect(throws: RenderError.self) { try renderer.encodePNG(of: rect) }
    _ = try renderer.image(of: Self.state)
    #expect(throws: RenderError.self) { try renderer.encodePNG(of: rect) }
    #expect(try renderer.encodePNG(of: PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1)).count > 0)
  }
}
