import CircleRender

/// Pictures that show people where two images differ.
///
/// ``highlighting(expected:actual:options:)`` paints differing pixels red (those darker in the
/// actual image in the options' darker colour, when one is set, and anti-aliased pixels that the
/// options ignore yellow, and the options' ignored regions hatched in blue) over a faded grey
/// copy of the golden image;
/// ``strip(expected:diff:actual:)`` puts golden, diff and actual side by side under their
/// labels. Both return a `PixelImage`, ready for `PNGCodec.encode`.
package enum DiffImage {
  /// The opaque red of changed pixels, `#ff0000`.
  package static let changedColour: UInt32 = PixelScanner.changedColour
  /// The opaque yellow of ignored anti-aliased pixels, `#ffd700`.
  package static let antialiasedColour: UInt32 = PixelScanner.antialiasedColour
  /// The blue of the diagonal stripes over ignored regions, `#6b7fd7`; the faded golden shows
  /// between them.
  package static let ignoredColour: UInt32 = PixelScanner.ignoredColour
  /// The mid grey between the panels of a strip.
  package static let separatorColour: UInt32 = 0xFF80_8080
  /// The width in pixels of the separator between the panels of a strip.
  package static let separatorWidth = 4

  /// Paints the differences between two images over a faded grey copy of the expected one.
  ///
  /// When the sizes differ the picture covers both: the region both images cover is compared,
  /// and every pixel that only one image has is red.
  ///
  /// - Parameters:
  ///   - expected: the golden image.
  ///   - actual: the image just rendered.
  ///   - options: the same options as the comparison, so that the red pixels are exactly the
  ///     ones it counted.
  /// - Returns: an opaque image as wide and as high as the larger of the two.
  /// - Throws: `RenderError.outOfMemory` when the memory for the picture cannot be had.
  package static func highlighting(
    expected: PixelImage, actual: PixelImage, options: ComparisonOptions = .exact
  ) throws(RenderError) -> PixelImage {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    var image = try PixelImage(width: width, height: height, repeating: changedColour)
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = PixelScanner(options: options).scan(expected, actual, output: base, outputWidth: width)
    }
    return image
  }
}
