import CircleRender
import CircleSystem

/// The outcome of comparing an actual image with its expected (golden) image.
///
/// Create one with ``init(expected:actual:options:)``; it counts the pixels that differ beyond
/// the options' threshold, notes the first (in reading order) and the smallest rectangle holding
/// them all, and says whether the images ``matches`` under the options' limit. Images of
/// different sizes never match; their common top-left region is still compared.
///
/// ```swift
/// let result = ImageComparison(expected: golden, actual: rendered)
/// if !result.matches { print(result.summary) }  // "12 pixels differ (0.05%), first at 40,31, …"
/// ```
public struct ImageComparison: Hashable, Sendable, Codable {
  /// The size of the expected image.
  public var expectedSize: PixelSize
  /// The size of the actual image.
  public var actualSize: PixelSize
  /// Pixels that differ beyond the threshold and are not ignored as anti-aliasing.
  public var differingPixels: Int
  /// Pixels that differ but were ignored as anti-aliasing (0 unless the options ignore it).
  public var antialiasedPixels: Int
  /// How many pixels were compared: the region both images cover, but for the pixels of the
  /// options' ignored regions.
  public var comparedPixels: Int
  /// How many pixels of the region both images cover lie in the options' ignored regions,
  /// neither compared nor counted.
  public var ignoredPixels: Int
  /// The first differing pixel in reading order (top row first, left to right).
  public var firstDifference: PixelPoint?
  /// The smallest rectangle holding every differing pixel.
  public var differenceBounds: PixelRect?
  /// The options the images were compared with.
  public var options: ComparisonOptions

  /// Compares two images pixel by pixel.
  ///
  /// - Parameters:
  ///   - expected: the golden image.
  ///   - actual: the image just rendered.
  ///   - options: threshold, anti-aliasing and limit; exact by default.
  public init(expected: PixelImage, actual: PixelImage, options: ComparisonOptions = .exact) {
    let tally = PixelScanner(options: options).scan(expected, actual)
    self.init(expected: expected, actual: actual, tally: tally, options: options)
  }

  /// A comparison of two images whose sizes differ, made from their sizes alone (read from
  /// their files' headers, for example with `PNGHeader`), without decoding a pixel: it never
  /// matches, and no pixel was compared.
  ///
  /// - Parameters:
  ///   - expectedSize: the size of the golden image.
  ///   - actualSize: the size of the image just rendered.
  ///   - options: the options the images are compared with.
  package init(expectedSize: PixelSize, actualSize: PixelSize, options: ComparisonOptions = .exact)
  {
    self.expectedSize = expectedSize
    self.actualSize = actualSize
    differingPixels = 0
    antialiasedPixels = 0
    comparedPixels = 0
    ignoredPixels = 0
    self.options = options
  }

  init(
    expected: PixelImage, actual: PixelImage, tally: PixelScanner.Tally,
    options: ComparisonOptions
  ) {
    expectedSize = PixelSize(width: expected.width, height: expected.height)
    actualSize = PixelSize(width: actual.width, height: actual.height)
    differingPixels = tally.differing
    antialiasedPixels = tally.antialiased
    comparedPixels =
      min(expected.width, actual.width) * min(expected.height, actual.height) - tally.ignored
    ignoredPixels = tally.ignored
    firstDifference = tally.first
    differenceBounds = tally.bounds
    self.options = options
  }

  /// Whether both images have the same width and height.
  public var sizesMatch: Bool { expectedSize == actualSize }

  /// Whether the images match: same size, and differing pixels within the options' limit.
  public var matches: Bool {
    sizesMatch && options.limit.allows(differingPixels, of: comparedPixels)
  }

  /// The differing pixels as a share of the compared pixels, 0…1.
  public var differingShare: Double {
    comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels)
  }

  /// One line for people: `sizes differ: golden 400x300, actual 512x512`, `images match`, or
  /// `12 pixels differ (0.05%), first at 40,31, all within 5x3 at 38,30`.
  public var summary: String {
    if !sizesMatch {
      return "sizes differ: golden \(expectedSize), actual \(actualSize)"
    }
    guard differingPixels > 0 else {
      var left: [String] = []
      if antialiasedPixels > 0 { left.append("\(antialiasedPixels) anti-aliased pixels ignored") }
      if ignoredPixels > 0 { left.append("\(Self.pixels(ignoredPixels)) in ignored regions") }
      return left.isEmpty ? "images match" : "images match (\(left.joined(separator: ", ")))"
    }
    var text = "\(Self.pixels(differingPixels)) differ (\(Self.percent(differingShare)))"
    if let firstDifference { text += ", first at \(firstDifference)" }
    if let differenceBounds { text += ", all within \(differenceBounds)" }
    if differingPixels > 0, matches { text += "; within the limit of \(options.limit)" }
    if ignoredPixels > 0 { text += "; \(Self.pixels(ignoredPixels)) in ignored regions" }
    return text
  }

  static func pixels(_ count: Int) -> String { Plural.count(count, "pixel") }

  /// A share as a percentage with enough digits to tell a small one from zero.
  static func percent(_ share: Double) -> String {
    let value = share * 100
    if value == 0 { return "0%" }
    if value >= 1 { return formatted(value, digits: 1) + "%" }
    if value < 0.001 { return "<0.001%" }
    return formatted(value, digits: 3) + "%"
  }

  private static func formatted(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

extension ImageComparison {
  /// The comparison of two images of the same size with the same pixels, made without a pixel
  /// scanned: nothing differs, and the pixels of the options' ignored regions are left out.
  init(identical size: PixelSize, options: ComparisonOptions) {
    self.init(expectedSize: size, actualSize: size, options: options)
    ignoredPixels =
      IgnoredBands(options.ignoredRegions, width: size.width, height: size.height).pixelCount
    comparedPixels = size.width * size.height - ignoredPixels
  }
}
