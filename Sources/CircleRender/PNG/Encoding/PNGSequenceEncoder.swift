internal import CCairo
import Foundation

/// Encodes the frames of a sequence as PNG files, each reusing the compressed bands of rows
/// that are the same as in the frame before.
///
/// `prepare` filters a picture into scanlines on the calling thread (cheap, and the picture
/// may change right after); the returned `PreparedPNG` compresses what is new and assembles
/// the file on any thread. The bytes are those `PNGWriter.encode` gives for the same picture.
package final class PNGSequenceEncoder {
  /// How hard to compress.
  package let compression: PNGCompression
  private var previous: PNGBands?
  /// Scanline memory handed from frame to frame.
  let pool = ScanlinePool()

  /// Creates an encoder with nothing encoded yet.
  package init(compression: PNGCompression = .default) {
    self.compression = compression
  }

  /// Prepares the renderer's current picture.
  ///
  /// - Throws: `RenderError.emptyImage` when the renderer has drawn nothing yet, or
  ///   `.outOfMemory` when the scanlines' memory cannot be had.
  package func prepare(_ renderer: IncrementalRenderer) throws(RenderError) -> PreparedPNG {
    guard let surface = renderer.surfaceForReading else {
      throw .emptyImage(width: 0, height: 0)
    }
    cairo_surface_flush(surface.pointer)
    let layout = PixelLayout(
      base: UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!),
      width: surface.width, height: surface.height,
      stride: Int(cairo_image_surface_get_stride(surface.pointer)))
    return try prepare(layout)
  }

  /// Prepares a picture held in memory.
  ///
  /// - Throws: `RenderError.emptyImage` or `.imageTooLarge` for a size out of 1…16384 a side,
  ///   or `.outOfMemory` when the scanlines' memory cannot be had.
  package func prepare(_ image: PixelImage) throws(RenderError) -> PreparedPNG {
    try PixelLayout.check(width: image.width, height: image.height)
    let prepared = image.pixels.withUnsafeBytes { bytes in
      Result { () throws(RenderError) in
        try prepare(
          PixelLayout(
            base: bytes.baseAddress!, width: image.width, height: image.height,
            stride: image.width * 4))
      }
    }
    return try prepared.get()
  }

  private func prepare(_ layout: PixelLayout) throws(RenderError) -> PreparedPNG {
    let bands = try PNGBands(
      layout, settings: compression.settings, previous: previous, pool: pool)
    previous = bands
    return PreparedPNG(bands: bands)
  }
}
