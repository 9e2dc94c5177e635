import CircleRender
import CircleSystem
import Foundation

/// What identifies the picture of a PNG file without decoding it: its size from the header and
/// a digest of every chunk but the text ones, made from the chunks' lengths and stored CRCs.
///
/// Two files with the same chunks other than text hold the same pixels; the digest finds the
/// candidates, and ``PNGImageKey/sameImage(_:_:)`` compares their bytes to be sure. Reading a
/// key from a file costs a few small reads, whatever its size: the chunks' data is skipped
/// (which is why this walks a file by `pread` rather than with `PNGChunkWalk`, which needs the
/// whole file in memory).
package struct PNGImageKey: Hashable, Sendable {
  /// The width the header declares.
  package var width: Int
  /// The height the header declares.
  package var height: Int
  /// A digest of the types, lengths and CRCs of the chunks that are not text, in order.
  package var digest: Int
  /// The same digest made the same way in every process (FNV-1a), to be stored in a file: a
  /// golden history ties each line to its golden's image by it.
  package var storedDigest: String

  /// The most chunks walked in a file; a file with more is not given a key.
  static let maximumChunks = 1 << 20

  static let textTypes: Set<UInt32> = [
    PNGChunk.code("tEXt"), PNGChunk.code("zTXt"), PNGChunk.code("iTXt"),
  ]

  private init(width: Int, height: Int, digest: Int, stored: StoredDigest) {
    self.width = width
    self.height = height
    self.digest = digest
    storedDigest = String(stored.value, radix: 16)
  }

  /// FNV-1a over 32-bit words.
  struct StoredDigest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ word: UInt32) {
      for shift in stride(from: 24, through: 0, by: -8) {
        value = (value ^ UInt64((word >> UInt32(shift)) & 0xff)) &* 0x100_0000_01b3
      }
    }
  }

  /// The key of PNG bytes in memory; `nil` when they are not a well-formed PNG.
  package init?(png: Data) {
    let key = png.withUnsafeBytes { bytes -> PNGImageKey? in
      guard var walk = try? PNGChunkWalk(bytes, verifyingCRC: false),
        let header = try? walk.next(), header.type == PNGChunk.header, header.data.count == 13
      else { return nil }
      func number(_ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
      }
      var hasher = Hasher()
      var stored = StoredDigest()
      var chunk: PNGChunk? = header
      while let current = chunk {
        if !Self.textTypes.contains(current.type) {
          hasher.combine(current.type)
          hasher.combine(current.data.count)
          hasher.combine(number(current.bytes.upperBound - 4))
          stored.combine(current.type)
          stored.combine(UInt32(current.data.count))
          stored.combine(number(current.bytes.upperBound - 4))
        }
        guard current.type != PNGChunk.end else {
          return PNGImageKey(
            width: Int(number(header.data.lowerBound)),
            height: Int(number(header.data.lowerBound + 4)), digest: hasher.finalize(),
            stored: stored)
        }
        do {
          chunk = try walk.next()
        } catch {
          return nil
        }
      }
      return nil
    }
    guard let key else { return nil }
    self = key
  }

  /// The key of a PNG file, read piecewise; `nil` when it is not a well-formed PNG.
  package init?(file: ReadableFile) {
    let head = file.bytes(at: 0, count: 33)
    guard head.count == 33, PNGChunkWalk.hasSignature(head),
      Self.number(head, 12) == PNGChunk.header, Self.number(head, 8) == 13
    else { return nil }
    var hasher = Hasher()
    var stored = StoredDigest()
    var offset = 8
    for _ in 0..<Self.maximumChunks {
      let header = file.bytes(at: offset, count: 8)
      guard header.count == 8 else { return nil }
      let length = Int(Self.number(header, 0))
      let type = Self.number(header, 4)
      guard length <= file.size - offset - 12 else { return nil }
      let crc = file.bytes(at: offset + 8 + length, count: 4)
      guard crc.count == 4 else { return nil }
      if !Self.textTypes.contains(type) {
        hasher.combine(type)
        hasher.combine(length)
        hasher.combine(Self.number(crc, 0))
        stored.combine(type)
        stored.combine(UInt32(length))
        stored.combine(Self.number(crc, 0))
      }
      if type == PNGChunk.end {
        self.init(
          width: Int(Self.number(head, 16)), height: Int(Self.number(head, 20)),
          digest: hasher.finalize(), stored: stored)
        return
      }
      offset += 12 + length
    }
    return nil
  }

  static func number(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The chunks that are not text, or `nil` when the bytes are not a well-formed PNG.
  static func imageChunks(_ png: UnsafeRawBufferPointer) -> [PNGChunk]? {
    guard var walk = try? PNGChunkWalk(png, verifyingCRC: false) else { return nil }
    var chunks: [PNGChunk] = []
    do {
      while let chunk = try walk.next() {
        if !textTypes.contains(chunk.type) { chunks.append(chunk) }
      }
    } catch {
      return nil
    }
    return chunks
  }

  static func imageChunks(_ png: Data) -> [PNGChunk]? {
    png.withUnsafeBytes { imageChunks($0) }
  }

  /// Whether two PNG files hold the same chunks other than text, byte for byte: then they
  /// decode to the same pixels.
  package static func sameImage(_ one: Data, _ two: Data) -> Bool {
    one.withUnsafeBytes { a in two.withUnsafeBytes { b in sameImage(a, b) } }
  }

  /// ``sameImage(_:_:)`` of bytes in place.
  package static func sameImage(_ one: UnsafeRawBufferPointer, _ two: UnsafeRawBufferPointer)
    -> Bool
  {
    guard let first = imageChunks(one), let second = imageChunks(two), first.count == second.count
    else { return false }
    return zip(first, second).allSatisfy { x, y in
      x.bytes.count == y.bytes.count
        && memcmp(
          one.baseAddress! + x.bytes.lowerBound, two.baseAddress! + y.bytes.lowerBound,
          x.bytes.count) == 0
    }
  }

  /// The PNG without its text chunks: the signature and every other chunk, in order.
  package static func imageOnly(_ png: Data) -> Data? {
    guard let chunks = imageChunks(png) else { return nil }
    var output = Data(PNGChunkWalk.signature)
    for chunk in chunks {
      output.append(
        png[png.startIndex + chunk.bytes.lowerBound..<png.startIndex + chunk.bytes.upperBound])
    }
    return output
  }

  /// The PNG with text entries inserted just before its `IEND` chunk, without walking the
  /// chunks before it: the quick way of ``PNGTextChunks/inserting(_:into:)`` for files that end
  /// in a plain `IEND`, as those circles writes do.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG or a key is invalid.
  package static func appendingText(_ entries: [(key: String, value: String)], to png: Data)
    throws(PNGTextError) -> Data
  {
    let end = PNGChunk.encode(type: PNGChunk.end, data: [])
    guard png.count >= 8 + 12, png.suffix(12).elementsEqual(end) else {
      return try PNGTextChunks.inserting(entries, into: png)
    }
    var output = Data(png.prefix(png.count - 12))
    for entry in entries {
      output.append(contentsOf: try PNGTextChunks.textChunk(key: entry.key, value: entry.value))
    }
    output.append(contentsOf: end)
    return output
  }
}
