import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

/// Damaged files of every kind, on the quick path and on libspng's: a `RenderError`, never a
/// crash, and the same verdict as libspng's own.
@Suite("Damaged PNG files of every kind")
struct PNGDamagedFileTests {
  /// An 8-bit file of each colour type (with tRNS where allowed), the 16-bit ones, interlaced
  /// ones, then files for libspng.
  /// Made afresh each time: LeakSanitizer cannot follow the `Data` inside a global array of
  /// tuples, and reported it leaked.
  static var files: [(String, Data)] {
    let quick = PNGColourTypeTests.cases.prefix(8).map { test in
      ("\(test)", try! PNGColourTypeTests.file(test, filter: .adaptive, seed: 11))
    }
    let other =
      (SpngDecoderTests.sixteenBitCases + SpngDecoderTests.interlacedCases.prefix(9)
      + SpngDecoderTests.libspngCases.prefix(3))
      .map { test in ("\(test)", try! SpngDecoderTests.file(test, seed: 12)) }
    return quick + other
  }

  @Test("a file cut short anywhere is a damaged file", arguments: 0..<files.count)
  func truncated(_ index: Int) throws {
    let (label, data) = Self.files[index]
    for length in [9, 16, 33, 45, data.count / 2, data.count - 13, data.count - 1] {
      #expect(throws: RenderError.damagedPNG(reason: "the file ends too early"), "\(label)") {
        try PNGCodec.decode(data.prefix(length))
      }
    }
  }

  /// Every IDAT byte in turn changed, its checksum made right: the zlib stream or the rows are
  /// then broken (refused) or hold other pixels (decoded), as libspng finds them.
  @Test(
    "damaged image data behind a right checksum gets libspng's verdict", arguments: 0..<files.count)
  func damagedImageData(_ index: Int) throws {
    let (label, data) = Self.files[index]
    let bytes = [UInt8](data)
    var offset = 8
    var idat: Range<Int>?
    while offset + 8 <= bytes.count, idat == nil {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) {
        idat = offset + 8..<offset + 8 + length
      }
      offset += 12 + length
    }
    let body = try #require(idat)
    var refused = 0
    for position in stride(from: body.lowerBound, to: body.upperBound, by: 3) {
      var damaged = Data(bytes[body])
      damaged[position - body.lowerBound] ^= 0x5D
      let file = data.replacingChunk("IDAT", with: damaged)
      let reference = SpngFile.decode(file)
      do {
        let image = try PNGCodec.decode(file)
        #expect(image == reference, "\(label), byte \(position)")
      } catch {
        refused += 1
        #expect(reference == nil, "\(label), byte \(position): \(error)")
      }
    }
    #expect(refused > 0, "\(label)")
  }

  /// libspng (as libpng) reads an index past the palette's end as opaque black: so does the
  /// quick decoder.
  @Test("a palette index past the palette's end is opaque black, as libspng has it")
  func paletteIndex() throws {
    let palette: [(UInt8, UInt8, UInt8)] = [(10, 20, 30), (40, 50, 60), (70, 80, 90)]
    for (last, expected) in [(UInt8(2), UInt32(0xFF46_505A)), (3, 0xFF00_0000), (255, 0xFF00_0000)]
    {
      for transparency in [nil, SpngFile.Transparency.alphas([0, 128, 255])] {
        let data = try SpngFile.encode(
          width: 4, height: 2, colourType: 3, samples: [0, 1, 2, 1, 2, 1, 0, last],
          palette: palette, transparency: transparency, filter: .none)
        let image = try #require(try PNGDecoder.decode(data))
        #expect(image.pixels.last == expected, "index \(last)")
        #expect(image == SpngFile.decode(data), "index \(last)")
        #expect(image == CairoPNG.decode(data), "index \(last)")
      }
    }
  }

  /// Chunks the quick decoder leaves to libspng, which decides: a palette file without its
  /// palette or with it after the image data is refused; more alphas than palette entries, a
  /// tRNS chunk in an RGBA file and a colour key no 8-bit sample can equal are read as Cairo
  /// reads them.
  @Test("files with chunks out of place get libspng's verdict")
  func misplacedChunks() throws {
    let palette: [(UInt8, UInt8, UInt8)] = [(10, 20, 30), (40, 50, 60)]
    let indexed = try SpngFile.encode(
      width: 2, height: 2, colourType: 3, samples: [0, 1, 1, 0], palette: palette)
    let rgba = try SpngFile.encode(
      width: 1, height: 1, colourType: 6, samples: [1, 2, 3, 4])
    let grey = try SpngFile.encode(width: 2, height: 1, colourType: 0, samples: [7, 8])
    let plte = Data([10, 20, 30, 40, 50, 60])
    let missing = RenderError.damagedPNG(reason: "missing PLTE for indexed image")
    let cases: [(String, Data, RenderError?)] = [
      ("no palette", indexed.removingChunk("PLTE"), missing),
      (
        "palette after the image data",
        indexed.removingChunk("PLTE").replacingChunk("PLTE", with: plte, before: "IEND"), missing
      ),
      ("three alphas for two entries", indexed.replacingChunk("tRNS", with: Data([1, 2, 3])), nil),
      ("tRNS in an RGBA file", rgba.replacingChunk("tRNS", with: Data([0, 1])), nil),
      ("a grey key of 256", grey.replacingChunk("tRNS", with: Data([1, 0])), nil),
    ]
    for (label, file, refusal) in cases {
      #expect(try PNGDecoder.decode(file) == nil, "\(label)")
      let reference = SpngFile.decode(file)
      if let refusal {
        #expect(reference == nil, "\(label)")
        #expect(throws: refusal, "\(label)") { try PNGCodec.decode(file) }
      } else {
        let image = try PNGCodec.decode(file)
        #expect(image == reference, "\(label)")
        #expect(image == CairoPNG.decode(file), "\(label)")
      }
    }
  }

  @Test("a header too large for the renderer is refused before libspng allocates anything")
  func budget() throws {
    let header16 = try SpngFile.encode(
      width: 1, height: 1, colourType: 2, bitDepth: 16, samples: [UInt8](repeating: 9, count: 6))
    var body = Data()
    body.append(bigEndian: 16385)
    body.append(bigEndian: 2)
    body.append(contentsOf: [16, 2, 0, 0, 0])
    #expect(throws: RenderError.imageTooLarge(width: 16385, height: 2)) {
      try PNGCodec.decode(header16.replacingChunk("IHDR", with: body))
    }
    // The largest size allowed, interlaced, with the data of one pixel: refused as cut short
    // once libspng runs out of rows, without waiting for gigabytes to be filled.
    body = Data()
    body.append(bigEndian: 16384)
    body.append(bigEndian: 16384)
    body.append(contentsOf: [16, 2, 0, 0, 1])
    #expect(throws: RenderError.self) {
      try PNGCodec.decode(header16.replacingChunk("IHDR", with: body))
    }
  }
}

extension Data {
  func removingChunk(_ type: String) -> Data {
    var result = prefix(8)
    var offset = startIndex + 8
    while offset + 8 <= endIndex {
      let length = self[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let name = String(decoding: self[offset + 4..<offset + 8], as: UTF8.self)
      if name != type { result.append(self[offset..<offset + 12 + length]) }
      offset += 12 + length
    }
    return result
  }
}
