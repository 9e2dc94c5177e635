import Foundation

/// Walks the chunks of a PNG file held in memory, in order, up to and including `IEND`.
///
/// Every chunk is checked against the file before it is handed out: the length, type and CRC
/// must be there, the data must fit in what is left, the type must be four ASCII letters, and,
/// when asked, the CRC must match. A length is never trusted further than the file reaches, so
/// a small damaged file cannot make a reader allocate or read what it claims. Bytes after
/// `IEND` are ignored, as decoders do.
///
/// ```swift
/// var walk = try PNGChunkWalk(bytes, verifyingCRC: true)
/// while let chunk = try walk.next() { … }
/// ```
package struct PNGChunkWalk {
  /// The eight bytes every PNG file starts with.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Whether the bytes start with the PNG signature.
  package static func hasSignature(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: signature)
  }

  private let bytes: UnsafeRawBufferPointer
  private let verifyingCRC: Bool
  private var offset: Int
  private var ended = false

  /// Starts a walk after the signature.
  ///
  /// - Parameters:
  ///   - bytes: the whole file; it must outlive the walk.
  ///   - verifyingCRC: whether a chunk whose CRC does not match stops the walk.
  /// - Throws: `PNGChunkError.notPNG` when the bytes do not start with the signature.
  package init(_ bytes: UnsafeRawBufferPointer, verifyingCRC: Bool) throws(PNGChunkError) {
    guard Self.hasSignature(bytes) else { throw .notPNG }
    self.bytes = bytes
    self.verifyingCRC = verifyingCRC
    offset = Self.signature.count
  }

  /// The next chunk, or `nil` once `IEND` has been handed out.
  ///
  /// - Throws: `PNGChunkError` when the file ends before `IEND`, a chunk does not fit in the
  ///   file, its type is not four letters or (when verifying) its CRC does not match.
  package mutating func next() throws(PNGChunkError) -> PNGChunk? {
    guard !ended else { return nil }
    let left = bytes.count - offset
    guard left > 0 else { throw .noEnd }
    guard left >= 12 else { throw .truncatedHeader(offset: offset) }
    let length = Int(number(at: offset))
    guard length <= left - 12 else { throw .truncatedChunk(offset: offset) }
    let type = number(at: offset + 4)
    let letters = (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }
    guard letters.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
      throw .badType(offset: offset + 4)
    }
    let chunk = PNGChunk(type: type, bytes: offset..<offset + 12 + length)
    guard !verifyingCRC || chunk.hasValidCRC(in: bytes) else { throw .badCRC(name: chunk.name) }
    offset = chunk.bytes.upperBound
    ended = type == PNGChunk.end
    return chunk
  }

  /// The big-endian number of four bytes at `offset`.
  private func number(at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
  }

  /// Every chunk of a file, up to and including `IEND`.
  ///
  /// - Parameters:
  ///   - data: the whole file.
  ///   - verifyingCRC: whether a chunk whose CRC does not match is an error.
  /// - Returns: the chunks, with offsets from the file's first byte (`data.startIndex`).
  /// - Throws: `PNGChunkError`, as `init(_:verifyingCRC:)` and `next()`.
  package static func chunks(in data: Data, verifyingCRC: Bool) throws(PNGChunkError) -> [PNGChunk]
  {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(PNGChunkError) -> [PNGChunk] in
        var walk = try PNGChunkWalk(bytes, verifyingCRC: verifyingCRC)
        var chunks: [PNGChunk] = []
        while let chunk = try walk.next() { chunks.append(chunk) }
        return chunks
      }
    }
    return try result.get()
  }
}

extension PNGChunkWalk {
  /// Why PNG bytes are not a whole PNG file, or `nil` when they are one: the signature, an
  /// `IHDR` chunk of 13 bytes first, at least one `IDAT` chunk, an `IEND` chunk, and a matching
  /// CRC in every chunk on the way.
  ///
  /// This is what is checked before two files are trusted because their bytes are equal: equal
  /// bytes say nothing of whether either can be decoded. zlib's CRC-32 reads about 1 GB/s here,
  /// so a 1280×720 screenshot of 200 KB is checked in about 0.2 ms.
  ///
  /// - Returns: one lower-case phrase, such as `bad CRC in IDAT chunk` or `no image data (no
  ///   IDAT chunk)`.
  package static func damage(in bytes: UnsafeRawBufferPointer) -> String? {
    do {
      var walk = try PNGChunkWalk(bytes, verifyingCRC: true)
      guard let header = try walk.next(), header.type == PNGChunk.header,
        header.data.count == 13
      else { return "the first chunk is not a 13-byte IHDR" }
      var hasData = false
      while let chunk = try walk.next() {
        if chunk.type == PNGChunk.imageData { hasData = true }
      }
      return hasData ? nil : "no image data (no IDAT chunk)"
    } catch {
      return error.isTruncation ? "the file is cut short (\(error))" : error.description
    }
  }

  /// ``damage(in:)`` of bytes held in `Data`.
  package static func damage(in data: Data) -> String? {
    data.withUnsafeBytes { damage(in: $0) }
  }
}
