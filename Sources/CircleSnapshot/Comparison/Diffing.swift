import CircleRender
import Foundation

/// How to keep values of one kind as bytes and tell two of them apart: the one comparison that
/// `circles check`, `circles compare`, `circles diff` and `assertSnapshot` share.
///
/// A diffing is three functions: ``toData`` encodes a value to the bytes a golden file holds,
/// ``fromData`` decodes such bytes back, and ``diff`` compares an expected value with an actual
/// one and returns `nil` when there is nothing to tell, or a ``Difference``: a message plus the
/// artifacts that show it (the actual image, a diff image, a strip, the pixels counted and the
/// region that holds them). A difference may still match, when the options allow some pixels
/// to differ; ``Difference/matches`` says so.
///
/// Images are compared by ``png(_:)``; ``compare(expected:actual:decoding:budget:readingScenes:)``
/// compares two PNG files with it.
///
/// ```swift
/// let diffing = Diffing<PixelImage>.png(.tolerant)
/// if let difference = diffing.diff(golden, rendered), !difference.matches {
///   print(difference.message)  // "12 pixels differ (0.05%), first at 40,31, …"
///   let picture = try difference.diffImage()
/// }
/// ```
public struct Diffing<Value>: Sendable {
  /// Encodes a value as the bytes of its golden file.
  public var toData: @Sendable (Value) throws(RenderError) -> Data
  /// Decodes the bytes of a golden file.
  public var fromData: @Sendable (Data) throws(RenderError) -> Value
  /// Compares an expected value with an actual one: `nil` when they are equal and nothing is
  /// worth telling, else what differs.
  public var diff: @Sendable (_ expected: Value, _ actual: Value) -> Difference?

  /// Makes a diffing of the three functions.
  ///
  /// - Parameters:
  ///   - toData: encodes a value as the bytes of its golden file.
  ///   - fromData: decodes the bytes of a golden file.
  ///   - diff: compares an expected value with an actual one.
  public init(
    toData: @escaping @Sendable (Value) throws(RenderError) -> Data,
    fromData: @escaping @Sendable (Data) throws(RenderError) -> Value,
    diff: @escaping @Sendable (_ expected: Value, _ actual: Value) -> Difference?
  ) {
    self.toData = toData
    self.fromData = fromData
    self.diff = diff
  }
}

/// What a ``Diffing`` found between two images: a message, the counts and the region of the
/// differing pixels, and the pictures that show them, drawn when asked for.
public struct Difference: Sendable {
  /// The counts, the first differing pixel and the region that holds them all.
  public var comparison: ImageComparison
  /// The expected (golden) image.
  public var expected: PixelImage
  /// The actual image.
  public var actual: PixelImage

  /// Makes the difference of two images compared as `comparison` says.
  public init(comparison: ImageComparison, expected: PixelImage, actual: PixelImage) {
    self.comparison = comparison
    self.expected = expected
    self.actual = actual
  }

  /// One line for people: `12 pixels differ (0.05%), first at 40,31, all within 5x3 at 38,30`.
  public var message: String { comparison.summary }

  /// Whether the images still match: the differing pixels stay within the options' limit.
  public var matches: Bool { comparison.matches }

  /// Differences in red over a faded grey copy of the expected image, drawn with the
  /// comparison's options: the red pixels are exactly those it counted (those darker in the
  /// actual image in the options' darker colour, when one is set), ignored anti-aliased pixels
  /// are yellow and ignored regions hatched in blue. When the sizes differ the picture covers
  /// both, and every pixel only one image has is red.
  ///
  /// - Throws: `RenderError.outOfMemory` when the memory for the picture cannot be had.
  public func diffImage() throws(RenderError) -> PixelImage {
    try DiffImage.highlighting(expected: expected, actual: actual, options: comparison.options)
  }

  /// The golden | diff | actual strip: the three images side by side under their labels,
  /// scaled down by a whole factor when the strip would be wider or higher than 16384 pixels.
  ///
  /// - Parameters:
  ///   - diff: the diff image, from ``diffImage()``.
  ///   - names: the golden's and the actual image's names, for the panels' labels.
  /// - Throws: `RenderError.outOfMemory` when the memory for the strip cannot be had.
  public func strip(diff: PixelImage, names: (golden: String, actual: String)? = nil)
    throws(RenderError) -> PixelImage
  {
    try DiffImage.strip(expected: expected, diff: diff, actual: actual, names: names)
  }
}
