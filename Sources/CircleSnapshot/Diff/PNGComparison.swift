import CircleRender
import CircleSystem
import Foundation

/// The comparison of two PNG files, as `circles diff a.png b.png` shows it: pixels, a diff
/// image, and, when both files carry a scene, what changed in it.
///
/// The sizes are compared from the files' headers first. Files whose sizes differ are only
/// decoded when ``Decoding-swift.enum/always`` asks for it (to draw a diff image of the region
/// both cover); otherwise the answer is "sizes differ" with no pixel decoded, whatever sizes the
/// headers declare. Decoding holds a reservation of ``budget`` for both images, and the two are
/// decoded at the same time, one a thread.
public struct PNGComparison: Sendable {
  /// When the files' pixels are decoded.
  public enum Decoding: Sendable {
    /// Only when the headers declare the same size.
    case whenSizesMatch
    /// Always, so that a diff image can be drawn for files of different sizes too.
    case always
  }

  /// The decoded expected image; `nil` when the sizes differ and it was not decoded.
  public var expected: PixelImage?
  /// The decoded actual image; `nil` when the sizes differ and it was not decoded.
  public var actual: PixelImage?
  /// The pixel comparison of the two images (from their sizes alone when they were not
  /// decoded).
  public var comparison: ImageComparison
  /// How strictly the pixels were compared.
  public var options: ComparisonOptions
  /// The semantic diff from the expected file's scene to the actual one's; `nil` unless both
  /// carry a scene.
  public var sceneDiff: [String]?
  /// Notes for people, such as the two files having been rendered by different renderers.
  public var notes: [String]

  /// Reads both headers, then decodes and compares the two PNG files as `decoding` says.
  ///
  /// - Parameters:
  ///   - expected: the bytes of the reference PNG.
  ///   - actual: the bytes of the PNG to check.
  ///   - options: how strictly the pixels must agree; exact by default.
  ///   - decoding: whether files of different sizes are decoded; by default they are not.
  ///   - budget: the pixel budget the decodes reserve from; ``PixelBudget/decoding`` by default.
  /// - Throws: `RenderError` when either file is not a PNG or cannot be decoded, or
  ///   `.outOfMemory` when the memory for the images cannot be had.
  public init(
    expected: Data, actual: Data, options: ComparisonOptions = .exact,
    decoding: Decoding = .whenSizesMatch, budget: PixelBudget = .decoding
  ) throws(RenderError) {
    let headers = (try PNGHeader(expected), try PNGHeader(actual))
    let sizes = (
      PixelSize(width: headers.0.width, height: headers.0.height),
      PixelSize(width: headers.1.width, height: headers.1.height)
    )
    self.options = options
    let metadata: (GoldenMetadata?, GoldenMetadata?)
    if sizes.0 != sizes.1, decoding == .whenSizesMatch {
      comparison = ImageComparison(expectedSize: sizes.0, actualSize: sizes.1, options: options)
      metadata = (Self.metadata(of: expected), Self.metadata(of: actual))
    } else {
      let decoded = try budget.reserving(headers.0.pixelCount + headers.1.pixelCount) {
        () throws(RenderError) in try Self.decodeBoth(expected, actual)
      }
      self.expected = decoded.images.0
      self.actual = decoded.images.1
      metadata = decoded.metadata
      comparison = ImageComparison(
        expected: decoded.images.0, actual: decoded.images.1, options: options)
    }
    let (first, second) = metadata
    if let before = first?.scene, let after = second?.scene {
      sceneDiff = SceneDiff.lines(from: before, to: after)
    }
    notes = []
    if let before = first?.renderer, let after = second?.renderer, before != after {
      notes.append("rendered with \(before) and \(after)")
    }
  }

  /// Differences in red over a faded copy of the expected image (the region both images cover;
  /// the rest red); `nil` when the images were not decoded.
  ///
  /// - Throws: `RenderError.outOfMemory` when the memory for the picture cannot be had.
  public func diffImage() throws(RenderError) -> PixelImage? {
    guard let expected, let actual else { return nil }
    return try DiffImage.highlighting(expected: expected, actual: actual, options: options)
  }

  /// The report's lines: the summary, then `scene: …` and `note: …` lines.
  public var lines: [String] {
    var lines = [comparison.summary]
    lines += (sceneDiff ?? []).map { "scene: \($0)" }
    lines += notes.map { "note:  \($0)" }
    return lines
  }

  /// The file's metadata, when it may hold some: only files in which the name of a text chunk
  /// occurs are parsed (a file of Cairo's has none; parsing checks every chunk's CRC).
  private static func metadata(of data: Data) -> GoldenMetadata? {
    // Both names have `Xt` in the middle and end: look for each X, then at its neighbours.
    let holdsText = data.withUnsafeBytes { raw -> Bool in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count >= 4 else {
        return false
      }
      var offset = 2
      while offset < raw.count - 1,
        let found = memchr(base + offset, 0x58, raw.count - 1 - offset)
      {
        let at = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self)
        let pair = (at[-2], at[-1], at[1])
        if pair == (0x74, 0x45, 0x74) || pair == (0x69, 0x54, 0x74) { return true }
        offset = at - base + 1
      }
      return false
    }
    return holdsText ? try? GoldenMetadata(png: data) : nil
  }

  /// Decodes two files at once, one a thread, each thread also reading its file's metadata.
  private static func decodeBoth(_ one: Data, _ two: Data) throws(RenderError)
    -> (images: (PixelImage, PixelImage), metadata: (GoldenMetadata?, GoldenMetadata?))
  {
    let results = DecodeResults()
    WorkerThreads.shared.perform(iterations: 2) { index in
      let data = index == 0 ? one : two
      let image = Result { () throws(RenderError) in try PNGCodec.decode(data) }
      results.set(image, metadata(of: data), at: index)
    }
    return (
      (try results.images[0].get(), try results.images[1].get()),
      (results.metadata[0], results.metadata[1])
    )
  }
}

/// Where the two decoding threads leave their images and metadata; each writes its own slot
/// once, and both have finished before either is read.
private final class DecodeResults: @unchecked Sendable {
  var images: [Result<PixelImage, RenderError>] = [.failure(.notPNG), .failure(.notPNG)]
  var metadata: [GoldenMetadata?] = [nil, nil]
  private let lock = NSLock()

  func set(_ image: Result<PixelImage, RenderError>, _ data: GoldenMetadata?, at index: Int) {
    lock.withLock {
      images[index] = image
      metadata[index] = data
    }
  }
}
