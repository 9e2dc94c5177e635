internal import CZlib

/// One chunk of a PNG file, as `PNGChunkWalk` finds it: its type and where it lies in the file.
///
/// A chunk is a 4-byte big-endian length, a 4-byte type of ASCII letters, the data and a
/// CRC-32 of the type and the data. Types are handled as big-endian numbers of their four
/// letters (`IHDR` is `0x4948_4452`), which is how they sit in the file.
package struct PNGChunk: Hashable, Sendable {
  /// The type's four letters as a big-endian number.
  package var type: UInt32
  /// Where the whole chunk lies in the file (length, type, data and CRC), as offsets from the
  /// file's first byte.
  package var bytes: Range<Int>

  /// The header: the image's size and pixel format; always the first chunk.
  package static let header = code("IHDR")
  /// Compressed image data; a file's image data chunks follow one another.
  package static let imageData = code("IDAT")
  /// The last chunk of every file.
  package static let end = code("IEND")
  /// The palette of an indexed-colour image.
  package static let palette = code("PLTE")

  /// The offsets of the chunk's data.
  package var data: Range<Int> { bytes.lowerBound + 8..<bytes.upperBound - 4 }

  /// The type as its four letters, such as `IHDR`.
  package var name: String {
    String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }, as: UTF8.self)
  }

  /// Whether a decoder must understand the chunk to show the image: its first letter is upper
  /// case. Other chunks are ancillary and may be skipped.
  package var isCritical: Bool { type & 0x2000_0000 == 0 }

  /// Whether the CRC stored at the chunk's end matches its type and data.
  ///
  /// - Parameter file: the file the chunk was found in.
  package func hasValidCRC(in file: UnsafeRawBufferPointer) -> Bool {
    let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(file[data.upperBound + $1]) }
    return Self.crc(type: type, data: UnsafeRawBufferPointer(rebasing: file[data])) == stored
  }

  /// The number a four-letter type name stands for in the file.
  package static func code(_ name: StaticString) -> UInt32 {
    precondition(name.utf8CodeUnitCount == 4, "a chunk type has four letters")
    return name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
  }

  /// The CRC-32 a chunk stores: that of its type and data, as zlib computes it.
  package static func crc(type: UInt32, data: UnsafeRawBufferPointer) -> UInt32 {
    var typeBytes = type.bigEndian
    let typeCRC = withUnsafeBytes(of: &typeBytes) {
      crc32(0, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4)
    }
    guard let base = data.baseAddress, !data.isEmpty else { return UInt32(typeCRC) }
    return UInt32(crc32(typeCRC, base.assumingMemoryBound(to: UInt8.self), uInt(data.count)))
  }

  /// The bytes of a whole chunk: length, type, data and CRC.
  ///
  /// - Precondition: `data` holds fewer than 2³¹ bytes, the most a chunk may hold.
  package static func encode(type: UInt32, data: some Collection<UInt8>) -> [UInt8] {
    let body = [UInt8](data)
    precondition(body.count < 1 << 31, "a PNG chunk holds fewer than 2³¹ bytes")
    var bytes: [UInt8] = []
    bytes.reserveCapacity(12 + body.count)
    appendBigEndian(UInt32(body.count), to: &bytes)
    appendBigEndian(type, to: &bytes)
    bytes += body
    appendBigEndian(body.withUnsafeBytes { crc(type: type, data: $0) }, to: &bytes)
    return bytes
  }

  /// Appends a number as four big-endian bytes, as PNG stores lengths, CRCs and sizes.
  package static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
