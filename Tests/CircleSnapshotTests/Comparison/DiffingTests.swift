import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("The images' diffing")
struct DiffingTests {
  static let plain = picture(["....", "....", "...."])

  @Test("equal images have nothing to tell")
  func equal() {
    #expect(Diffing.png().diff(Self.plain, Self.plain) == nil)
    #expect(Diffing.png(.tolerant).diff(Self.plain, Self.plain) == nil)
  }

  @Test("a changed pixel is a difference with its message, its count, its region and pictures")
  func changed() throws {
    let actual = picture(["....", ".#..", "...."])
    let difference = try #require(Diffing.png().diff(Self.plain, actual))
    #expect(!difference.matches)
    #expect(difference.message == "1 pixel differ (8.3%), first at 1,1, all within 1x1 at 1,1")
    #expect(difference.comparison.differingPixels == 1)
    #expect(difference.comparison.differenceBounds == PixelRect(x: 1, y: 1, width: 1, height: 1))
    #expect(difference.actual == actual && difference.expected == Self.plain)
    let diff = try difference.diffImage()
    #expect(diff.pixels.count { $0 == DiffImage.changedColour } == 1)
    #expect(diff.pixels[1 * 4 + 1] == DiffImage.changedColour)
    let strip = try difference.strip(diff: diff, names: ("golden-name", "actual-name"))
    #expect(strip.width == 3 * 4 + 2 * DiffImage.separatorWidth)
  }

  @Test("a difference within the limit still matches; one pixel over it does not")
  func limit() throws {
    let actual = picture(["#...", ".#..", "...."])
    let within = try #require(
      Diffing.png(ComparisonOptions(limit: .count(2))).diff(Self.plain, actual))
    #expect(within.matches)
    #expect(within.message.hasSuffix("; within the limit of 2 pixels"))
    let over = try #require(
      Diffing.png(ComparisonOptions(limit: .count(1))).diff(Self.plain, actual))
    #expect(!over.matches)
  }

  @Test("images of different sizes never match")
  func sizes() throws {
    let difference = try #require(Diffing.png().diff(Self.plain, picture(["...."])))
    #expect(!difference.matches)
    #expect(difference.message == "sizes differ: golden 4x3, actual 4x1")
  }

  @Test("ignored pixels and anti-aliasing are told, and match")
  func told() throws {
    let actual = picture(["#...", "....", "...."])
    let options = ComparisonOptions(ignoring: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
    let difference = try #require(options.diffing.diff(Self.plain, actual))
    #expect(difference.matches)
    #expect(difference.message == "images match (1 pixel in ignored regions)")
  }

  @Test("encoding and decoding give back the same pixels")
  func roundTrip() throws {
    let diffing = Diffing<PixelImage>.png()
    let image = picture(["#.r", "tg."])
    let data = try diffing.toData(image)
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try diffing.fromData(data) == image)
    #expect(throws: RenderError.notPNG) { try diffing.fromData(Data("text".utf8)) }
  }
}
