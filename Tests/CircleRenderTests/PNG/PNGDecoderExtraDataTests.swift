import CZlib
import Foundation
import Testing

@testable import CircleRender

/// Files whose image data goes on past the rows their header allows: a small file can hold a
/// zlib stream of gigabytes, which the decoder must not inflate.
@Suite("PNG data past the last row")
struct PNGDecoderExtraDataTests {
  static let width = 64
  static let height = 48
  /// The rows of a black 64×48 RGB picture, each with filter type 0.
  static let rowBytes = 1 + width * 3

  /// Raw deflate data of `bytes` zero bytes that ends on a byte boundary with a full flush, so
  /// that copies of it may follow each other.
  static func zeros(_ bytes: Int) -> [UInt8] {
    var stream = z_stream()
    deflateInit2_(
      &stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    let input = [UInt8](repeating: 0, count: bytes)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes))) + 16)
    let written = input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = uInt(bytes)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        deflate(&stream, Z_FULL_FLUSH)
        return target.count - Int(stream.avail_out)
      }
    }
    return Array(output.prefix(written))
  }

  /// A 64×48 RGB file whose stream holds the image's rows, then `extra` more zero bytes (as
  /// copies of the deflate data of `piece` zeros), then a proper end and checksum.
  static func file(extra: Int, piece: Int = 64 << 20, rows: Int = height) -> Data {
    let image = rows * rowBytes
    var stream: [UInt8] = [0x78, 0xDA] + zeros(image)
    var adler = adler32(adler32(0, nil, 0), [UInt8](repeating: 0, count: image), uInt(image))
    let pieceAdler = adler32(
      adler32(0, nil, 0), [UInt8](repeating: 0, count: piece), uInt(piece))
    let block = zeros(piece)
    var left = extra
    while left >= piece {
      stream += block
      adler = adler32_combine(adler, pieceAdler, off_t(piece))
      left -= piece
    }
    if left > 0 {
      stream += zeros(left)
      adler = adler32_combine(
        adler, adler32(adler32(0, nil, 0), [UInt8](repeating: 0, count: left), uInt(left)),
        off_t(left))
    }
    // A final empty fixed-Huffman block, then the Adler-32 of everything.
    stream += [0x03, 0x00] + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: UInt32(adler) >> $0) }
    var header = Data()
    header.append(bigEndian: UInt32(width))
    header.append(bigEndian: UInt32(height))
    header.append(contentsOf: [8, 2, 0, 0, 0])
    var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    file.append(chunk: "IHDR", header)
    for start in stride(from: 0, to: stream.count, by: 1 << 20) {
      file.append(chunk: "IDAT", Data(stream[start..<min(stream.count, start + (1 << 20))]))
    }
    file.append(chunk: "IEND", Data())
    return file
  }

  static let black = PixelImage(
    width: width, height: height,
    pixels: [UInt32](repeating: 0xFF00_0000, count: width * height))

  @Test("an 8 MB file whose stream inflates to 8 GiB is read as the 64×48 image its header says")
  func eightGigabytes() throws {
    let data = Self.file(extra: 8 << 30)
    #expect(data.count > 7 << 20 && data.count < 9 << 20)
    #expect(try PNGDecoder.decode(data) == Self.black)
    #expect(try PNGCodec.decode(data) == Self.black)
  }

  /// 64 bytes past the image is as far as the decoder inflates before it stops reading.
  @Test("data past the last row is ignored, however much", arguments: [1, 64, 65, 1 << 20])
  func extraData(extra: Int) throws {
    let data = Self.file(extra: extra, piece: 1 << 16)
    // The band of rows the decoder holds at once: its smallest (two rows), one that ends
    // inside a row, and the default.
    for band in [1, 3 * Self.rowBytes + 5, PNGDecoder.bandBytes] {
      #expect(try PNGDecoder.decode(data, bandBytes: band) == Self.black, "band of \(band) bytes")
    }
  }

  @Test("a stream that ends before the last row is complete is left to libspng, which refuses it")
  func tooShort() throws {
    var data = Self.file(extra: 0)
    #expect(try PNGDecoder.decode(data) == Self.black)
    data = Self.file(extra: 0, rows: Self.height - 1)
    #expect(try PNGDecoder.decode(data) == nil)
    #expect(throws: RenderError.damagedPNG(reason: "the image data ends too early")) {
      try PNGCodec.decode(data)
    }
  }
}
