import CircleRender
import Foundation

/// Reads and writes the text chunks of PNG files: `tEXt` (Latin-1) and uncompressed `iTXt`
/// (UTF-8).
///
/// Text lives in the PNG bytes themselves, so a golden image carries the scene it was rendered
/// from wherever it is copied. Chunks are inserted just before `IEND`; every other chunk is kept
/// byte for byte.
package enum PNGTextChunks {
  /// Returns the PNG with text entries added before its `IEND` chunk, replacing entries of the
  /// same keys.
  ///
  /// A value that Latin-1 can hold goes in a `tEXt` chunk; any other in an `iTXt` chunk.
  ///
  /// - Parameters:
  ///   - entries: key and value pairs; keys are 1…79 printable Latin-1 characters.
  ///   - png: the bytes of a PNG file.
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG or a key is invalid.
  package static func inserting(_ entries: [(key: String, value: String)], into png: Data)
    throws(PNGTextError) -> Data
  {
    let keys = Set(entries.map(\.key))
    let chunks = try walk(png)
    var added: [UInt8] = []
    for entry in entries { added += try textChunk(key: entry.key, value: entry.value) }
    var output = Data(PNGChunkWalk.signature)
    for chunk in chunks {
      if chunk.type == PNGChunk.end { output.append(contentsOf: added) }
      if let key = textEntry(chunk, in: png)?.key, keys.contains(key) { continue }
      output.append(bytes(chunk.bytes, of: png))
    }
    return output
  }

  /// Reads every text entry (`tEXt`, and `iTXt` when not compressed) of a PNG, in file order.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  package static func entries(in png: Data) throws(PNGTextError) -> [(key: String, value: String)] {
    try walk(png).compactMap { textEntry($0, in: png) }
  }

  /// The value of the first text entry with the given key, or `nil`.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  package static func value(forKey key: String, in png: Data) throws(PNGTextError) -> String? {
    try entries(in: png).first { $0.key == key }?.value
  }

  private static let text = PNGChunk.code("tEXt")
  private static let internationalText = PNGChunk.code("iTXt")

  /// The chunks of a PNG, up to `IEND`, each checked against the file and its CRC.
  private static func walk(_ png: Data) throws(PNGTextError) -> [PNGChunk] {
    do {
      return try PNGChunkWalk.chunks(in: png, verifyingCRC: true)
    } catch .notPNG {
      throw .notPNG
    } catch {
      throw .malformed(error.description)
    }
  }

  /// The bytes at offsets from the file's first byte.
  private static func bytes(_ range: Range<Int>, of png: Data) -> Data {
    png[png.startIndex + range.lowerBound..<png.startIndex + range.upperBound]
  }

  /// A whole text chunk holding one entry.
  static func textChunk(key: String, value: String) throws(PNGTextError) -> [UInt8] {
    guard let keyBytes = key.data(using: .isoLatin1), (1...79).contains(keyBytes.count),
      keyBytes.allSatisfy({ (32...126).contains($0) || $0 >= 161 }),
      !key.hasPrefix(" "), !key.hasSuffix(" ")
    else { throw .invalidKey(key) }
    if let latin = value.data(using: .isoLatin1), !latin.contains(0) {
      return PNGChunk.encode(type: text, data: keyBytes + [0] + latin)
    }
    // iTXt: keyword, NUL, compression flag 0, method 0, empty language, NUL, empty translation,
    // NUL, then UTF-8 text.
    return PNGChunk.encode(
      type: internationalText, data: keyBytes + [0, 0, 0, 0, 0] + Data(value.utf8))
  }

  /// The key and value of a `tEXt` chunk or an uncompressed `iTXt` chunk.
  static func textEntry(_ chunk: PNGChunk, in png: Data) -> (key: String, value: String)? {
    guard chunk.type == text || chunk.type == internationalText else { return nil }
    let data = bytes(chunk.data, of: png)
    guard let nul = data.firstIndex(of: 0) else { return nil }
    let key = String(data: Data(data[data.startIndex..<nul]), encoding: .isoLatin1) ?? ""
    let rest = data[(nul + 1)...]
    if chunk.type == text {
      guard let latin = String(data: Data(rest), encoding: .isoLatin1) else { return nil }
      return (key, latin)
    }
    // iTXt: flag, method, language NUL, translated keyword NUL, text.
    guard rest.count >= 2, rest[rest.startIndex] == 0 else { return nil }
    var cursor = rest.startIndex + 2
    for _ in 0..<2 {
      guard let end = rest[cursor...].firstIndex(of: 0) else { return nil }
      cursor = end + 1
    }
    guard let text = String(data: Data(rest[cursor...]), encoding: .utf8) else { return nil }
    return (key, text)
  }
}
