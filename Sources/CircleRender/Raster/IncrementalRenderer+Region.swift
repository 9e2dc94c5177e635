internal import CCairo
import Foundation

extension IncrementalRenderer {
  /// Encodes a rectangle of the current picture as a PNG file of its own, read in place from
  /// the surface: the pixels a viewer draws over the picture before to show this one.
  ///
  /// - Parameters:
  ///   - rect: the rectangle, in pixels; the part outside the picture is left out.
  ///   - compression: speed against size; `.default` unless given.
  /// - Returns: the PNG file, the size of the rectangle within the picture.
  /// - Throws: `RenderError.emptyImage` before the first update or when the rectangle holds no
  ///   pixel of the picture.
  package func encodePNG(
    of rect: PixelRect, compression: PNGCompression = .default
  ) throws(RenderError) -> Data {
    guard let surface = surfaceForReading else { throw .emptyImage(width: 0, height: 0) }
    let minX = max(0, rect.minX)
    let minY = max(0, rect.minY)
    let width = min(surface.width, rect.maxX) - minX
    let height = min(surface.height, rect.maxY) - minY
    guard width > 0, height > 0 else {
      throw .emptyImage(width: max(0, width), height: max(0, height))
    }
    cairo_surface_flush(surface.pointer)
    let stride = Int(cairo_image_surface_get_stride(surface.pointer))
    let base = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!)
    let layout = PixelLayout(
      base: base + minY * stride + minX * 4, width: width, height: height, stride: stride)
    return try PNGWriter.encode(layout, settings: compression.settings)
  }
}
