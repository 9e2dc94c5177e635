import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

/// 16-bit files that are not interlaced, on the quick path: libspng's pixels (the high byte of
/// each sample, the colour key compared with whole samples), with every row filter.
@Suite("16-bit PNG files")
struct PNGSixteenBitTests {
  typealias Case = SpngDecoderTests.Case

  /// Random samples with runs of repeated pixels, the filter chosen; with a colour key, the
  /// first pixel is the key, the second differs from it in one low byte only, the third is the
  /// key again.
  static func file(_ test: Case, filter: SpngFile.Filter, seed: UInt64) throws -> Data {
    var generator = SeededGenerator(seed: seed)
    let pixelBytes = 2 * test.channels
    var samples: [UInt8] = []
    for _ in 0..<test.height {
      for index in 0..<test.width * pixelBytes {
        if index >= pixelBytes, Int.random(in: 0..<3, using: &generator) == 0 {
          samples.append(samples[samples.count - pixelBytes])
        } else {
          samples.append(UInt8.random(in: 0...255, using: &generator))
        }
      }
    }
    var transparency: SpngFile.Transparency?
    if test.transparent {
      func sample(_ index: Int) -> UInt16 {
        UInt16(samples[2 * index]) << 8 | UInt16(samples[2 * index + 1])
      }
      transparency = test.colourType == 0 ? .grey(sample(0)) : .rgb(sample(0), sample(1), sample(2))
      if test.width >= 3 {
        for index in 0..<pixelBytes {
          samples[pixelBytes + index] = samples[index]
          samples[2 * pixelBytes + index] = samples[index]
        }
        samples[2 * pixelBytes - 1] ^= 1
      }
    }
    return try SpngFile.encode(
      width: test.width, height: test.height, colourType: test.colourType, bitDepth: 16,
      samples: samples, transparency: transparency, filter: filter)
  }

  static let cases: [Case] =
    SpngDecoderTests.sixteenBitCases + [
      // One pixel wide and one high: every filter's first-pixel edge at once.
      Case(colourType: 6, bitDepth: 16, width: 1, height: 1),
      Case(colourType: 2, bitDepth: 16, transparent: true, width: 1, height: 4),
      Case(colourType: 0, bitDepth: 16, width: 2, height: 1),
    ]

  @Test(
    "each colour type, with each row filter, decodes on the quick path as libspng does",
    arguments: cases)
  func matchesLibspng(_ test: Case) throws {
    for (index, filter) in SpngFile.Filter.allCases.enumerated() {
      let data = try Self.file(test, filter: filter, seed: UInt64(index + 20))
      let filters = SpngFile.filterTypes(of: data, rowBytes: 1 + test.rowBytes, height: test.height)
      #expect(filters.count == test.height, "\(test), \(filter)")
      if let type = filter.type {
        #expect(filters.allSatisfy { $0 == type }, "\(test), \(filter): \(filters)")
      }
      let reference = try SpngFile.expectDecodersAgree(data, "\(test), \(filter)")
      if test.transparent {
        // The key is transparent; a sample one off in its low byte is not.
        #expect(reference.pixels[0] == 0, "\(test), \(filter)")
        if test.width >= 3 {
          #expect(reference.pixels[1] >> 24 == 0xFF, "\(test), \(filter)")
          #expect(reference.pixels[2] == 0, "\(test), \(filter)")
        }
      }
    }
  }
}
