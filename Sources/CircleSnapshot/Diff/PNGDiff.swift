import CircleRender
import CircleSystem
import Foundation

/// `circles diff` as one library call: two PNG files compared, and a diff image and a strip
/// written when asked for.
///
/// Files of different sizes are only decoded when a picture is asked for; the diff image then
/// covers both, the region they share compared and the rest red. Each picture is written whole
/// or not at all, on its own: a strip that cannot be made leaves the diff image written.
///
/// ```swift
/// let outcome = try PNGDiff(diffImage: URL(fileURLWithPath: "diff.png"))
///   .run(expected: goldenData, actual: frameData)
/// print(outcome.comparison.lines.joined(separator: "\n"))
/// ```
package struct PNGDiff: Sendable {
  /// How strictly the pixels must agree.
  package var options: ComparisonOptions
  /// Where to write the diff image, if anywhere.
  package var diffImage: URL?
  /// Where to write the golden | diff | actual strip, if anywhere.
  package var strip: URL?

  /// Describes a diff.
  ///
  /// - Parameters:
  ///   - options: how strictly the pixels must agree; exact by default.
  ///   - diffImage: where to write the diff image, if anywhere.
  ///   - strip: where to write the strip, if anywhere.
  package init(options: ComparisonOptions = .exact, diffImage: URL? = nil, strip: URL? = nil) {
    self.options = options
    self.diffImage = diffImage
    self.strip = strip
  }

  /// What a diff found and wrote.
  package struct Outcome: Sendable {
    /// The comparison of the two files.
    package var comparison: PNGComparison
    /// The pictures written, in the order asked for.
    package var written: [Picture] = []
    /// The pictures that could not be made or written, each with its error (a
    /// `RenderError.cannotWrite` or `.outOfMemory`).
    package var failed: [(picture: Picture, error: RenderError)] = []
  }

  /// A picture a diff writes.
  package enum Picture: String, Sendable {
    /// The diff image.
    case diffImage = "diff image"
    /// The golden | diff | actual strip.
    case strip
  }

  /// Compares the files and writes the pictures asked for.
  ///
  /// - Parameters:
  ///   - expected: the bytes of the reference PNG.
  ///   - actual: the bytes of the PNG to check.
  /// - Returns: the comparison, and which pictures were written or failed.
  /// - Throws: ``PNGComparison/Failure`` when either file is not a PNG or cannot be decoded, or
  ///   its memory cannot be had.
  package func run(expected: Data, actual: Data) throws(PNGComparison.Failure) -> Outcome {
    let wantsPictures = diffImage != nil || strip != nil
    let comparison = try PNGComparison(
      expected: expected, actual: actual, options: options,
      decoding: wantsPictures ? .always : .whenSizesMatch)
    var outcome = Outcome(comparison: comparison)
    guard wantsPictures else { return outcome }
    let encode = options.diffing.toData
    let diff: PixelImage?
    do {
      diff = try comparison.diffImage()
    } catch {
      if diffImage != nil { outcome.failed.append((.diffImage, error)) }
      if strip != nil { outcome.failed.append((.strip, error)) }
      return outcome
    }
    guard let diff, let expectedImage = comparison.expected, let actualImage = comparison.actual
    else { return outcome }
    if let diffImage {
      do {
        let data = try encode(diff)
        try RenderError.writing { () throws(FileError) in
          try AtomicFile.write(data, to: diffImage)
        }
        outcome.written.append(.diffImage)
      } catch {
        outcome.failed.append((.diffImage, error))
      }
    }
    if let strip {
      do {
        let picture = try DiffImage.strip(expected: expectedImage, diff: diff, actual: actualImage)
        let data = try encode(picture)
        try RenderError.writing { () throws(FileError) in try AtomicFile.write(data, to: strip) }
        outcome.written.append(.strip)
      } catch {
        outcome.failed.append((.strip, error))
      }
    }
    return outcome
  }
}
