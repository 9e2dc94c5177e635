import CCairo
import CircleRender
import Foundation

/// Cairo's reading of a PNG file (libpng underneath), from memory, as premultiplied ARGB32: the
/// reference the tests hold circles' decoder to and the benchmarks time it against.
public enum CairoPNG {
  /// The file's pixels as Cairo reads them; nil when Cairo refuses the file.
  public static func decode(_ data: Data) -> PixelImage? {
    final class Source {
      let data: Data
      var offset = 0
      init(_ data: Data) { self.data = data }
    }
    let source = Source(data)
    let surface = withExtendedLifetime(source) {
      cairo_image_surface_create_from_png_stream(
        { closure, bytes, length in
          let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
          guard Int(length) <= source.data.count - source.offset else {
            return CAIRO_STATUS_READ_ERROR
          }
          source.data.copyBytes(to: bytes!, from: source.offset..<source.offset + Int(length))
          source.offset += Int(length)
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())!
    }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    let base = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { pixels, count in
      for row in 0..<height {
        let line = (base + row * stride).assumingMemoryBound(to: UInt32.self)
        // RGB24 leaves the alpha byte unset.
        for x in 0..<width { pixels[row * width + x] = opaque ? line[x] | 0xFF00_0000 : line[x] }
      }
      count = width * height
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}
