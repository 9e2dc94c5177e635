import Foundation

extension PNGCodec {
  /// Rejects a file whose chunk lengths do not fit in it, before the decoder sees it.
  ///
  /// Each chunk is a 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC. A
  /// length larger than what is left of the file can only belong to a damaged or cut file, yet
  /// libpng would first allocate that many bytes (up to 2 GB) for it: a 100-byte file could
  /// make a check allocate gigabytes. The walk stops at `IEND`; bytes after it are ignored, as
  /// decoders do.
  ///
  /// - Throws: `RenderError.damagedPNG` saying the file ends too early, as the decoder would.
  static func checkChunkLengths(_ data: Data) throws(RenderError) {
    var offset = data.startIndex + signature.count
    while data.endIndex - offset >= 8 {
      let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      guard length <= data.endIndex - offset - 12 else {
        throw .damagedPNG(reason: "the file ends too early")
      }
      if data[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return }
      offset += 12 + length
    }
  }
}
