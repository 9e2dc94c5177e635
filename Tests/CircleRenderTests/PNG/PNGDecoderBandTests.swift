import Foundation
import Testing

@testable import CircleRender

/// The quick decoder inflates a band of rows at a time into one buffer it writes over again:
/// whatever the band's size, rows that straddle its end and matches that reach back past its
/// start decode as libspng decodes them.
@Suite("PNG decoding a band of rows at a time")
struct PNGDecoderBandTests {
  /// Files of every colour type, 8- and 16-bit, with rows that suit each filter and rows that
  /// repeat rows above (long matches for the inflater).
  static func files() throws -> [(String, Data, rowBytes: Int)] {
    var files: [(String, Data, rowBytes: Int)] = []
    for colourType: UInt8 in [0, 2, 3, 4, 6] {
      let test = PNGColourTypeTests.Case(
        colourType: colourType, transparent: false, width: 97, height: 61)
      files.append(
        ("\(test)", try PNGColourTypeTests.banded(test, seed: 5), 1 + 97 * test.channels))
    }
    for test in SpngDecoderTests.sixteenBitCases {
      var tall = test
      (tall.width, tall.height) = (45, 70)
      files.append(
        (
          "\(tall)", try PNGSixteenBitTests.file(tall, filter: .adaptive, seed: 8),
          1 + tall.rowBytes
        ))
    }
    return files
  }

  @Test("any band size, from two rows to the whole image, gives libspng's pixels")
  func bandSizes() throws {
    for (label, data, rowBytes) in try Self.files() {
      let reference = try #require(SpngFile.decode(data), "\(label)")
      // Two rows (the least), two rows and a byte, a band ending inside a row, a few rows, and
      // the default (larger than these images).
      for band in [1, 2 * rowBytes, 2 * rowBytes + 1, 3 * rowBytes + 7, 4096, PNGDecoder.bandBytes]
      {
        let decoded = try #require(
          try PNGDecoder.decode(data, bandBytes: band), "\(label), \(band)")
        #expect(decoded == reference, "\(label), band of \(band) bytes")
      }
    }
  }

  /// The image data of a file (its IDAT chunks' data, one after another), and the file with
  /// that data replaced by `stream`, in one IDAT chunk.
  static func imageData(_ data: Data, replacedBy stream: Data = Data()) -> (Data, file: Data) {
    var found = Data()
    var file = data.prefix(8)
    let bytes = [UInt8](data)
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let body = offset + 8..<offset + 8 + length
      if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) {
        if found.isEmpty { file.append(chunk: "IDAT", stream) }
        found.append(contentsOf: bytes[body])
      } else {
        file.append(contentsOf: bytes[offset..<body.upperBound + 4])
      }
      offset += 12 + length
    }
    return (found, file)
  }

  @Test("a stream that stops before the last row is left to libspng whatever the band size")
  func streamCutShort() throws {
    for (label, data, rowBytes) in try Self.files() {
      let stream = Self.imageData(data).0
      // The same data in one chunk is the same image.
      let whole = Self.imageData(data, replacedBy: stream).file
      #expect(try PNGDecoder.decode(whole) == SpngFile.decode(data), "\(label)")
      let cut = Self.imageData(data, replacedBy: stream.prefix(stream.count * 2 / 3)).file
      for band in [1, 3 * rowBytes + 7, PNGDecoder.bandBytes] {
        #expect(try PNGDecoder.decode(cut, bandBytes: band) == nil, "\(label), \(band)")
      }
      #expect(SpngFile.decode(cut) == nil, "\(label)")
      #expect(throws: RenderError.self, "\(label)") { try PNGCodec.decode(cut) }
    }
  }
}
