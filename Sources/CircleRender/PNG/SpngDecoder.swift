import CSpng
import Foundation

/// Decodes any PNG through libspng (Debian's `libspng-dev`): what `PNGDecoder` leaves, i.e.
/// 1-, 2- and 4-bit files, and every damaged one, whose error libspng names.
///
/// libspng expands to straight 8-bit RGBA with the transparency chunk applied
/// (`SPNG_DECODE_TRNS`), which is then premultiplied with Cairo's rounding, so that its pixels
/// are Cairo's; the tests compare the two on every kind of file.
///
/// The header is read first and the image's size checked (16384 a side, and the memory for the
/// image, which libspng decodes into) before anything is allocated; libspng's own limits are set to
/// the same size and its chunk limits to what the file holds, so no chunk makes it allocate more
/// than the file's size.
enum SpngDecoder {
  /// The image.
  ///
  /// - Throws: `RenderError.imageTooLarge` for more than 16384 pixels a side,
  ///   `.damagedPNG` with libspng's reason ("invalid chunk checksum", "the file ends too early",
  ///   …) for a file it cannot decode, `.outOfMemory` when the memory for the image cannot be had.
  static func decode(_ data: Data) throws(RenderError) -> PixelImage {
    guard let context = spng_ctx_new(0) else {
      throw .outOfMemory(operation: "start a PNG decoder")
    }
    defer { spng_ctx_free(context) }
    return try data.withUnsafeBytes { bytes in
      Result { () throws(RenderError) in try decode(bytes, with: context) }
    }.get()
  }

  private static func decode(_ bytes: UnsafeRawBufferPointer, with context: OpaquePointer)
    throws(RenderError) -> PixelImage
  {
    let side = UInt32(CairoSurface.maximumSide)
    let limit = min(max(bytes.count, 1 << 16), Int(Int32.max))
    try check(spng_set_image_limits(context, side, side))
    try check(spng_set_chunk_limits(context, limit, limit))
    try check(spng_set_png_buffer(context, bytes.baseAddress, bytes.count))
    var header = spng_ihdr()
    try check(spng_get_ihdr(context, &header))
    let width = Int(header.width)
    let height = Int(header.height)
    guard width <= CairoSurface.maximumSide, height <= CairoSurface.maximumSide else {
      throw .imageTooLarge(width: width, height: height)
    }
    let operation = "decode a \(width)×\(height) PNG file"
    try PixelImage.checkMemory(pixels: width * height, for: operation)
    let format = Int32(SPNG_FMT_RGBA8.rawValue)
    var size = 0
    try check(spng_decoded_image_size(context, format, &size))
    guard size == 4 * width * height else { throw .outOfMemory(operation: operation) }
    // libspng writes its RGBA bytes straight into the image's storage, four to a pixel, and each
    // pixel is then made premultiplied ARGB32 where it lies (its bytes read before they are
    // written over), so the decode holds one image, not two.
    var status: Int32 = 0
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, written in
      PixelImage.adviseHugePages(buffer)
      let raw = UnsafeMutableRawPointer(buffer.baseAddress)
      status = spng_decode_image(context, raw, size, format, Int32(SPNG_DECODE_TRNS.rawValue))
      guard status == 0, let raw else {
        written = 0
        return
      }
      for index in 0..<width * height {
        // R, G, B, A in memory order.
        let rgba = UInt32(littleEndian: raw.load(fromByteOffset: 4 * index, as: UInt32.self))
        buffer[index] = PixelExpansion.premultiplied(
          UInt8(truncatingIfNeeded: rgba), UInt8(truncatingIfNeeded: rgba >> 8),
          UInt8(truncatingIfNeeded: rgba >> 16), UInt8(truncatingIfNeeded: rgba >> 24))
      }
      written = width * height
    }
    try check(status)
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Turns a libspng status into the error it stands for.
  private static func check(_ status: Int32) throws(RenderError) {
    guard status != 0 else { return }
    switch status {
    case Int32(SPNG_EMEM.rawValue):
      throw .outOfMemory(operation: "decode a PNG file")
    case Int32(SPNG_EOF.rawValue):
      throw .damagedPNG(reason: "the file ends too early")
    case Int32(SPNG_EIDAT_TOO_SHORT.rawValue):
      throw .damagedPNG(reason: "the image data ends too early")
    case Int32(SPNG_EWIDTH.rawValue), Int32(SPNG_EHEIGHT.rawValue),
      Int32(SPNG_EUSER_WIDTH.rawValue), Int32(SPNG_EUSER_HEIGHT.rawValue):
      throw .damagedPNG(reason: "invalid image size")
    default:
      throw .damagedPNG(reason: String(cString: spng_strerror(status)))
    }
  }
}
