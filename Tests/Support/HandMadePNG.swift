import CircleCanvas
import CircleRender
import Foundation

/// PNG files built by hand, of the kinds Cairo never writes: 16-bit samples, palettes, and a
/// header with no pixels after it.
public enum HandMadePNG {
  /// A whole file: the signature, `IHDR` with `header`, the chunks in order, then `IEND`.
  public static func file(header: [UInt8], chunks: [(String, [UInt8])]) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", header)
    for (type, data) in chunks { bytes += chunk(type, data) }
    bytes += chunk("IEND", [])
    return Data(bytes)
  }

  /// A chunk of `type` holding `data`, with its length and CRC.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let code = type.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return PNGChunk.encode(type: code, data: data)
  }

  /// The 13 bytes of an `IHDR` chunk, not interlaced.
  public static func header(width: Int, height: Int, depth: UInt8, colourType: UInt8) -> [UInt8] {
    var bytes: [UInt8] = []
    PNGChunk.appendBigEndian(UInt32(width), to: &bytes)
    PNGChunk.appendBigEndian(UInt32(height), to: &bytes)
    return bytes + [depth, colourType, 0, 0, 0]
  }

  /// A zlib stream holding `bytes` in one stored (uncompressed) deflate block, with its
  /// Adler-32.
  public static func stored(_ bytes: [UInt8]) -> [UInt8] {
    var data: [UInt8] = [0x78, 0x01, 0x01]
    let length = UInt16(bytes.count)
    data += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
    data += bytes
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    PNGChunk.appendBigEndian(b << 16 | a, to: &data)
    return data
  }

  /// Opaque RGB pixels as 16-bit samples (each 8-bit value times 257).
  public static func rgb16(width: Int, _ pixels: [Colour]) -> Data {
    var raw: [UInt8] = []
    for (index, colour) in pixels.enumerated() {
      if index % width == 0 { raw.append(0) }
      for sample in [colour.red, colour.green, colour.blue] { raw += [sample, sample] }
    }
    return file(
      header: header(width: width, height: pixels.count / width, depth: 16, colourType: 2),
      chunks: [("IDAT", stored(raw))])
  }

  /// 8-bit palette indices into `palette`.
  public static func palette(width: Int, _ palette: [Colour], indices: [UInt8]) -> Data {
    var raw: [UInt8] = []
    for (index, value) in indices.enumerated() {
      if index % width == 0 { raw.append(0) }
      raw.append(value)
    }
    return file(
      header: header(width: width, height: indices.count / width, depth: 8, colourType: 3),
      chunks: [
        ("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }), ("IDAT", stored(raw)),
      ])
  }

  /// A valid header declaring a large image, and no pixel data: any decode fails.
  public static func headerOnly(width: Int, height: Int) -> Data {
    file(header: header(width: width, height: height, depth: 8, colourType: 6), chunks: [])
  }
}
