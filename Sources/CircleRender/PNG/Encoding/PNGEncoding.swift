/// The knobs of the PNG writer: the compressor and its level, and the row filter.
package struct PNGEncoding: Hashable, Sendable {
  /// How matches are found: one of zlib's strategies, or igzip.
  package enum Strategy: Hashable, Sendable, CaseIterable {
    /// Full string matching (`Z_DEFAULT_STRATEGY`).
    case standard
    /// Favours Huffman coding over distant matches (`Z_FILTERED`), meant for filtered rows.
    case filtered
    /// Matches only runs of the same byte (`Z_RLE`): fast, good on flat colour.
    case runLength
    /// igzip, the deflate compressor of Intel's Intelligent Storage Acceleration Library
    /// (ISA-L), at levels 1–3 (others mean the nearest): much quicker than zlib at a similar
    /// size.
    case igzip
  }

  /// The PNG row filter applied to every row (PNG filter types 0–2).
  package enum RowFilter: UInt8, Hashable, Sendable, CaseIterable {
    /// Bytes as they are.
    case none = 0
    /// Each byte minus the same channel of the pixel to its left.
    case sub = 1
    /// Each byte minus the same byte of the row above.
    case up = 2
  }

  /// The level, 0 (zlib: store) … 9 (smallest); igzip uses 1…3.
  package var level: Int
  /// The compressor and, for zlib, its strategy.
  package var strategy: Strategy
  /// Row filter.
  package var filter: RowFilter

  /// Creates settings; `level` is clamped to 0…9.
  package init(level: Int, strategy: Strategy, filter: RowFilter) {
    self.level = min(9, max(0, level))
    self.strategy = strategy
    self.filter = filter
  }
}
