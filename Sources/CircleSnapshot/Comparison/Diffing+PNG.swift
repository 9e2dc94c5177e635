import CircleRender
import Foundation

extension Diffing where Value == PixelImage {
  /// Images kept as PNG files and compared pixel by pixel under `options`: the diffing of
  /// every golden image.
  ///
  /// ``toData`` encodes with the package's zlib encoder, ``fromData`` decodes any PNG file
  /// (8 or 16 bits, interlaced or not), and ``diff`` counts the pixels that differ beyond the
  /// options' threshold, outside their ignored regions, leaving out anti-aliasing when they
  /// say so. It returns `nil` when no pixel differs, none was left out as anti-aliasing and
  /// none lies in an ignored region; otherwise a ``Difference``, which may still match under
  /// the options' limit.
  ///
  /// - Parameter options: how strictly the pixels must agree; exact by default.
  public static func png(_ options: ComparisonOptions = .exact) -> Diffing<PixelImage> {
    Diffing(
      toData: { (image) throws(RenderError) in try PNGWriter.encode(image) },
      fromData: { (data) throws(RenderError) in try PNGCodec.decode(data) },
      diff: { expected, actual in
        let comparison = ImageComparison(expected: expected, actual: actual, options: options)
        let nothingToTell =
          comparison.sizesMatch && comparison.differingPixels == 0
          && comparison.antialiasedPixels == 0 && comparison.ignoredPixels == 0
        return nothingToTell
          ? nil : Difference(comparison: comparison, expected: expected, actual: actual)
      })
  }
}

extension ComparisonOptions {
  /// The diffing that compares images under these options, ``Diffing/png(_:)``.
  public var diffing: Diffing<PixelImage> { .png(self) }
}
