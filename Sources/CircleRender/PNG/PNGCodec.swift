import CCairo
import Foundation

/// PNG files in and out of memory, through Cairo's PNG streams.
///
/// Encoding writes what Cairo writes: 8 bits a channel, RGBA, or RGB when every pixel is
/// opaque. Decoding accepts any PNG Cairo reads (grey, palette, 16-bit, with or without alpha)
/// and always returns premultiplied ARGB32 pixels.
public enum PNGCodec {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Encodes an image as a PNG file.
  ///
  /// - Parameter image: premultiplied ARGB32 pixels; alpha is stored straight in the file.
  /// - Returns: the bytes of the PNG file.
  /// - Throws: `RenderError.emptyImage` or `.imageTooLarge` for a size out of 1…16384 a side,
  ///   `.cairo` when Cairo fails.
  public static func encode(_ image: PixelImage) throws(RenderError) -> Data {
    let surface = try CairoSurface(image)
    let sink = Sink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(
        surface.pointer,
        { closure, bytes, length in
          guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
          let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
          sink.data.append(bytes, count: Int(length))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    }
    try RenderError.check(status, "encode a PNG file")
    return sink.data
  }

  /// Decodes a PNG file into premultiplied ARGB32 pixels.
  ///
  /// Files of 8-bit RGB or RGBA, not interlaced (what circles and Cairo write), are decoded by
  /// `PNGDecoder` with igzip, five to six times as fast; others go through Cairo.
  ///
  /// - Parameter data: the bytes of a PNG file.
  /// - Returns: the image.
  /// - Throws: `RenderError.notPNG` when the data does not start with the PNG signature,
  ///   `.imageTooLarge` when its header declares more than 16384 pixels on a side (checked
  ///   before any pixel memory is allocated),
  ///   `.damagedPNG` when a chunk claims more bytes than the file holds (checked before any
  ///   decoding), when it is cut short or its contents are broken; `.outOfMemory` when the
  ///   memory for the image cannot be had.
  public static func decode(_ data: Data) throws(RenderError) -> PixelImage {
    guard data.count >= signature.count, data.prefix(signature.count).elementsEqual(signature)
    else { throw .notPNG }
    try checkDeclaredSize(data)
    try checkChunkLengths(data)
    if let image = try PNGDecoder.decode(data) { return image }
    // Cairo's surface and the copy made of it: Cairo says "out of memory" for a damaged file
    // too, so the memory is asked for first.
    if let header = try? PNGHeader(data) {
      try PixelImage.checkMemory(pixels: 2 * header.pixelCount)
    }
    return try decodeWithCairo(data)
  }

  /// Decodes any PNG Cairo reads, through Cairo (libpng).
  static func decodeWithCairo(_ data: Data) throws(RenderError) -> PixelImage {
    let source = Source(data)
    let surface = withExtendedLifetime(source) {
      cairo_image_surface_create_from_png_stream(
        { closure, bytes, length in
          guard let closure, let bytes else { return CAIRO_STATUS_READ_ERROR }
          let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
          return source.read(into: bytes, count: Int(length))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(source).toOpaque())!
    }
    let status = cairo_surface_status(surface)
    guard status.isSuccess else {
      cairo_surface_destroy(surface)
      // Cairo 1.16 reports most libpng failures as "out of memory", so the cause is told
      // apart only by whether the data ran out.
      throw .damagedPNG(reason: source.ranOut ? "the file ends too early" : "its data is invalid")
    }
    return try CairoSurface(adopting: surface).convertedToARGB32().pixelImage()
  }

  /// Rejects a header that declares an image larger than the renderer would ever make.
  ///
  /// The header (`IHDR`) is the first chunk: its width and height are big-endian 32-bit numbers
  /// at offsets 16 and 20, and its CRC follows the 13 bytes of data. A header whose CRC does not
  /// match is left for the decoder to report as damaged.
  static func checkDeclaredSize(_ data: Data) throws(RenderError) {
    let bytes = [UInt8](data.prefix(33))
    guard bytes.count == 33, bytes[12..<16].elementsEqual("IHDR".utf8) else { return }
    func number(at offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    guard crc32(bytes[12..<29]) == number(at: 29) else { return }
    let width = Int(number(at: 16))
    let height = Int(number(at: 20))
    if width > CairoSurface.maximumSide || height > CairoSurface.maximumSide {
      throw .imageTooLarge(width: width, height: height)
    }
  }

  /// The CRC-32 that PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }

  /// Collects the bytes Cairo writes.
  private final class Sink {
    var data = Data()
  }

  /// Hands out the bytes Cairo asks for, remembering whether it asked for more than there was.
  private final class Source {
    let data: Data
    var offset: Int
    var ranOut = false

    init(_ data: Data) {
      self.data = data
      self.offset = data.startIndex
    }

    func read(into bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
      guard count <= data.endIndex - offset else {
        ranOut = true
        return false
      }
      data.copyBytes(to: bytes, from: offset..<offset + count)
      offset += count
      return true
    }
  }
}
