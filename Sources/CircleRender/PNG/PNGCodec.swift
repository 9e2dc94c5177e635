internal import CCairo
import Foundation

/// PNG files in and out of memory, through Cairo's PNG streams.
///
/// Encoding writes what Cairo writes: 8 bits a channel, RGBA, or RGB when every pixel is
/// opaque. Decoding accepts any PNG Cairo reads (grey, palette, 16-bit, with or without alpha)
/// and always returns premultiplied ARGB32 pixels.
public enum PNGCodec {
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
    try checkChunks(data)
    if let image = try PNGDecoder.decode(data) { return image }
    // Cairo's surface and the copy made of it: Cairo says "out of memory" for a damaged file
    // too, so the memory is asked for first.
    if let header = try? PNGHeader(data) {
      try PixelImage.checkMemory(
        pixels: 2 * header.pixelCount, for: "decode a \(header.width)×\(header.height) PNG file")
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
