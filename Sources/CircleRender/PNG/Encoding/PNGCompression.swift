/// How hard the PNG writer compresses: a trade between encoding time and file size.
///
/// Every choice writes a standard PNG that decodes to the same pixels; only speed and size
/// differ. Figures for a 400×300 frame of circles and an 800×600 frame of 1000 translucent
/// circles are in BENCHMARKS.md.
public enum PNGCompression: String, CaseIterable, Sendable {
  /// The quickest: the `up` row filter and igzip (ISA-L) at level 1, about twice as fast as the
  /// default, with files 5–10 % larger (a third of the size of rows stored uncompressed, for
  /// twice that time).
  case fast
  /// The balance used unless asked otherwise: the `up` row filter and zlib's run-length
  /// matching. Measured on frames of circles it is the quickest zlib setting and within 2–3 %
  /// of the smallest, about the size of Cairo's files at a tenth of the time.
  case `default`
  /// The smallest files: zlib level 9 with the `up` row filter and filtered matching, 1–2 %
  /// smaller than the default and 25–30 times slower.
  case small

  /// The compressor and filter settings behind the choice.
  package var settings: PNGEncoding {
    switch self {
    case .fast: PNGEncoding(level: 1, strategy: .igzip, filter: .up)
    case .default: PNGEncoding(level: 1, strategy: .runLength, filter: .up)
    case .small: PNGEncoding(level: 9, strategy: .filtered, filter: .up)
    }
  }
}
