import CircleRender

/// Pictures that show people where two images differ.
///
/// ``highlighting(expected:actual:options:)`` paints differing pixels red (and anti-aliased
/// pixels that the options ignore yellow) over a faded grey copy of the golden image;
/// ``strip(expected:diff:actual:)`` puts golden, diff and actual side by side. Both return a
/// `PixelImage`, ready for `PNGCodec.encode`.
public enum DiffImage {
  /// The opaque red of changed pixels, `#ff0000`.
  public static let changedColour: UInt32 = PixelScanner.changedColour
  /// The opaque yellow of ignored anti-aliased pixels, `#ffd700`.
  public static let antialiasedColour: UInt32 = PixelScanner.antialiasedColour
  /// The mid grey between the panels of a strip.
  public static let separatorColour: UInt32 = 0xFF80_8080
  /// The width in pixels of the separator between the panels of a strip.
  public static let separatorWidth = 4

  /// Paints the differences between two images over a faded grey copy of the expected one.
  ///
  /// When the sizes differ the picture covers both; every pixel that only one image has is red.
  ///
  /// - Parameters:
  ///   - expected: the golden image.
  ///   - actual: the image just rendered.
  ///   - options: the same options as the comparison, so that the red pixels are exactly the
  ///     ones it counted.
  /// - Returns: an opaque image as wide and as high as the larger of the two.
  public static func highlighting(
    expected: PixelImage, actual: PixelImage, options: ComparisonOptions = .exact
  ) -> PixelImage {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    var pixels = [UInt32](repeating: changedColour, count: width * height)
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = PixelScanner(options: options).scan(expected, actual, output: base, outputWidth: width)
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Places three images side by side, separated by grey bars: golden | diff | actual.
  ///
  /// Images lower than the strip are aligned to its top and transparent below.
  public static func strip(expected: PixelImage, diff: PixelImage, actual: PixelImage)
    -> PixelImage
  {
    let panels = [expected, diff, actual]
    let width = panels.reduce(0) { $0 + $1.width } + 2 * separatorWidth
    let height = panels.map(\.height).max() ?? 0
    var pixels = [UInt32](repeating: 0, count: width * height)
    var left = 0
    for (index, panel) in panels.enumerated() {
      for y in 0..<panel.height {
        let source = y * panel.width
        let target = y * width + left
        pixels.replaceSubrange(
          target..<target + panel.width, with: panel.pixels[source..<source + panel.width])
      }
      left += panel.width
      if index < panels.count - 1 {
        for y in 0..<height {
          let start = y * width + left
          pixels.replaceSubrange(
            start..<start + separatorWidth,
            with: repeatElement(separatorColour, count: separatorWidth))
        }
        left += separatorWidth
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}
