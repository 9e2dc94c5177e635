import CZlib
import Foundation

/// Whole PNG files of large declared sizes that take little room: what a test needs to show that
/// a large image is answered from its header, or refused before it is decoded.
public enum LargePNG {
  /// A valid PNG of `side` × `side` one-bit grey pixels, all black: about 32 KB for 16384.
  public static func blank(side: Int) -> Data {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
      return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    let raw = [UInt8](repeating: 0, count: (1 + (side + 7) / 8) * side)
    var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
    var length = uLong(compressed.count)
    _ = compress2(&compressed, &length, raw, uLong(raw.count), 9)
    let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [1, 0, 0, 0, 0]
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", Array(compressed.prefix(Int(length)))) + chunk("IEND", [])
    return Data(png)
  }
}
