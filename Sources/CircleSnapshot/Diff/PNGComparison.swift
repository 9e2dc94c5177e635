import CircleRender
import Foundation

/// The comparison of two PNG files, as `circles diff a.png b.png` shows it: pixels, a diff
/// image, and, when both files carry a scene, what changed in it.
public struct PNGComparison: Sendable {
  /// The decoded expected image.
  public var expected: PixelImage
  /// The decoded actual image.
  public var actual: PixelImage
  /// The pixel comparison of the two decoded images.
  public var comparison: ImageComparison
  /// How strictly the pixels were compared.
  public var options: ComparisonOptions
  /// Differences in red over a faded copy of the expected image, drawn when asked for.
  public var diffImage: PixelImage {
    DiffImage.highlighting(expected: expected, actual: actual, options: options)
  }
  /// The semantic diff from the expected file's scene to the actual one's; `nil` unless both
  /// carry a scene.
  public var sceneDiff: [String]?
  /// Notes for people, such as the two files having been rendered by different renderers.
  public var notes: [String]

  /// Decodes and compares two PNG files.
  ///
  /// - Parameters:
  ///   - expected: the bytes of the reference PNG.
  ///   - actual: the bytes of the PNG to check.
  ///   - options: how strictly the pixels must agree; exact by default.
  ///   - expectedFile: where the expected bytes come from, to find the scene of a golden that
  ///     keeps it in its folder's history.
  ///   - actualFile: the same for the actual bytes.
  /// - Throws: `RenderError` when either file is not a PNG or cannot be decoded.
  public init(
    expected: Data, actual: Data, options: ComparisonOptions = .exact, expectedFile: URL? = nil,
    actualFile: URL? = nil
  ) throws(RenderError) {
    let one = try PNGCodec.decode(expected)
    let two = try PNGCodec.decode(actual)
    self.expected = one
    self.actual = two
    comparison = ImageComparison(expected: one, actual: two, options: options)
    self.options = options
    let first = try? expectedFile.map { try GoldenMetadata(png: expected, file: $0) }
      ?? GoldenMetadata(png: expected)
    let second = try? actualFile.map { try GoldenMetadata(png: actual, file: $0) }
      ?? GoldenMetadata(png: actual)
    if let before = first?.scene, let after = second?.scene {
      sceneDiff = SceneDiff.lines(from: before, to: after)
    }
    notes = []
    if let before = first?.renderer, let after = second?.renderer, before != after {
      notes.append("rendered with \(before) and \(after)")
    }
  }

  /// The report's lines: the summary, then `scene: …` and `note: …` lines.
  public var lines: [String] {
    var lines = [comparison.summary]
    lines += (sceneDiff ?? []).map { "scene: \($0)" }
    lines += notes.map { "note:  \($0)" }
    return lines
  }
}
