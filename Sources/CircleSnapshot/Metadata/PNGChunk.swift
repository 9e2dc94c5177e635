import Foundation

/// One chunk of a PNG file: a four-letter type and its data.
struct PNGChunk {
  var type: String
  var data: Data

  /// Splits PNG bytes into chunks, checking the signature, lengths, CRCs and the final `IEND`.
  static func parse(_ png: Data) throws(PNGTextError) -> [PNGChunk] {
    let bytes = [UInt8](png)
    guard bytes.count >= 8, Array(bytes[0..<8]) == PNGTextChunks.signature else {
      throw .notPNG
    }
    var chunks: [PNGChunk] = []
    var offset = 8
    while offset < bytes.count {
      guard offset + 12 <= bytes.count else { throw .malformed("truncated chunk header") }
      let length = Int(readUInt32(bytes, at: offset))
      guard length <= bytes.count - offset - 12 else { throw .malformed("truncated chunk") }
      let typeBytes = bytes[offset + 4..<offset + 8]
      guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
        throw .malformed("bad chunk type at byte \(offset + 4)")
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      let body = bytes[offset + 8..<offset + 8 + length]
      let stored = readUInt32(bytes, at: offset + 8 + length)
      var crc = CRC32()
      crc.update(typeBytes)
      crc.update(body)
      guard crc.value == stored else { throw .malformed("bad CRC in \(type) chunk") }
      chunks.append(PNGChunk(type: type, data: Data(body)))
      offset += 12 + length
      if type == "IEND" { return chunks }
    }
    throw .malformed("no IEND chunk")
  }

  private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Appends length, type, data and CRC.
  func write(to output: inout Data) {
    let typeBytes = Array(type.utf8)
    output.append(contentsOf: bigEndian(UInt32(data.count)))
    output.append(contentsOf: typeBytes)
    output.append(data)
    var crc = CRC32()
    crc.update(typeBytes)
    crc.update(data)
    output.append(contentsOf: bigEndian(crc.value))
  }

  private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  var isText: Bool { type == "tEXt" || type == "iTXt" }

  /// The key and value of a `tEXt` chunk or an uncompressed `iTXt` chunk.
  var textEntry: (key: String, value: String)? {
    guard isText, let nul = data.firstIndex(of: 0) else { return nil }
    let key = String(data: Data(data[data.startIndex..<nul]), encoding: .isoLatin1) ?? ""
    let rest = data[(nul + 1)...]
    if type == "tEXt" {
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
