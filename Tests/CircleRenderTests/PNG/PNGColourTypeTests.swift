import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

/// Files of every 8-bit colour type written by libspng, with and without transparency, with
/// each row filter: circles' own decoder reads them all and gives libspng's pixels.
@Suite("PNG colour types")
struct PNGColourTypeTests {
  /// A colour type, whether its file has a transparency chunk, and the image's size.
  struct Case: CustomStringConvertible, Sendable {
    var colourType: UInt8
    var transparent: Bool
    var width = 29
    var height = 13

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType]! }
    var description: String {
      "colour type \(colourType)\(transparent ? " with tRNS" : ""), \(width)×\(height)"
    }
  }

  static let cases: [Case] = [
    Case(colourType: 0, transparent: false), Case(colourType: 0, transparent: true),
    Case(colourType: 2, transparent: false), Case(colourType: 2, transparent: true),
    Case(colourType: 3, transparent: false), Case(colourType: 3, transparent: true),
    Case(colourType: 4, transparent: false), Case(colourType: 6, transparent: false),
    // One pixel wide and one high: every filter's first-pixel edge at once.
    Case(colourType: 0, transparent: true, width: 1, height: 1),
    Case(colourType: 3, transparent: true, width: 1, height: 5),
    Case(colourType: 4, transparent: false, width: 2, height: 1),
  ]

  /// How many palette entries the palette files have, and how many of them `tRNS` lists.
  static let paletteCount = 200
  static let alphaCount = 150

  /// Random samples with some runs (so that the filters have something to predict) and, for a
  /// file with a colour key, pixels equal to the key.
  static func file(_ test: Case, filter: SpngFile.Filter, seed: UInt64) throws -> Data {
    var generator = SeededGenerator(seed: seed)
    let rowBytes = test.width * test.channels
    var samples: [UInt8] = []
    for _ in 0..<test.height {
      for index in 0..<rowBytes {
        if index >= test.channels, Int.random(in: 0..<3, using: &generator) == 0 {
          samples.append(samples[samples.count - test.channels])
        } else {
          let top = test.colourType == 3 ? paletteCount - 1 : 255
          samples.append(UInt8(Int.random(in: 0...top, using: &generator)))
        }
      }
    }
    // The largest index the palette allows, at least once.
    if test.colourType == 3 { samples[samples.count - 1] = UInt8(paletteCount - 1) }
    var transparency: SpngFile.Transparency?
    if test.transparent {
      switch test.colourType {
      case 0: transparency = .grey(UInt16(samples[0]))
      case 2: transparency = .rgb(UInt16(samples[0]), UInt16(samples[1]), UInt16(samples[2]))
      default:
        transparency = .alphas(
          (0..<alphaCount).map { _ in UInt8.random(in: 0...255, using: &generator) } + [])
      }
    }
    let palette = (0..<paletteCount).map { _ in
      (
        UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator)
      )
    }
    return try SpngFile.encode(
      width: test.width, height: test.height, colourType: test.colourType, samples: samples,
      palette: test.colourType == 3 ? palette : [], transparency: transparency, filter: filter)
  }

  @Test(
    "every 8-bit colour type, with each row filter, decodes on the quick path as libspng does",
    arguments: cases)
  func matchesLibspng(_ test: Case) throws {
    for (index, filter) in SpngFile.Filter.allCases.enumerated() {
      let data = try Self.file(test, filter: filter, seed: UInt64(index + 1))
      let filters = SpngFile.filterTypes(
        of: data, rowBytes: 1 + test.width * test.channels, height: test.height)
      #expect(filters.count == test.height, "\(test), \(filter)")
      if let type = filter.type {
        #expect(filters.allSatisfy { $0 == type }, "\(test), \(filter): \(filters)")
      }
      let reference = try SpngFile.expectDecodersAgree(data, "\(test), \(filter)")
      if test.transparent, test.colourType != 3 {
        // The colour key is the first pixel's colour: at least that pixel is transparent.
        #expect(reference.pixels[0] == 0, "\(test), \(filter)")
      }
    }
  }

  /// Bands of rows that suit different filters: noise (none), a copy of the row above (up),
  /// a ramp along the row (sub), a smooth slope both ways (average or Paeth).
  static func banded(_ test: Case, seed: UInt64) throws -> Data {
    var generator = SeededGenerator(seed: seed)
    let rowBytes = test.width * test.channels
    var samples: [UInt8] = []
    for y in 0..<test.height {
      for x in 0..<rowBytes {
        let sample: Int
        switch y / 3 % 4 {
        case 0: sample = Int.random(in: 0...255, using: &generator)
        case 1 where y > 0: sample = Int(samples[samples.count - rowBytes])
        case 2: sample = x * 3 + y
        default: sample = (x * y) / 7 + Int.random(in: 0...1, using: &generator)
        }
        samples.append(UInt8(truncatingIfNeeded: test.colourType == 3 ? sample % 200 : sample))
      }
    }
    let palette: [(UInt8, UInt8, UInt8)] = (0..<200).map { (index: Int) in
      let value = UInt8(index)
      return (value, 255 - value, value / 2)
    }
    return try SpngFile.encode(
      width: test.width, height: test.height, colourType: test.colourType, samples: samples,
      palette: test.colourType == 3 ? palette : [], filter: .adaptive)
  }

  @Test("rows of different filter types in one file, as libspng's adaptive filters choose them")
  func mixedFilters() throws {
    for colourType: UInt8 in [0, 2, 3, 4, 6] {
      let test = Case(colourType: colourType, transparent: false, width: 97, height: 61)
      let data = try Self.banded(test, seed: 7)
      let filters = Set(
        SpngFile.filterTypes(of: data, rowBytes: 1 + 97 * test.channels, height: 61))
      #expect(filters.count >= 3, "\(test): \(filters)")
      #expect(try PNGDecoder.decode(data) == SpngFile.decode(data), "\(test)")
    }
  }
}
