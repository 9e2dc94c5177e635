import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("Diff images")
struct DiffImageTests {
  @Test("changed pixels are red over a faded grey copy of the golden")
  func highlight() {
    let golden = picture(["#..", "...", "..."])
    let actual = picture(["#..", ".r.", "..."])
    let diff = DiffImage.highlighting(expected: golden, actual: actual)
    #expect(diff.width == 3 && diff.height == 3)
    #expect(diff.pixels[4] == DiffImage.changedColour)
    #expect(diff.pixels.filter { $0 == DiffImage.changedColour }.count == 1)
    // Black fades to a light grey (a tenth of its contrast), white stays white.
    #expect(diff.colour(atX: 0, y: 0) == Colour(red: 230, green: 230, blue: 230))
    #expect(diff.colour(atX: 2, y: 2) == .white)
  }

  @Test("ignored anti-aliased pixels are yellow, not red")
  func antialiasedYellow() {
    let edge = picture(Array(repeating: "####....", count: 6))
    let softened = picture([
      "####....", "####....", "###g....", "####....", "####....", "####....",
    ])
    let diff = DiffImage.highlighting(
      expected: edge, actual: softened, options: .tolerant)
    #expect(diff.pixels[2 * 8 + 3] == DiffImage.antialiasedColour)
    #expect(!diff.pixels.contains(DiffImage.changedColour))
  }

  @Test("sizes that differ: the diff covers both and the uncovered part is red")
  func sizes() {
    let golden = picture(["...", "..."])
    let actual = picture(["..", "..", ".."])
    let diff = DiffImage.highlighting(expected: golden, actual: actual)
    #expect(diff.width == 3 && diff.height == 3)
    #expect(diff.pixels.filter { $0 == DiffImage.changedColour }.count == 5)
  }

  @Test("the strip places golden, diff and actual side by side with separators")
  func strip() {
    let golden = picture(["#.", ".."])
    let actual = picture(["r.", "..", ".."])
    let diff = DiffImage.highlighting(expected: golden, actual: actual)
    let strip = DiffImage.strip(expected: golden, diff: diff, actual: actual)
    let gap = DiffImage.separatorWidth
    #expect(strip.width == 2 + 2 + 2 + 2 * gap)
    #expect(strip.height == 3)
    #expect(strip.colour(atX: 0, y: 0) == .black)
    #expect(strip.pixels[2] == DiffImage.separatorColour)
    #expect(strip.pixels[2 + gap] == DiffImage.changedColour)
    #expect(strip.colour(atX: 4 + 2 * gap, y: 0) == Colour(red: 255, green: 0, blue: 0))
    #expect(strip.pixels[2 * strip.width] == 0)
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
    #expect(throws: RenderError.self) {
      try PNGComparison(expected: png, actual: Data("text".utf8))
    }
  }
}
