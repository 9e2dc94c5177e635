internal import CIsal
import Foundation

/// A quick decoder for 8- and 16-bit PNG files, interlaced (Adam7) or not: grey, grey and
/// alpha, RGB, RGBA and (8-bit) palette, with or without transparency (`tRNS`). It inflates with igzip
/// (ISA-L) a band of rows at a time, undoes the row filters itself and expands each row into
/// premultiplied ARGB32 pixels straight in the result, with the same rounding as libspng and
/// Cairo.
///
/// Anything else (fewer than 8 bits) or anything unusual (a bad checksum, chunks out
/// of order, data that ends before the image does)
/// gives `nil`, and the caller decodes with libspng, which also reports what is wrong. Chunks
/// that only describe the pixels (gamma, colour space, significant bits) are ignored, as libspng
/// and Cairo ignore them. Data that goes on past the last row is not inflated: a small file can
/// hold a stream of gigabytes.
///
/// Why a decoder of our own rather than libspng for these files: inflating is most of the work,
/// and igzip inflates Cairo's files about five times as fast as zlib, which libspng uses (3.4
/// against 18.4 ms for a 1920×1080 picture). `circles-bench --decoders` (medians of 15, one
/// thread, each decoder ending with premultiplied ARGB32; 1 December 2026, at a load average
/// of 5–7 on 2 processors): the 1920×1080 picture of W3, written by Cairo, 9.3 ms here against
/// 26.8 ms for libspng and 25.9 ms for Cairo; an 800×600 frame of W1 written by circles 2.3 ms
/// against 5.2 and 5.4 ms; a 400×300 frame of W2 0.57 ms against 1.36 and 1.41 ms.
enum PNGDecoder {
  /// The image, or `nil` when the file is not of the simple kind this decoder reads.
  ///
  /// - Parameter bandBytes: how many bytes of inflated rows are held at a time (at least two
  ///   rows are); other sizes than the default are for tests.
  /// - Throws: `RenderError.outOfMemory` when the memory for the image cannot be had.
  static func decode(_ data: Data, bandBytes: Int = bandBytes) throws(RenderError)
    -> PixelImage?
  {
    try data.withUnsafeBytes { bytes in
      Result { () throws(RenderError) in try decode(bytes, bandBytes: bandBytes) }
    }.get()
  }

  /// Bytes of inflated rows held at a time: whole rows are unfiltered as soon as they are
  /// inflated, while they are still in the cache, and the space is used again. Inflating a
  /// whole stream into one buffer instead costs a page fault every 4 KiB of it (1000 for two
  /// 1920×1080 palette files, 4000 for two RGBA ones, 6000 at 16 bits), and in this virtual
  /// machine page faults were most of the system time of `circles diff`. With the image's
  /// storage on huge pages as well (``PixelImage/adviseHugePages(_:)``), `circles diff` of the
  /// W3 pictures took 2290 page faults instead of 6190 as palette files and 20.7 ms of
  /// processor time instead of 32.8 (the C program decoding with Cairo: 4510 and 31.2 ms); as
  /// RGBA files 2580 instead of 9480 faults; at 16 bits 2960 instead of 9620 faults and 68
  /// instead of 136 ms (`perf stat`, 15 runs each, 2 December 2026, at a load average of 13 on
  /// 2 processors).
  static let bandBytes = 128 << 10

  private static func decode(_ bytes: UnsafeRawBufferPointer, bandBytes: Int)
    throws(RenderError) -> PixelImage?
  {
    guard let layout = chunks(of: bytes) else { return nil }
    let passes = PNGPass.passes(
      width: layout.width, height: layout.height, interlaced: layout.interlaced)
    let channels = layout.expansion.channels
    // At least two of the longest rows, so that a row begun at the end of the band always
    // finds room.
    let band = max(bandBytes, 2 * (1 + passes.map(\.width).max()! * channels))
    let operation = "decode a \(layout.width)×\(layout.height) PNG file"
    guard let raw = malloc(band)?.assumingMemoryBound(to: UInt8.self) else {
      throw .outOfMemory(operation: operation)
    }
    defer { free(raw) }
    let pixelCount = layout.width * layout.height
    try PixelImage.checkMemory(pixels: pixelCount, for: operation)
    // An interlaced pass's row of pixels, before each goes to its place in the image.
    let passRow =
      layout.interlaced ? UnsafeMutablePointer<UInt32>.allocate(capacity: layout.width) : nil
    defer { passRow?.deallocate() }
    var rows = RowReconstruction(width: passes[0].width, expansion: layout.expansion)
    var valid = false
    let pixels = [UInt32](unsafeUninitializedCapacity: pixelCount) { buffer, written in
      PixelImage.adviseHugePages(buffer)
      let output = buffer.baseAddress!
      var passIndex = 0
      var done = 0
      valid = inflate(
        layout.pieces, from: bytes, rows: passes.map { ($0.height, 1 + $0.width * channels) },
        band: raw, bandBytes: band
      ) { row in
        let pass = passes[passIndex]
        let start = output + (pass.y + done * pass.dy) * layout.width + pass.x
        guard rows.next(filter: row[0], row + 1, into: passRow ?? start) else { return false }
        if let passRow {
          for column in 0..<pass.width { start[column * pass.dx] = passRow[column] }
        }
        done += 1
        if done == pass.height, passIndex + 1 < passes.count {
          // Each pass is filtered on its own: its first row has none above it.
          passIndex += 1
          done = 0
          rows = RowReconstruction(width: passes[passIndex].width, expansion: layout.expansion)
        }
        return true
      }
      valid = valid && passIndex == passes.count - 1 && done == passes[passIndex].height
      written = valid ? pixelCount : 0
    }
    return valid ? PixelImage(width: layout.width, height: layout.height, pixels: pixels) : nil
  }

  /// Where a file's image data lies and how its rows expand, for the files this decoder reads.
  private struct Layout {
    var width: Int
    var height: Int
    var interlaced: Bool
    var expansion: PixelExpansion
    var pieces: [Range<Int>]
  }

  /// Walks the chunks: IHDR first, a palette and a transparency chunk (each at most once, the
  /// palette first) before the IDATs, the IDATs together, IEND last, every checksum right;
  /// `nil` for anything else.
  private static func chunks(of bytes: UnsafeRawBufferPointer) -> Layout? {
    guard var walk = try? PNGChunkWalk(bytes, verifyingCRC: true) else { return nil }
    var pieces: [Range<Int>] = []
    var header: PNGHeader?
    var palette: Range<Int>?
    var transparency: Range<Int>?
    var idatFinished = false
    while true {
      guard let chunk = try? walk.next() else { return nil }
      if header == nil {
        guard chunk.type == PNGChunk.header,
          let fields = PNGHeader(UnsafeRawBufferPointer(rebasing: bytes[chunk.data])),
          fields.width > 0, fields.height > 0, fields.width <= CairoSurface.maximumSide,
          fields.height <= CairoSurface.maximumSide,
          fields.bitDepth == 8 || (fields.bitDepth == 16 && fields.colourType != 3),
          [0, 2, 3, 4, 6].contains(fields.colourType), fields.compression == 0,
          fields.filter == 0, fields.interlace <= 1
        else { return nil }
        header = fields
      } else if chunk.type == PNGChunk.imageData {
        guard !idatFinished else { return nil }
        pieces.append(chunk.data)
      } else if chunk.type == PNGChunk.end {
        break
      } else if chunk.type == PNGChunk.palette {
        // A palette is for palette files; RGB files may suggest one (ignored); grey ones not.
        guard palette == nil, transparency == nil, pieces.isEmpty,
          header?.colourType != 0, header?.colourType != 4
        else { return nil }
        palette = chunk.data
      } else if chunk.type == transparencyChunk {
        guard transparency == nil, pieces.isEmpty,
          header?.colourType != 3 || palette != nil
        else { return nil }
        transparency = chunk.data
      } else {
        if !pieces.isEmpty { idatFinished = true }
        // Other chunks must be ancillary, and no second header.
        guard !chunk.isCritical else { return nil }
      }
    }
    guard let header, !pieces.isEmpty,
      let expansion = PixelExpansion(
        colourType: header.colourType, bitDepth: header.bitDepth,
        palette: palette.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) },
        transparency: transparency.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) })
    else { return nil }
    return Layout(
      width: header.width, height: header.height, interlaced: header.interlace == 1,
      expansion: expansion, pieces: pieces)
  }

  private static let transparencyChunk = PNGChunk.code("tRNS")

  /// Inflates the IDAT pieces through `band` (`bandBytes` long, at least two of the longest
  /// rows), calling `row` with each row (its filter type first) as soon as it is whole: `rows`
  /// says how many rows of how many bytes come one after another (one pass of the image after
  /// another when it is interlaced). False on any error, or when `row` says false. igzip
  /// keeps the history it copies matches from in its own state, so the band is written over
  /// again and again.
  ///
  /// Once every row is there, what follows is ignored, as libpng and libspng do: a stream that
  /// ends within 64 bytes past the image must still end well (its checksum right), one that
  /// goes on past them is read no further, and data after the stream is not looked at.
  static func inflate(
    _ pieces: [Range<Int>], from bytes: UnsafeRawBufferPointer, rows: [(count: Int, bytes: Int)],
    band: UnsafeMutablePointer<UInt8>, bandBytes: Int, row: (UnsafePointer<UInt8>) -> Bool
  ) -> Bool {
    let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
    defer { state.deallocate() }
    isal_inflate_init(state)
    state.pointee.crc_flag = UInt32(ISAL_ZLIB)
    let count = rows.reduce(0) { $0 + $1.count * $1.bytes }
    // A little room past the image, so that a stream holding more than the image is caught.
    let limit = count + 64
    // Bytes inflated in all; the run of rows being handed out, and how many of them are left;
    // the band's bytes not yet handed out.
    var done = 0
    var run = 0
    var left = rows[0].count
    var held = 0..<0
    state.pointee.next_out = band
    state.pointee.avail_out = 0
    for piece in pieces {
      state.pointee.next_in = UnsafeMutablePointer(
        mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + piece.lowerBound)
      state.pointee.avail_in = UInt32(piece.count)
      // Until this piece is used up; igzip may hold some of it back until it has room to write.
      while state.pointee.avail_in > 0 || state.pointee.avail_out == 0 {
        if state.pointee.avail_out == 0 {
          // Every row the header allows is there, and the stream goes on: what follows is
          // ignored, as libpng and libspng do, and never inflated (it may be gigabytes).
          guard done < limit else { return done >= count }
          // The part of a row held moves to the front; the rest of the band is free again.
          if held.lowerBound > 0 {
            band.update(from: band + held.lowerBound, count: held.count)
            held = 0..<held.count
          }
          state.pointee.next_out = band + held.upperBound
          state.pointee.avail_out = UInt32(min(bandBytes - held.upperBound, limit - done))
        }
        let before = (Int(state.pointee.avail_in), Int(state.pointee.avail_out))
        let status = isal_inflate(state)
        let made = before.1 - Int(state.pointee.avail_out)
        done += made
        held = held.lowerBound..<held.upperBound + made
        guard status == ISAL_DECOMP_OK else { return false }
        while run < rows.count, held.count >= rows[run].bytes {
          guard row(UnsafePointer(band + held.lowerBound)) else { return false }
          held = held.lowerBound + rows[run].bytes..<held.upperBound
          left -= 1
          if left == 0 {
            run += 1
            left = run < rows.count ? rows[run].count : 0
          }
        }
        // Past the last row nothing is kept.
        if run == rows.count { held = 0..<0 }
        if state.pointee.block_state == ISAL_BLOCK_FINISH {
          // The whole image; what follows the stream is ignored, as libpng and libspng do.
          return done >= count
        }
        // No progress at all: the stream is stuck (it cannot be, but never spin).
        if before == (Int(state.pointee.avail_in), Int(state.pointee.avail_out)) { return false }
      }
    }
    return false
  }
}
