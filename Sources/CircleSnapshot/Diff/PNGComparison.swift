import CircleRender
import CircleSystem
import Foundation

/// The comparison of two PNG files with the images' ``Diffing``, as `circles check`,
/// `circles compare` and `circles diff` make it: pixels, the difference, and, when both files
/// carry a scene, what changed in it.
///
/// The sizes are compared from the files' headers first. Files whose sizes differ are only
/// decoded when ``Decoding-swift.enum/always`` asks for it (to draw a diff image of the region
/// both cover); otherwise the answer is "sizes differ" with no pixel decoded, whatever sizes the
/// headers declare. Files whose bytes are equal match without being decoded, unless
/// ``Decoding-swift.enum/always`` asks for their pixels. Decoding holds a reservation of the
/// budget for both images, and the two are decoded at the same time, one a thread, by the
/// diffing's ``Diffing/fromData``; ``Diffing/diff`` compares them.
public struct PNGComparison: Sendable {
  /// When the files' pixels are decoded.
  public enum Decoding: Sendable {
    /// Only when the headers declare the same size and the bytes differ.
    case whenSizesMatch
    /// Always, so that a diff image can be drawn for files of different sizes too.
    case always
  }

  /// Which file a comparison could not read, and why.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The two files of a comparison.
    public enum File: Sendable {
      /// The expected (golden) file.
      case expected
      /// The actual file.
      case actual
    }

    /// The file that could not be read or decoded.
    public var file: File
    /// Why: not a PNG, damaged, or `.outOfMemory`.
    public var error: RenderError

    /// The error's own description.
    public var description: String { error.description }
  }

  /// The decoded expected image; `nil` when it was not decoded.
  public var expected: PixelImage?
  /// The decoded actual image; `nil` when it was not decoded.
  public var actual: PixelImage?
  /// The pixel comparison of the two images (from their sizes alone when they were not
  /// decoded).
  public var comparison: ImageComparison
  /// What the diffing found; `nil` when nothing is worth telling or the files were not decoded.
  public var difference: Difference?
  /// Whether the two files hold the same bytes, so that they match without a pixel decoded.
  public var identicalBytes: Bool
  /// How strictly the pixels were compared.
  public var options: ComparisonOptions
  /// The semantic diff from the expected file's scene to the actual one's; `nil` unless both
  /// carry a scene and scenes were read.
  public var sceneDiff: [String]?
  /// Notes for people, such as the two files having been rendered by different renderers.
  public var notes: [String]

  /// Reads both headers, then decodes and compares the two PNG files as `decoding` says.
  ///
  /// - Parameters:
  ///   - expected: the bytes of the reference PNG.
  ///   - actual: the bytes of the PNG to check.
  ///   - options: how strictly the pixels must agree, the options of ``Diffing/png(_:)``;
  ///     exact by default.
  ///   - decoding: whether files of different sizes are decoded; by default they are not.
  ///   - budget: the pixel budget the decodes reserve from; ``PixelBudget/decoding`` by default.
  ///   - readingScenes: whether the files' scenes and renderers are read, for ``sceneDiff``
  ///     and ``notes``; by default they are.
  /// - Throws: ``Failure`` naming the file that is not a whole PNG (a chunk whose CRC does not
  ///   match, no image data, a file cut short: checked before identical bytes are trusted) or
  ///   cannot be decoded, or whose
  ///   memory (`.outOfMemory`) cannot be had.
  public init(
    expected: Data, actual: Data, options: ComparisonOptions = .exact,
    decoding: Decoding = .whenSizesMatch, budget: PixelBudget = .decoding,
    readingScenes: Bool = true
  ) throws(Failure) {
    let headers: (PNGHeader, PNGHeader)
    do {
      headers.0 = try PNGHeader(expected)
    } catch {
      throw Failure(file: .expected, error: error)
    }
    do {
      headers.1 = try PNGHeader(actual)
    } catch {
      throw Failure(file: .actual, error: error)
    }
    let sizes = (
      PixelSize(width: headers.0.width, height: headers.0.height),
      PixelSize(width: headers.1.width, height: headers.1.height)
    )
    self.options = options
    identicalBytes = sizes.0 == sizes.1 && expected == actual
    if identicalBytes {
      // Equal bytes are not decoded, and say nothing of whether they can be: the file must be
      // whole and its image data inflate to every row.
      if let problem = PNGCodec.dataProblem(in: expected) {
        throw Failure(file: .expected, error: problem)
      }
    } else {
      // Each file must be whole before its pixels are trusted; the decoder checks the rest.
      if let damage = PNGChunkWalk.damage(in: expected) {
        throw Failure(file: .expected, error: .damagedPNG(reason: damage))
      }
      if let damage = PNGChunkWalk.damage(in: actual) {
        throw Failure(file: .actual, error: .damagedPNG(reason: damage))
      }
    }
    let metadata: (GoldenMetadata?, GoldenMetadata?)
    if decoding == .whenSizesMatch, sizes.0 != sizes.1 || identicalBytes {
      comparison =
        identicalBytes
        ? ImageComparison(identical: sizes.0, options: options)
        : ImageComparison(expectedSize: sizes.0, actualSize: sizes.1, options: options)
      metadata =
        readingScenes && !identicalBytes
        ? (Self.metadata(of: expected), Self.metadata(of: actual)) : (nil, nil)
    } else {
      let diffing = options.diffing
      let decoded = try budget.reserving(headers.0.pixelCount + headers.1.pixelCount) {
        () throws(Failure) in
        try Self.decodeBoth(expected, actual, with: diffing, readingScenes: readingScenes)
      }
      self.expected = decoded.images.0
      self.actual = decoded.images.1
      metadata = decoded.metadata
      difference = diffing.diff(decoded.images.0, decoded.images.1)
      comparison =
        difference?.comparison ?? ImageComparison(identical: sizes.0, options: options)
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
    return try Difference(comparison: comparison, expected: expected, actual: actual).diffImage()
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

  /// Decodes two files at once, one a thread, each thread also reading its file's metadata
  /// when asked to.
  private static func decodeBoth(
    _ one: Data, _ two: Data, with diffing: Diffing<PixelImage>, readingScenes: Bool
  ) throws(Failure)
    -> (images: (PixelImage, PixelImage), metadata: (GoldenMetadata?, GoldenMetadata?))
  {
    // Each thread fills its own slot once; both have finished before either is read.
    let slots = Locked(
      [(Result<PixelImage, RenderError>, GoldenMetadata?)](
        repeating: (.failure(.notPNG), nil), count: 2))
    WorkerThreads.shared.perform(iterations: 2) { index in
      let data = index == 0 ? one : two
      let image = Result { () throws(RenderError) in try diffing.fromData(data) }
      let metadata = readingScenes ? metadata(of: data) : nil
      slots.withLock { $0[index] = (image, metadata) }
    }
    let results = slots.withLock { $0 }
    switch (results[0].0, results[1].0) {
    case (.success(let expected), .success(let actual)):
      return ((expected, actual), (results[0].1, results[1].1))
    case (.failure(let error), _):
      throw Failure(file: .expected, error: error)
    case (_, .failure(let error)):
      throw Failure(file: .actual, error: error)
    }
  }
}
