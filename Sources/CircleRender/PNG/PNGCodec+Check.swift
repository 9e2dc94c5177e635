import Foundation

extension PNGCodec {
  /// Why a PNG file cannot be decoded, or `nil` when it is whole (``PNGChunkWalk/damage(in:)``)
  /// and its image data inflates to every row its header declares, each with a known filter:
  /// what is checked before two files are trusted because their bytes are equal, without keeping
  /// a pixel.
  ///
  /// The data is inflated through a small band of memory (the decoder's), whatever the image's
  /// size, and every colour type and bit depth is taken (not only those the quick decoder
  /// reads). What it costs, measured by `circles-bench --compare` (5 December 2026, 7 runs):
  /// `circles compare` of 200 pairs of 1280×720 screenshots, 196 of them with equal bytes, took
  /// 0.408 s with it against 0.171 s without, about 1.2 ms a pair on each of two cores — the
  /// price of never passing a damaged file because its copy is damaged the same way.
  ///
  /// A header that declares more than 16384 pixels a side is refused as the decoder refuses it
  /// (`.imageTooLarge`), before any memory is sized by it.
  ///
  /// - Returns: `.imageTooLarge`, or `.damagedPNG` with one lower-case phrase, such as `the
  ///   image data ends before the image does`.
  package static func dataProblem(in data: Data) -> RenderError? {
    var tooLarge: RenderError?
    let problem = data.withUnsafeBytes { bytes -> String? in
      if let damage = PNGChunkWalk.damage(in: bytes) { return damage }
      guard var walk = try? PNGChunkWalk(bytes, verifyingCRC: false) else {
        return "not a whole PNG file"
      }
      var header: PNGHeader?
      var pieces: [Range<Int>] = []
      while let chunk = try? walk.next() {
        if header == nil {
          guard chunk.type == PNGChunk.header else { return "the first chunk is not IHDR" }
          header = PNGHeader(UnsafeRawBufferPointer(rebasing: bytes[chunk.data]))
          guard header != nil else { return "its header is damaged" }
        } else if chunk.type == PNGChunk.imageData {
          pieces.append(chunk.data)
        } else if chunk.type == PNGChunk.end {
          break
        }
      }
      guard let header, !pieces.isEmpty else { return "no image data (no IDAT chunk)" }
      if let refused = header.tooLarge {
        tooLarge = refused
        return nil
      }
      let channels: Int
      switch header.colourType {
      case 0, 3: channels = 1
      case 2: channels = 3
      case 4: channels = 2
      case 6: channels = 4
      default: return "colour type \(header.colourType) does not exist"
      }
      let bits = channels * Int(header.bitDepth)
      let passes = PNGPass.passes(
        width: header.width, height: header.height, interlaced: header.interlace == 1)
      let rows = passes.map { ($0.height, 1 + ($0.width * bits + 7) / 8) }
      // A header may declare more than any memory could count (2^31 rows of 2^31 pixels).
      var total = 0
      for (count, length) in rows {
        let (size, over) = count.multipliedReportingOverflow(by: length)
        let (sum, overSum) = total.addingReportingOverflow(size)
        guard !over, !overSum else { return "its header declares more image data than exists" }
        total = sum
      }
      let longest = rows.map(\.1).max() ?? 1
      let band = max(PNGDecoder.bandBytes, 2 * longest)
      guard let memory = malloc(band)?.assumingMemoryBound(to: UInt8.self) else {
        return "not enough memory to read it"
      }
      defer { free(memory) }
      var filtersKnown = true
      let whole = PNGDecoder.inflate(
        pieces, from: bytes, rows: rows, band: memory, bandBytes: band
      ) { row in
        filtersKnown = row[0] <= 4
        return filtersKnown
      }
      if !filtersKnown { return "a row of the image data has an unknown filter" }
      return whole ? nil : "the image data is damaged or ends before the image does"
    }
    return tooLarge ?? problem.map { .damagedPNG(reason: $0) }
  }
}
