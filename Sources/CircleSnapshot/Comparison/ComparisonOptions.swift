import CircleCanvas
import CircleRender
import CircleSystem

/// How strictly two images must agree for a snapshot to pass.
///
/// The default, ``exact``, fits goldens rendered by the same Cairo: every pixel must hold the
/// same premultiplied ARGB value and no pixel may differ. Goldens made on another machine or with
/// another Cairo may differ in the last bit of anti-aliased edges; ``tolerant`` forgives that.
///
/// ```swift
/// // Exact: one changed pixel fails.
/// let exact = ComparisonOptions.exact
/// // Colours closer than 10 % of the largest perceptual distance are equal, anti-aliased edge
/// // pixels are ignored, and up to 0.1 % of the pixels may still differ.
/// let loose = ComparisonOptions(threshold: 0.1, ignoresAntialiasing: true, limit: .share(0.001))
/// // As above, semi-transparent pixels measured over white, darker pixels painted green.
/// let light = ComparisonOptions(
///   threshold: 0.1, background: .white, darkerColour: Colour(red: 0, green: 255, blue: 0))
/// ```
public struct ComparisonOptions: Hashable, Sendable, Codable {
  /// The per-pixel colour threshold, 0…1, on the scale of pixelmatch's YIQ threshold.
  ///
  /// Two pixels match when their perceptual (YIQ) distance, after blending each over the
  /// ``background`` by its alpha, is at most `threshold² × 35215` (35215 is the largest distance
  /// the measure gives).
  /// `0` (the default) compares the raw premultiplied values: any change of any channel counts.
  /// `0.1` is pixelmatch's default and forgives rounding in anti-aliasing; red against white
  /// needs about `0.82` to pass, black against white about `0.97`; `1` accepts everything.
  public var threshold: Double
  /// Whether pixels that look like anti-aliasing (on an edge between two flat areas, in either
  /// image) are left out of the count; they are counted apart as ``ImageComparison/antialiasedPixels``.
  ///
  /// Off in ``exact``; on in ``tolerant``. Turn it off to see every edge pixel that moved.
  public var ignoresAntialiasing: Bool
  /// How many pixels may differ (beyond the threshold) while the images still match.
  public var limit: DifferenceLimit
  /// What semi-transparent pixels are blended over before their colours are measured, when the
  /// threshold is above 0 (at 0 raw values are compared, so a transparent pixel never equals a
  /// white one).
  ///
  /// ``ComparisonBackground/checkerboard`` by default, as in pixelmatch 7: over white, a
  /// transparent pixel and a white one look the same, so a threshold would let a golden drawn
  /// on a transparent canvas pass against a frame drawn on white. Choose
  /// ``ComparisonBackground/white`` to measure pixels as they look on a white page.
  public var background: ComparisonBackground
  /// The colour that diff images paint differing pixels in when the actual pixel is darker than
  /// the golden's (pixelmatch's `diffColorAlt`); `nil`, the default, paints them red like the
  /// others. It changes no count.
  public var darkerColour: Colour?
  /// Rectangles whose pixels do not count (a clock, a random avatar): a difference inside one is
  /// neither counted nor painted, and diff images show the regions hatched. Empty by default.
  ///
  /// A region partly outside the images counts for the part inside; one wholly outside changes
  /// nothing. The pixels inside are left out of ``ImageComparison/comparedPixels`` and counted
  /// as ``ImageComparison/ignoredPixels``, so a share limit is a share of the pixels that count.
  public var ignoredRegions: [PixelRect]

  /// Creates options; the defaults are those of ``exact``.
  public init(
    threshold: Double = 0, ignoresAntialiasing: Bool = false, limit: DifferenceLimit = .count(0),
    background: ComparisonBackground = .checkerboard, darkerColour: Colour? = nil
  ) {
    self.init(
      threshold: threshold, ignoresAntialiasing: ignoresAntialiasing, limit: limit,
      background: background, darkerColour: darkerColour, ignoring: [])
  }

  /// Creates options with regions that do not count (``ignoredRegions``); the other defaults
  /// are those of ``exact``.
  public init(
    threshold: Double = 0, ignoresAntialiasing: Bool = false, limit: DifferenceLimit = .count(0),
    background: ComparisonBackground = .checkerboard, darkerColour: Colour? = nil,
    ignoring ignoredRegions: [PixelRect]
  ) {
    self.threshold = min(1, max(0, threshold))
    self.ignoresAntialiasing = ignoresAntialiasing
    self.limit = limit
    self.background = background
    self.darkerColour = darkerColour
    self.ignoredRegions = ignoredRegions
  }

  /// Every pixel identical: threshold 0, anti-aliasing counted, no differing pixel allowed.
  public static let exact = ComparisonOptions()
  /// pixelmatch's defaults: threshold 0.1, anti-aliased pixels ignored, semi-transparent pixels
  /// over the checkerboard, no other pixel may differ.
  public static let tolerant = ComparisonOptions(threshold: 0.1, ignoresAntialiasing: true)

  /// The largest YIQ distance two pixels may have and still match.
  var maximumDelta: Double { 35215 * threshold * threshold }
}

/// What semi-transparent pixels are blended over before two of them are measured.
public enum ComparisonBackground: String, Hashable, Sendable, Codable, CaseIterable {
  /// pixelmatch 7's pattern: each pixel gets its own dark or light background colour (red 48;
  /// green and blue each 48 or 207, changing along the image's pixels at two irrational rates),
  /// so that a pixel's transparency shows as a change of colour whatever the pixel's own colour.
  case checkerboard
  /// Opaque white: pixels are measured as they look on a white page.
  case white
}

/// The number of differing pixels that still lets two images match.
public enum DifferenceLimit: Hashable, Sendable, Codable, CustomStringConvertible {
  /// At most this many pixels (`.count(0)`: none).
  case count(Int)
  /// At most this share of all pixels, 0…1 (`.share(0.01)`: one pixel in a hundred).
  case share(Double)

  /// Whether `differing` pixels out of `total` stay within the limit.
  public func allows(_ differing: Int, of total: Int) -> Bool {
    switch self {
    case .count(let count): differing <= count
    case .share(let share): Double(differing) <= share * Double(total)
    }
  }

  /// `12 pixels` or `0.5%`.
  public var description: String {
    switch self {
    case .count(let count): Plural.count(count, "pixel")
    case .share(let share): "\(Point.format(share * 100))%"
    }
  }

  /// Parses `12` (a count) or `0.5%` (a share in percent); `nil` for anything else.
  package init?(parsing text: String) {
    if text.hasSuffix("%") {
      guard let percent = Double(text.dropLast()), percent.isFinite, (0...100).contains(percent)
      else { return nil }
      self = .share(percent / 100)
    } else {
      guard let count = Int(text), count >= 0 else { return nil }
      self = .count(count)
    }
  }
}
