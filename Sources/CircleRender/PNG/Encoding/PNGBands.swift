import CIsal
import CZlib
import Dispatch
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
  init(
    _ pixels: PixelLayout, settings: PNGEncoding, previous: PNGBands?, pool: ScanlinePool? = nil
  ) {
    width = pixels.width
    height = pixels.height
    isOpaque = pixels.isOpaque
    let channels = isOpaque ? 3 : 4
    rowBytes = 1 + pixels.width * channels
    rowsPerBand = Self.rowsPerBand(rowBytes: rowBytes)
    self.settings = settings
    let rows = RowEncoder(pixels: pixels, channels: channels, filter: settings.filter)
    let rowBytes = rowBytes
    let scanlines = Scanlines(count: rowBytes * pixels.height, from: pool)
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

  /// Compresses the bands not shared with an earlier frame, on up to `threads` threads.
  func compressOwnBands(threads: Int) {
    let own = bands.filter { !$0.isStarted && $0.claim() }
    let threads = min(threads, own.count)
    if threads <= 1 {
      var compressor = BandCompressor(settings)
      for band in own { band.compress(scanlines, with: &compressor) }
      return
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
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

/// The compressed bytes of one band, made once and possibly waited for on another thread.
final class CompressedBand: @unchecked Sendable {
  let range: Range<Int>
  private let condition = NSCondition()
  private var started = false
  private var outcome: Result<(bytes: [UInt8], adler: UInt32, crc: UInt32), RenderError>?

  init(range: Range<Int>) {
    self.range = range
  }

  var isStarted: Bool { condition.withLock { started } }

  /// Marks the band as being compressed by the caller; false when someone else is.
  func claim() -> Bool {
    condition.withLock {
      if started { return false }
      started = true
      return true
    }
  }

  func compress(_ scanlines: Scanlines, with compressor: inout BandCompressor) {
    let result = compressor.compress(scanlines[range])
    condition.withLock {
      outcome = result
      condition.broadcast()
    }
  }

  func result() throws(RenderError) -> (bytes: [UInt8], adler: UInt32, crc: UInt32) {
    condition.lock()
    while outcome == nil { condition.wait() }
    let outcome = self.outcome!
    condition.unlock()
    return try outcome.get()
  }
}

/// A raw deflate compressor, reset for every band: zlib, or igzip for `.igzip` settings.
struct BandCompressor {
  private let owner: Owner

  /// The compressor's state, freed when the last copy goes away.
  private final class Owner {
    enum Engine {
      case zlib(UnsafeMutablePointer<z_stream>)
      case igzip(
        UnsafeMutablePointer<isal_zstream>, level: UInt32, buffer: UnsafeMutableRawPointer?)
      case failed
    }
    let engine: Engine

    init(_ settings: PNGEncoding) {
      if settings.strategy == .igzip {
        // igzip's level 0 grows incompressible data by a fifth: 1 is its least.
        let level = min(3, max(1, settings.level))
        let size = Int(circles_igzip_level_buffer_size(Int32(level)))
        let stream = UnsafeMutablePointer<isal_zstream>.allocate(capacity: 1)
        isal_deflate_init(stream)
        engine = .igzip(
          stream, level: UInt32(level),
          buffer: size > 0 ? .allocate(byteCount: size, alignment: 16) : nil)
        return
      }
      let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let strategy: Int32 =
        switch settings.strategy {
        case .standard, .igzip: Z_DEFAULT_STRATEGY
        case .filtered: Z_FILTERED
        case .runLength: Z_RLE
        }
      if circles_deflate_init(stream, Int32(settings.level), -15, strategy) == Z_OK {
        engine = .zlib(stream)
      } else {
        stream.deallocate()
        engine = .failed
      }
    }

    deinit {
      switch engine {
      case .zlib(let stream):
        deflateEnd(stream)
        stream.deallocate()
      case .igzip(let stream, _, let buffer):
        stream.deallocate()
        buffer?.deallocate()
      case .failed:
        break
      }
    }
  }

  init(_ settings: PNGEncoding) {
    owner = Owner(settings)
  }

  /// Compresses one band, ending with a full flush; returns the bytes, the Adler-32 of the
  /// band's scanlines and the CRC-32 of its compressed bytes.
  mutating func compress(
    _ input: UnsafeRawBufferPointer
  ) -> Result<(bytes: [UInt8], adler: UInt32, crc: UInt32), RenderError> {
    let failure = RenderError.cairo(operation: "encode a PNG file", reason: "deflate failed")
    // Room for stored blocks when nothing compresses, and the flush marker.
    let capacity = input.count + input.count / 4 + 1024
    let source = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
    var ok = false
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      switch owner.engine {
      case .zlib(let stream):
        guard deflateReset(stream) == Z_OK else { return }
        stream.pointee.next_in = source
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = uInt(capacity)
        let status = deflate(stream, Z_FULL_FLUSH)
        ok = status == Z_OK && stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0
        if ok { count = capacity - Int(stream.pointee.avail_out) }
      case .igzip(let stream, let level, let levelBuffer):
        isal_deflate_reset(stream)
        stream.pointee.level = level
        stream.pointee.level_buf = levelBuffer?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.level_buf_size = circles_igzip_level_buffer_size(Int32(level))
        stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
        stream.pointee.flush = UInt16(FULL_FLUSH)
        stream.pointee.end_of_stream = 0
        stream.pointee.next_in = source
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(capacity)
        // igzip may keep some input for another call; the flush is done when all is taken and
        // it waits for a new block.
        var status = COMP_OK
        for _ in 0..<8 {
          status = isal_deflate(stream)
          if status != COMP_OK || stream.pointee.avail_out == 0 { break }
          if stream.pointee.avail_in == 0, stream.pointee.internal_state.state == ZSTATE_NEW_HDR {
            break
          }
        }
        ok =
          status == COMP_OK && stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0
          && stream.pointee.internal_state.state == ZSTATE_NEW_HDR
        if ok { count = capacity - Int(stream.pointee.avail_out) }
      case .failed:
        return
      }
    }
    guard ok else { return .failure(failure) }
    let adler = adler32(adler32(0, nil, 0), source, uInt(input.count))
    let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    return .success((bytes, UInt32(adler), UInt32(crc)))
  }
}
