import CirclesTestSupport
import Foundation

/// Builds small PNG files by hand (stored, uncompressed deflate blocks), to feed the decoder
/// formats that Cairo's encoder never writes.
enum PNGFile {
  /// A PNG of 8-bit samples: `colourType` 0 grey, 2 RGB, 4 grey+alpha, 6 RGBA.
  static func make(width: Int, height: Int, colourType: UInt8, rows: [[UInt8]]) -> Data {
    var header = Data()
    header.append(bigEndian: UInt32(width))
    header.append(bigEndian: UInt32(height))
    header.append(contentsOf: [8, colourType, 0, 0, 0])
    var raw: [UInt8] = []
    for row in rows { raw += [0] + row }  // filter type 0 on every row
    var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    file.append(chunk: "IHDR", header)
    file.append(chunk: "IDAT", zlibStored(raw))
    file.append(chunk: "IEND", Data())
    return file
  }

  /// A zlib stream holding `bytes` in one stored block.
  static func zlibStored(_ bytes: [UInt8]) -> Data {
    Data(HandMadePNG.stored(bytes))
  }

  static func crc32(_ bytes: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

extension Data {
  mutating func append(bigEndian value: UInt32) {
    append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
  }

  mutating func append(chunk type: String, _ body: Data) {
    append(bigEndian: UInt32(body.count))
    let typed = Data(type.utf8) + body
    append(typed)
    append(bigEndian: PNGFile.crc32(typed))
  }
}
