import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

/// pixelmatch's own test cases: its fixture images and the counts its `test/test.js` expects,
/// from https://github.com/mapbox/pixelmatch release v7.2.0 (ISC licence; the images and their
/// source are in `Fixtures/pixelmatch/`, with its README).
@Suite("pixelmatch's fixtures and counts")
struct PixelmatchFixtureTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/pixelmatch")

  static func image(_ name: String) throws -> PixelImage {
    try PNGCodec.decode(Data(contentsOf: folder.appendingPathComponent(name + ".png")))
  }

  /// One line of pixelmatch's `test.js`: two images, the options, pixelmatch's diff image and
  /// the count it expects. pixelmatch ignores anti-aliased pixels unless told otherwise
  /// (`includeAA`), and blends over its checkerboard by default.
  struct Case: Sendable, CustomTestStringConvertible {
    var first: String
    var second: String
    var diff: String
    var threshold: Double
    var expected: Int
    /// pixelmatch's colours for the diff image, opaque RGB.
    var changed: UInt32 = 0xFFFF_0000
    var antialiased: UInt32 = 0xFFFF_FF00
    var darker: UInt32? = nil
    /// Whether the diff image is a mask (`diffMask`): only differing pixels drawn.
    var mask = false

    var testDescription: String { "\(first) against \(second), threshold \(threshold)" }
  }

  static let cases: [Case] = [
    Case(first: "1a", second: "1b", diff: "1diff", threshold: 0.05, expected: 143),
    Case(
      first: "1a", second: "1b", diff: "1diffdefaultthreshold", threshold: 0.1, expected: 106),
    Case(first: "1a", second: "1b", diff: "1diffmask", threshold: 0.05, expected: 143, mask: true),
    Case(first: "1a", second: "1a", diff: "1emptydiffmask", threshold: 0, expected: 0, mask: true),
    Case(
      first: "2a", second: "2b", diff: "2diff", threshold: 0.05, expected: 12437,
      changed: 0xFFFF_00FF, antialiased: 0xFF00_C000),
    Case(first: "3a", second: "3b", diff: "3diff", threshold: 0.05, expected: 212),
    Case(first: "4a", second: "4b", diff: "4diff", threshold: 0.05, expected: 36049),
    Case(first: "5a", second: "5b", diff: "5diff", threshold: 0.05, expected: 6),
    Case(first: "6a", second: "6b", diff: "6diff", threshold: 0.05, expected: 51),
    Case(first: "6a", second: "6a", diff: "6empty", threshold: 0, expected: 0),
    Case(
      first: "7a", second: "7b", diff: "7diff", threshold: 0.1, expected: 2448,
      darker: 0xFF00_FF00),
    Case(first: "8a", second: "5b", diff: "8diff", threshold: 0.05, expected: 32896),
  ]

  static func options(_ test: Case) -> ComparisonOptions {
    ComparisonOptions(
      threshold: test.threshold, ignoresAntialiasing: true, background: .checkerboard,
      darkerColour: test.darker.map(PixelImage.straight))
  }

  @Test("the same number of differing pixels as pixelmatch 7.2.0", arguments: cases)
  func counts(test: Case) throws {
    let result = ImageComparison(
      expected: try Self.image(test.first), actual: try Self.image(test.second),
      options: Self.options(test))
    #expect(result.differingPixels == test.expected)
  }

  /// What a pixel of a diff image says: unchanged, changed, changed and darker, anti-aliased.
  enum Mark: Equatable { case same, changed, darker, antialiased }

  @Test("the diff image marks the pixels pixelmatch's diff image marks", arguments: cases)
  func marks(test: Case) throws {
    let options = Self.options(test)
    let ours = try DiffImage.highlighting(
      expected: try Self.image(test.first), actual: try Self.image(test.second), options: options)
    let theirs = try Self.image(test.diff)
    #expect(ours.width == theirs.width && ours.height == theirs.height)
    let darker = options.darkerColour.map(PixelImage.premultiplied)
    let mine = ours.pixels.map { pixel -> Mark in
      switch pixel {
      case DiffImage.changedColour: .changed
      case darker: .darker
      case DiffImage.antialiasedColour: test.mask ? .same : .antialiased
      default: .same
      }
    }
    let pixelmatch = theirs.pixels.map { pixel -> Mark in
      switch pixel {
      case test.changed: .changed
      case test.darker: .darker
      case test.antialiased: .antialiased
      default: .same
      }
    }
    let differing = zip(mine, pixelmatch).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(
      differing.isEmpty,
      "\(differing.count) pixels marked otherwise, first \(differing.first.map { "at \($0.offset % ours.width),\($0.offset / ours.width)" } ?? "")"
    )
    #expect(mine.filter { $0 == .changed || $0 == .darker }.count == test.expected)
  }

  @Test("over white, half-transparent black matches opaque grey; over the checkerboard it does not")
  func checkerboardAgainstWhite() {
    // pixelmatch's own case: [0, 0, 0, 128] against [127, 127, 127, 255], at its default
    // threshold 0.1.
    let halfBlack = PixelImage(width: 1, height: 1, pixels: [0x8000_0000])
    let grey = PixelImage(width: 1, height: 1, pixels: [0xFF7F_7F7F])
    let white = ImageComparison(
      expected: halfBlack, actual: grey, options: .init(threshold: 0.1, background: .white))
    let checkerboard = ImageComparison(
      expected: halfBlack, actual: grey, options: .init(threshold: 0.1))
    #expect(white.differingPixels == 0)
    #expect(checkerboard.differingPixels == 1)
    // At threshold 0 every changed value counts, whatever the background.
    #expect(ImageComparison(expected: halfBlack, actual: grey).differingPixels == 1)
  }
}
