import CZlib
import Foundation

/// A PNG encoder over zlib, several times quicker than Cairo's writer at a similar size.
///
/// It writes the four chunks a picture needs: the signature, `IHDR`, one `IDAT` and `IEND`,
/// 8 bits a channel, not interlaced. Pixels are un-premultiplied the way Cairo's writer does
/// it, so a file decodes (with Cairo or libpng) to the pixels that were encoded. Like Cairo's
/// writer it stores RGB when every pixel is opaque and RGBA otherwise.
public enum PNGWriter {
  /// Encodes an image as a PNG file.
  ///
  /// - Parameters:
  ///   - image: premultiplied ARGB32 pixels.
  ///   - compression: speed against size; `.default` unless given.
  /// - Returns: the bytes of the PNG file.
  /// - Throws: `RenderError.emptyImage` or `.imageTooLarge` for a size out of 1…16384 a side.
  public static func encode(
    _ image: PixelImage, compression: PNGCompression = .default
  ) throws(RenderError) -> Data {
    try encode(image, settings: compression.settings)
  }

  /// Encodes an image with explicit zlib and filter settings.
  ///
  /// - Throws: `RenderError.emptyImage` or `.imageTooLarge` for a size out of 1…16384 a side.
  public static func encode(
    _ image: PixelImage, settings: PNGEncoding
  ) throws(RenderError) -> Data {
    try PixelLayout.check(width: image.width, height: image.height)
    let result = image.pixels.withUnsafeBytes { bytes in
      Result { () throws(RenderError) -> Data in
        let layout = PixelLayout(
          base: bytes.baseAddress!, width: image.width, height: image.height,
          stride: image.width * 4)
        return try encode(layout, settings: settings)
      }
    }
    return try result.get()
  }

  /// Images with at least this many bytes of scanlines are compressed on every core.
  static let parallelThreshold = 256 << 10

  /// Encodes premultiplied ARGB32 rows in place, without copying them first.
  static func encode(_ pixels: PixelLayout, settings: PNGEncoding) throws(RenderError) -> Data {
    let bands = PNGBands(pixels, settings: settings, previous: nil)
    let threads =
      bands.scanlines.count >= parallelThreshold
      ? ProcessInfo.processInfo.activeProcessorCount : 1
    bands.compressOwnBands(threads: threads)
    return try file(from: bands)
  }

  /// The PNG file for scanlines whose bands are compressed (or being compressed elsewhere).
  static func file(from bands: PNGBands) throws(RenderError) -> Data {
    let stream = try bands.zlibStream()
    let dataCount = stream.bytes.reduce(0) { $0 + $1.count }
    let header = 8 + 25 + 8
    let end = header + dataCount + 4 + 12
    // Aligned for writing around the file cache (`AtomicFile`'s `bypassingCache`).
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, AtomicFile.directAlignment, end) == 0, let memory else {
      throw .cairo(operation: "encode a PNG file", reason: "out of memory")
    }
    let output = memory.assumingMemoryBound(to: UInt8.self)
    writeHeader(into: output, width: bands.width, height: bands.height, opaque: bands.isOpaque)
    var offset = header
    for piece in stream.bytes {
      piece.withUnsafeBufferPointer {
        (output + offset).update(from: $0.baseAddress!, count: $0.count)
      }
      offset += piece.count
    }
    _ = finishChunks(in: output, dataCount: dataCount, dataCRC: stream.crc)
    return Data(bytesNoCopy: output, count: end, deallocator: .free)
  }

  /// Writes the signature, the `IHDR` chunk and the `IDAT` chunk's type.
  private static func writeHeader(
    into output: UnsafeMutablePointer<UInt8>, width: Int, height: Int, opaque: Bool
  ) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    for (index, byte) in signature.enumerated() { output[index] = byte }
    var header = [UInt8]()
    header.reserveCapacity(13)
    appendBigEndian(UInt32(width), to: &header)
    appendBigEndian(UInt32(height), to: &header)
    // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    writeChunk("IHDR", header, into: output + 8)
    for (index, byte) in "IDAT".utf8.enumerated() { output[37 + index] = byte }
  }

  /// Fills in the `IDAT` length and CRC and appends `IEND`; returns the file's length.
  ///
  /// - Parameter dataCRC: the CRC-32 of the chunk's data, which the chunk's own CRC extends
  ///   its type's with.
  private static func finishChunks(
    in output: UnsafeMutablePointer<UInt8>, dataCount: Int, dataCRC: UInt32
  ) -> Int {
    storeBigEndian(UInt32(dataCount), at: output + 33)
    let crc = crc32_combine(crc32(0, output + 37, 4), uLong(dataCRC), .init(dataCount))
    let crcOffset = 41 + dataCount
    storeBigEndian(UInt32(crc), at: output + crcOffset)
    writeChunk("IEND", [], into: output + crcOffset + 4)
    return crcOffset + 4 + 12
  }

  /// Writes one whole chunk: length, type, data and CRC.
  private static func writeChunk(
    _ type: String, _ data: [UInt8], into output: UnsafeMutablePointer<UInt8>
  ) {
    storeBigEndian(UInt32(data.count), at: output)
    let body = Array(type.utf8) + data
    for (index, byte) in body.enumerated() { output[4 + index] = byte }
    let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    storeBigEndian(UInt32(crc), at: output + 4 + body.count)
  }

  private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private static func storeBigEndian(_ value: UInt32, at pointer: UnsafeMutablePointer<UInt8>) {
    pointer[0] = UInt8(value >> 24)
    pointer[1] = UInt8((value >> 16) & 0xFF)
    pointer[2] = UInt8((value >> 8) & 0xFF)
    pointer[3] = UInt8(value & 0xFF)
  }
}
