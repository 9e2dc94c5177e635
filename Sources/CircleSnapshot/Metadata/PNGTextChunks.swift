import Foundation

/// Reads and writes the text chunks of PNG files: `tEXt` (Latin-1) and uncompressed `iTXt`
/// (UTF-8).
///
/// Text lives in the PNG bytes themselves, so a golden image carries the scene it was rendered
/// from wherever it is copied. Chunks are inserted just before `IEND`; every other chunk is kept
/// byte for byte.
public enum PNGTextChunks {
  /// The eight bytes every PNG starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Returns the PNG with text entries added before its `IEND` chunk, replacing entries of the
  /// same keys.
  ///
  /// A value that Latin-1 can hold goes in a `tEXt` chunk; any other in an `iTXt` chunk.
  ///
  /// - Parameters:
  ///   - entries: key and value pairs; keys are 1…79 printable Latin-1 characters.
  ///   - png: the bytes of a PNG file.
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG or a key is invalid.
  public static func inserting(_ entries: [(key: String, value: String)], into png: Data)
    throws(PNGTextError) -> Data
  {
    let keys = Set(entries.map(\.key))
    let chunks = try PNGChunk.parse(png)
    var output = Data(signature)
    for chunk in chunks {
      if chunk.type == "IEND" {
        for entry in entries {
          try textChunk(key: entry.key, value: entry.value).write(to: &output)
        }
      }
      if chunk.isText, let key = chunk.textEntry?.key, keys.contains(key) { continue }
      chunk.write(to: &output)
    }
    return output
  }

  /// Reads every text entry (`tEXt`, and `iTXt` when not compressed) of a PNG, in file order.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  public static func entries(in png: Data) throws(PNGTextError) -> [(key: String, value: String)] {
    try PNGChunk.parse(png).compactMap(\.textEntry)
  }

  /// The value of the first text entry with the given key, or `nil`.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  public static func value(forKey key: String, in png: Data) throws(PNGTextError) -> String? {
    try entries(in: png).first { $0.key == key }?.value
  }

  static func textChunk(key: String, value: String) throws(PNGTextError) -> PNGChunk {
    guard let keyBytes = key.data(using: .isoLatin1), (1...79).contains(keyBytes.count),
      keyBytes.allSatisfy({ (32...126).contains($0) || $0 >= 161 }),
      !key.hasPrefix(" "), !key.hasSuffix(" ")
    else { throw .invalidKey(key) }
    if let latin = value.data(using: .isoLatin1), !latin.contains(0) {
      return PNGChunk(type: "tEXt", data: keyBytes + [0] + latin)
    }
    // iTXt: keyword, NUL, compression flag 0, method 0, empty language, NUL, empty translation,
    // NUL, then UTF-8 text.
    return PNGChunk(type: "iTXt", data: keyBytes + [0, 0, 0, 0, 0] + Data(value.utf8))
  }
}
