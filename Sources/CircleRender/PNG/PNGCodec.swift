internal import CCairo
import Foundation

/// PNG files in and out of memory.
///
/// Encoding writes what Cairo writes, through Cairo's PNG stream: 8 bits a channel, RGBA, or
/// RGB when every pixel is opaque. Decoding accepts any valid PNG (grey, palette, 1 to 16 bits,
/// interlaced or not, with or without alpha) and always returns premultiplied ARGB32 pixels.
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
  /// Files of 8 or 16 bits a sample, interlaced or not, of every colour type (grey, grey and
  /// alpha, RGB, RGBA, palette; with or without transparency) are decoded by `PNGDecoder` with
  /// igzip, 1.3 to 3 times as fast as libspng or Cairo (BENCHMARKS.md); others (1- to 4-bit)
  /// and damaged files go through libspng. Either way the pixels are libspng's and Cairo's.
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
    return try SpngDecoder.decode(data)
  }

  /// Collects the bytes Cairo writes.
  private final class Sink {
    var data = Data()
  }
}
