internal import CCairo
import CircleCanvas

/// An ARGB32 Cairo image surface, owned: destroyed when the object goes away.
final class CairoSurface {
  /// The largest side Cairo and the canvas accept, in pixels.
  static let maximumSide = 16384

  let pointer: OpaquePointer
  let width: Int
  let height: Int

  /// Creates a clear (transparent black) ARGB32 surface.
  ///
  /// - Throws: `RenderError.emptyImage` or `.imageTooLarge` for a size out of range, or
  ///   `.outOfMemory` when Cairo cannot allocate it.
  init(width: Int, height: Int) throws(RenderError) {
    guard width > 0, height > 0 else { throw .emptyImage(width: width, height: height) }
    guard width <= Self.maximumSide, height <= Self.maximumSide else {
      throw .imageTooLarge(width: width, height: height)
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let status = cairo_surface_status(surface)
    guard status.isSuccess else {
      cairo_surface_destroy(surface)
      throw RenderError(status, "create a \(width)×\(height) surface")
    }
    self.pointer = surface
    self.width = width
    self.height = height
  }

  /// Takes ownership of a surface Cairo created; it must not be in an error state.
  init(adopting surface: OpaquePointer) {
    self.pointer = surface
    self.width = Int(cairo_image_surface_get_width(surface))
    self.height = Int(cairo_image_surface_get_height(surface))
  }

  /// Creates a surface holding a copy of an image's pixels.
  convenience init(_ image: PixelImage) throws(RenderError) {
    try self.init(width: image.width, height: image.height)
    cairo_surface_flush(pointer)
    let stride = Int(cairo_image_surface_get_stride(pointer))
    let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!)
    image.pixels.withUnsafeBytes { source in
      let rowBytes = width * 4
      for row in 0..<height {
        let from = source.baseAddress! + row * rowBytes
        (base + row * stride).copyMemory(from: from, byteCount: rowBytes)
      }
    }
    cairo_surface_mark_dirty(pointer)
  }

  deinit {
    cairo_surface_destroy(pointer)
  }

  /// The surface's format as Cairo reports it.
  var format: cairo_format_t { cairo_image_surface_get_format(pointer) }

  /// A copy of the pixels; the surface must be ARGB32.
  func pixelImage() -> PixelImage {
    precondition(format == CAIRO_FORMAT_ARGB32)
    cairo_surface_flush(pointer)
    let stride = Int(cairo_image_surface_get_stride(pointer))
    let base = UnsafeRawPointer(cairo_image_surface_get_data(pointer)!)
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
      let target = UnsafeMutableRawBufferPointer(buffer)
      let rowBytes = width * 4
      for row in 0..<height {
        (target.baseAddress! + row * rowBytes)
          .copyMemory(from: base + row * stride, byteCount: rowBytes)
      }
      count = width * height
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}
