import Foundation

/// What identifies the picture of a PNG file without decoding it: its size from the header and
/// a digest of every chunk but the text ones, made from the chunks' lengths and stored CRCs.
///
/// Two files with the same chunks other than text hold the same pixels; the digest finds the
/// candidates, and ``PNGImageKey/sameImage(_:_:)`` compares their bytes to be sure. Reading a
/// key costs a few small reads of the file, whatever its size: the chunks' data is skipped.
package struct PNGImageKey: Hashable, Sendable {
  /// The width the header declares.
  package var width: Int
  /// The height the header declares.
  package var height: Int
  /// A digest of the types, lengths and CRCs of the chunks that are not text, in order.
  package var digest: Int

  /// The most chunks walked; a file with more is not given a key.
  static let maximumChunks = 1 << 20

  /// The key of PNG bytes in memory; `nil` when they are not a well-formed PNG.
  package init?(png: Data) {
    let count = png.count
    let key: PNGImageKey? = png.withUnsafeBytes { raw in
      PNGImageKey.walk(count: count) { offset, length in
        guard offset >= 0, offset + length <= count else { return nil }
        return Array(raw[offset..<offset + length])
      }
    }
    guard let key else { return nil }
    self = key
  }

  /// The key of a PNG file, read piecewise; `nil` when it is not a well-formed PNG.
  package init?(file: Folder.ReadableFile) {
    guard let key = Self.walk(count: file.size, read: { file.bytes(at: $0, count: $1) }) else {
      return nil
    }
    self = key
  }

  /// Walks the chunks through `read(offset, length)`, hashing all but the text chunks.
  private static func walk(count: Int, read: (Int, Int) -> [UInt8]?) -> PNGImageKey? {
    guard let head = read(0, 33), head.count == 33,
      Array(head[0..<8]) == PNGTextChunks.signature, Array(head[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let width = Int(number(head, 16))
    let height = Int(number(head, 20))
    var hasher = Hasher()
    var offset = 8
    for _ in 0..<maximumChunks {
      guard let header = read(offset, 8), header.count == 8 else { return nil }
      let length = Int(number(header, 0))
      let type = number(header, 4)
      guard length <= count - offset - 12, let crc = read(offset + 8 + length, 4), crc.count == 4
      else { return nil }
      if !isText(type) {
        hasher.combine(type)
        hasher.combine(length)
        hasher.combine(number(crc, 0))
      }
      if type == iend { return PNGImageKey(width: width, height: height, digest: hasher.finalize()) }
      offset += 12 + length
    }
    return nil
  }

  private init(width: Int, height: Int, digest: Int) {
    self.width = width
    self.height = height
    self.digest = digest
  }

  static let iend = number(Array("IEND".utf8), 0)
  static let textTypes: Set<UInt32> = Set(["tEXt", "zTXt", "iTXt"].map { number(Array($0.utf8), 0) })

  static func isText(_ type: UInt32) -> Bool { textTypes.contains(type) }

  static func number(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Whether two PNG files hold the same chunks other than text, byte for byte: then they
  /// decode to the same pixels.
  package static func sameImage(_ one: Data, _ two: Data) -> Bool {
    guard let first = imageChunks(one), let second = imageChunks(two),
      first.count == second.count
    else { return false }
    return one.withUnsafeBytes { a in
      two.withUnsafeBytes { b in
        zip(first, second).allSatisfy { x, y in
          x.count == y.count && memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0
        }
      }
    }
  }

  /// The byte ranges of the chunks that are not text (length, type, data and CRC each).
  static func imageChunks(_ png: Data) -> [Range<Int>]? {
    let count = png.count
    return png.withUnsafeBytes { raw -> [Range<Int>]? in
      guard count >= 8, Array(raw[0..<8]) == PNGTextChunks.signature else { return nil }
      var ranges: [Range<Int>] = []
      var offset = 8
      while offset + 12 <= count {
        let length = Int(number(Array(raw[offset..<offset + 4]), 0))
        guard length <= count - offset - 12 else { return nil }
        let type = number(Array(raw[offset + 4..<offset + 8]), 0)
        if !isText(type) { ranges.append(offset..<offset + 12 + length) }
        if type == iend { return ranges }
        offset += 12 + length
      }
      return nil
    }
  }

  /// The PNG without its text chunks: the signature and every other chunk, in order.
  package static func imageOnly(_ png: Data) -> Data? {
    guard let chunks = imageChunks(png) else { return nil }
    var output = Data(PNGTextChunks.signature)
    for chunk in chunks { output.append(png[png.startIndex + chunk.lowerBound..<png.startIndex + chunk.upperBound]) }
    return output
  }

  /// The PNG with text entries inserted just before its `IEND` chunk, without touching the
  /// chunks before it: the fast path of ``PNGTextChunks/inserting(_:into:)`` for files that end
  /// in a plain `IEND`, as those circles writes do.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG or a key is invalid.
  package static func appendingText(_ entries: [(key: String, value: String)], to png: Data)
    throws(PNGTextError) -> Data
  {
    let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    guard png.count >= 8 + 12, png.suffix(12).elementsEqual(end) else {
      return try PNGTextChunks.inserting(entries, into: png)
    }
    var output = Data(png.prefix(png.count - 12))
    for entry in entries {
      try PNGTextChunks.textChunk(key: entry.key, value: entry.value).write(to: &output)
    }
    output.append(contentsOf: end)
    return output
  }
}
