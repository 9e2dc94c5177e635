import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("Contact sheets")
struct SheetTests {
  static let red = Colour(red: 255, green: 0, blue: 0)

  static func tiles(_ count: Int, width: Int = 40, height: Int = 40) -> [ContactSheet.Tile] {
    (0..<count).map { index in
      ContactSheet.Tile(
        label: String(format: "%04d Add c%d", index, index),
        state: CanvasState(width: width, height: height, background: red))
    }
  }

  @Test(
    "the grid is near square; the sheet's size follows it; every tile shows",
    arguments: [(1, 1, 1), (2, 2, 1), (5, 3, 2), (9, 3, 3), (10, 4, 3)])
  func grid(count: Int, columns: Int, rows: Int) throws {
    let sheet = ContactSheet(thumbnailSize: 48)
    let layout = sheet.layout(count: count)
    #expect(layout.columns == columns)
    #expect(layout.rows == rows)
    let image = try sheet.render(Self.tiles(count))
    let cell = layout.cellSize
    #expect(image.width == columns * cell.width + ContactSheetLayout.margin)
    #expect(image.height == rows * cell.height + ContactSheetLayout.margin)
    #expect(layout.thumbnailCount(in: image, background: Self.red) == count)
  }

  @Test("a wide canvas is fitted and centred in its square")
  func aspect() throws {
    let layout = ContactSheetLayout(count: 1, thumbnailSize: 100)
    let rect = layout.thumbnailRect(0, for: CanvasState(width: 200, height: 50))
    #expect(rect == SheetRect(x: 12, y: 49, width: 100, height: 25))
    let image = try ContactSheet(thumbnailSize: 100).render(Self.tiles(1, width: 200, height: 50))
    #expect(image.colour(atX: 62, y: 61) == Self.red)
    #expect(image.colour(atX: 62, y: 30) != Self.red)
  }

  @Test(
    "thumbnails kept up to date change by change are those made afresh for every state",
    .timeLimit(.minutes(5)))
  func incremental() throws {
    var states = RandomStates(seed: 11, width: 150, height: 100)
    let tiles = (0..<40).map { index in
      ContactSheet.Tile(
        label: "\(index)", state: index == 0 ? states.history[0] : states.next())
    }
    let sheet = ContactSheet(thumbnailSize: 60)
    let together = try sheet.render(tiles)
    let layout = sheet.layout(count: tiles.count)
    for (index, tile) in tiles.enumerated() {
      let alone = try sheet.render([ContactSheet.Tile(label: tile.label, state: tile.state)])
      let here = layout.thumbnailRect(index, for: tile.state)
      let there = sheet.layout(count: 1).thumbnailRect(0, for: tile.state)
      for y in 0..<Int(here.height) {
        for x in 0..<Int(here.width) {
          let a = together.pixels[(Int(here.y) + y) * together.width + Int(here.x) + x]
          let b = alone.pixels[(Int(there.y) + y) * alone.width + Int(there.x) + x]
          guard a == b else {
            Issue.record("tile \(index) differs at \(x),\(y)")
            return
          }
        }
      }
    }
  }

  @Test("thumbnails are the rendered picture shrunk to the thumbnail's size")
  func content() throws {
    let state = CanvasState(
      width: 100, height: 100, background: .white,
      circles: [Circle(id: "a", center: Point(x: 75, y: 25), radius: 20, fill: Self.red)])
    let sheet = ContactSheet(thumbnailSize: 50)
    let image = try sheet.render([.init(label: "0001 Add a", state: state)])
    let rect = sheet.layout(count: 1).thumbnailRect(0, for: state)
    #expect(image.colour(atX: Int(rect.x) + 37, y: Int(rect.y) + 12) == Self.red)
    #expect(image.colour(atX: Int(rect.x) + 12, y: Int(rect.y) + 37) == .white)
  }

  @Test("thumbnails shrink so that thousands of frames still fit in one image")
  func manyFrames() {
    let layout = ContactSheet(thumbnailSize: 160).layout(count: 20_000)
    #expect(layout.size.width <= 16384 && layout.size.height <= 16384)
    #expect(layout.thumbnailSize < 160)
  }
}
