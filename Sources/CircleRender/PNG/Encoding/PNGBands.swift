internal import CZlib
import CircleSystem
import Foundation

/// A PNG's filtered scanlines cut into bands of whole rows, each compressed on its own.
///
/// Each band is raw deflate data that ends on a byte boundary with a full flush, so the
/// compressor starts every band afresh: a band's bytes depend on its scanlines alone. Bands
/// joined in order, a final empty block, the zlib header and the Adler-32 of all scanlines make
/// one valid zlib stream (as `pigz` does). This lets bands be compressed on several cores, and
/// lets a frame that differs from the one before only in some rows reuse the other bands'
/// bytes.
struct PNGBands: @unchecked Sendable {
  /// The filtered scanlines, filter byte first on each row.
  let scanlines: Scanlines
  let width: Int
  let height: Int
  /// Whether every pixel is opaque: the scanlines are RGB, else RGBA.
  let isOpaque: Bool
  let rowBytes: Int
  let rowsPerBand: Int
  let settings: PNGEncoding
  /// One entry a band: its compressed bytes, made now or shared with an earlier frame.
  let bands: [CompressedBand]

  /// Rows a band holds: about 32 KiB of scanlines, at least one row.
  static func rowsPerBand(rowBytes: Int) -> Int { max(1, (32 << 10) / rowBytes) }

  /// Filters the pixels into scanlines (in memory from `pool`, when given) and sets up the
  /// bands, sharing each band whose scanlines equal those of `previous`.
  ///
  /// - Parameter opaque: RGB scanlines (`true`) or RGBA (`false`) whatever the pixels; by
  ///   default RGB when every pixel is opaque.
  /// - Throws: `RenderError.outOfMemory` when the scanlines' memory cannot be had.
  init(
    _ pixels: PixelLayout, settings: PNGEncoding, previous: PNGBands?, pool: ScanlinePool? = nil,
    opaque: Bool? = nil
  ) throws(RenderError) {
    width = pixels.width
    height = pixels.height
    isOpaque = opaque ?? pixels.isOpaque
    let channels = isOpaque ? 3 : 4
    rowBytes = 1 + pixels.width * channels
    rowsPerBand = Self.rowsPerBand(rowBytes: rowBytes)
    self.settings = settings
    let rows = try RowEncoder(pixels: pixels, channels: channels, filter: settings.filter)
    let rowBytes = rowBytes
    let scanlines: Scanlines
    do {
      scanlines = try Scanlines(count: rowBytes * pixels.height, from: pool)
    } catch {
      throw .outOfMemory(operation: "encode a \(pixels.width)×\(pixels.height) PNG file")
    }
    let base = scanlines.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    for y in 0..<pixels.height { rows.encodeRow(y, into: base + y * rowBytes) }
    self.scanlines = scanlines
    let bandBytes = rowsPerBand * rowBytes
    let bandCount = (scanlines.count + bandBytes - 1) / bandBytes
    let comparable =
      previous.map {
        $0.rowBytes == rowBytes && $0.settings == settings
          && $0.scanlines.count == scanlines.count
      } ?? false
    var bands: [CompressedBand] = []
    bands.reserveCapacity(bandCount)
    for index in 0..<bandCount {
      let range = index * bandBytes..<min(scanlines.count, (index + 1) * bandBytes)
      if comparable, let previous,
        memcmp(
          scanlines[range].baseAddress!, previous.scanlines[range].baseAddress!, range.count) == 0
      {
        bands.append(previous.bands[index])
      } else {
        bands.append(CompressedBand(range: range))
      }
    }
    self.bands = bands
  }

  /// Compresses the bands not shared with an earlier frame, on up to `threads` threads (see
  /// `WorkerThreads.perform(iterations:_:)`).
  func compressOwnBands(threads: Int) {
    let own = bands.filter { !$0.isStarted && $0.claim() }
    let threads = min(threads, own.count)
    if threads <= 1 {
      var compressor = BandCompressor(settings)
      for band in own { band.compress(scanlines, with: &compressor) }
      return
    }
    WorkerThreads.shared.perform(iterations: threads) { thread in
      var compressor = BandCompressor(settings)
      for index in stride(from: thread, to: own.count, by: threads) {
        own[index].compress(scanlines, with: &compressor)
      }
    }
  }

  /// The zlib stream of all scanlines and its CRC-32; waits for bands compressed elsewhere.
  ///
  /// The checksums are combined from those of the bands, so a frame that shares most bands
  /// with the one before reads only its new bands' bytes.
  func zlibStream() throws(RenderError) -> (bytes: [[UInt8]], crc: UInt32) {
    var pieces: [[UInt8]] = []
    pieces.reserveCapacity(bands.count + 3)
    var crc = crc32(0, nil, 0)
    func append(_ piece: [UInt8]) {
      pieces.append(piece)
      crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    }
    append([0x78, 0x01])
    var adler = adler32(0, nil, 0)
    for band in bands {
      let result = try band.result()
      pieces.append(result.bytes)
      crc = crc32_combine(crc, uLong(result.crc), .init(result.bytes.count))
      adler = adler32_combine(adler, uLong(result.adler), .init(band.range.count))
    }
    // A final empty fixed-Huffman block ends the deflate data.
    append([0x03, 0x00])
    let value = UInt32(adler)
    append([
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ])
    return (pieces, UInt32(crc))
  }
}
