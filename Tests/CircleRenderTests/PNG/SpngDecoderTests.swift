import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

/// What the quick decoder leaves (fewer than 8 bits) goes through libspng, and every damaged
/// file of any kind is a `RenderError`, never a crash.
@Suite("PNG decoding through libspng")
struct SpngDecoderTests {
  struct Case: CustomStringConvertible, Sendable {
    var colourType: UInt8
    var bitDepth: UInt8 = 8
    var interlaced = false
    var transparent = false
    var width = 23
    var height = 11

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType]! }
    var rowBytes: Int { (width * channels * Int(bitDepth) + 7) / 8 }
    var description: String {
      "colour type \(colourType), \(bitDepth)-bit\(interlaced ? ", interlaced" : "")"
        + (transparent ? ", tRNS" : "") + ", \(width)×\(height)"
    }
  }

  static let libspngCases: [Case] =
    [1, 2, 4].flatMap { depth in
      [
        Case(colourType: 0, bitDepth: depth),
        Case(colourType: 0, bitDepth: depth, transparent: true),
        Case(colourType: 3, bitDepth: depth, transparent: true),
      ]
    }

  /// Interlaced files of 8 and 16 bits, which the quick decoder reads.
  static let interlacedCases: [Case] =
    [0, 2, 3, 4, 6].map { Case(colourType: $0, interlaced: true) }
    + [0, 2, 3].map { Case(colourType: $0, interlaced: true, transparent: true) }
    + [0, 2, 4, 6].map { Case(colourType: $0, bitDepth: 16, interlaced: true) }
    + [Case(colourType: 6, bitDepth: 16, interlaced: true, width: 1, height: 1)]

  /// Random samples, the first pixel's colour as the colour key.
  static func file(_ test: Case, seed: UInt64) throws -> Data {
    var generator = SeededGenerator(seed: seed)
    let paletteCount = test.bitDepth == 8 ? 100 : 1 << Int(test.bitDepth)
    var samples: [UInt8] = []
    for _ in 0..<test.height {
      if test.colourType == 3, test.bitDepth == 8 {
        samples += (0..<test.width).map { _ in
          UInt8.random(in: 0..<UInt8(paletteCount), using: &generator)
        }
      } else {
        samples += (0..<test.rowBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
      }
    }
    var transparency: SpngFile.Transparency?
    if test.transparent {
      let first: (Int) -> UInt16 = { index in
        switch test.bitDepth {
        case 16: UInt16(samples[2 * index]) << 8 | UInt16(samples[2 * index + 1])
        case 8: UInt16(samples[index])
        default: UInt16(samples[0] >> (8 - test.bitDepth))
        }
      }
      switch test.colourType {
      case 0: transparency = .grey(first(0))
      case 2: transparency = .rgb(first(0), first(1), first(2))
      default: transparency = .alphas((0..<paletteCount / 2).map { UInt8($0 * 37 % 256) })
      }
    }
    let palette: [(UInt8, UInt8, UInt8)] = (0..<paletteCount).map { (index: Int) in
      let red = UInt8(index * 53 % 256)
      let green = UInt8(index * 97 % 256)
      return (red, green, UInt8(index * 11 % 256))
    }
    return try SpngFile.encode(
      width: test.width, height: test.height, colourType: test.colourType,
      bitDepth: test.bitDepth, interlaced: test.interlaced, samples: samples,
      palette: test.colourType == 3 ? palette : [], transparency: transparency)
  }

  /// 16-bit files that are not interlaced, which the quick decoder reads.
  static let sixteenBitCases: [Case] =
    [0, 2, 4, 6].map { Case(colourType: $0, bitDepth: 16) }
    + [0, 2].map { Case(colourType: $0, bitDepth: 16, transparent: true) }

  @Test("1-, 2- and 4-bit files decode through libspng", arguments: libspngCases)
  func throughLibspng(_ test: Case) throws {
    let data = try Self.file(test, seed: 3)
    #expect(try PNGDecoder.decode(data) == nil)
    let reference = try #require(SpngFile.decode(data))
    #expect(try PNGCodec.decode(data) == reference)
    if test.transparent, test.colourType != 3 { #expect(reference.pixels[0] == 0) }
  }

  @Test(
    "libspng's pixels are Cairo's for every kind of file",
    arguments: libspngCases + sixteenBitCases + interlacedCases)
  func sameAsCairo(_ test: Case) throws {
    let data = try Self.file(test, seed: 4)
    #expect(try PNGCodec.decode(data) == CairoPNG.decode(data))
  }
}
