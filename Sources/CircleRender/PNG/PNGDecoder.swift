internal import CIsal
import Foundation

/// A quick decoder for 8-bit PNG files that are not interlaced: grey, grey and alpha, RGB,
/// RGBA and palette, with or without transparency (`tRNS`). It inflates with igzip (ISA-L),
/// undoes the row filters itself and expands each row into premultiplied ARGB32 pixels straight
/// in the result, with the same rounding as libspng and Cairo.
///
/// Anything else (16 bits, fewer than 8, Adam7) or anything unusual (a bad checksum, chunks out
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
  /// - Throws: `RenderError.outOfMemory` when the memory for the image cannot be had.
  static func decode(_ data: Data) throws(RenderError) -> PixelImage? {
    try data.withUnsafeBytes { bytes in Result { () throws(RenderError) in try decode(bytes) } }
      .get()
  }

  private static func decode(_ bytes: UnsafeRawBufferPointer) throws(RenderError) -> PixelImage? {
    guard let layout = chunks(of: bytes) else { return nil }
    let rowBytes = 1 + layout.width * layout.expansion.channels
    let total = rowBytes * layout.height
    // A little room past the image, so that a stream holding more than the image is caught.
    let spare = 64
    let operation = "decode a \(layout.width)×\(layout.height) PNG file"
    guard let raw = malloc(total + spare)?.assumingMemoryBound(to: UInt8.self) else {
      throw .outOfMemory(operation: operation)
    }
    defer { free(raw) }
    let pixelCount = layout.width * layout.height
    try PixelImage.checkMemory(pixels: pixelCount, for: operation)
    var rows = RowReconstruction(width: layout.width, expansion: layout.expansion)
    var valid = false
    let pixels = [UInt32](unsafeUninitializedCapacity: pixelCount) { buffer, written in
      let output = buffer.baseAddress!
      var unfiltered = 0
      // Rows are unfiltered as soon as they are inflated, while they are still in the cache.
      valid = inflate(layout.pieces, from: bytes, into: raw, count: total, spare: spare) { done in
        let ready = min(layout.height, done / rowBytes)
        while unfiltered < ready {
          let row = raw + unfiltered * rowBytes
          guard rows.next(filter: row[0], row + 1, into: output + unfiltered * layout.width)
          else { return false }
          unfiltered += 1
        }
        return true
      }
      valid = valid && unfiltered == layout.height
      written = valid ? pixelCount : 0
    }
    return valid ? PixelImage(width: layout.width, height: layout.height, pixels: pixels) : nil
  }

  /// Where a file's image data lies and how its rows expand, for the files this decoder reads.
  private struct Layout {
    var width: Int
    var height: Int
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
          fields.height <= CairoSurface.maximumSide, fields.bitDepth == 8,
          [0, 2, 3, 4, 6].contains(fields.colourType), fields.compression == 0,
          fields.filter == 0, fields.interlace == 0
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
        colourType: header.colourType,
        palette: palette.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) },
        transparency: transparency.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) })
    else { return nil }
    return Layout(
      width: header.width, height: header.height, expansion: expansion, pieces: pieces)
  }

  private static let transparencyChunk = PNGChunk.code("tRNS")

  /// Inflates the IDAT pieces into exactly `count` bytes, calling `ready` with the bytes done
  /// after each stretch; false on any error, or when `ready` says false.
  ///
  /// Once every row is there, what follows is ignored, as libpng and libspng do: a stream that
  /// ends within `spare` bytes past the image must still end well (its checksum right), one
  /// that goes on past them is read no further, and data after the stream is not looked at.
  private static func inflate(
    _ pieces: [Range<Int>], from bytes: UnsafeRawBufferPointer,
    into output: UnsafeMutablePointer<UInt8>, count: Int, spare: Int, ready: (Int) -> Bool
  ) -> Bool {
    let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
    defer { state.deallocate() }
    isal_inflate_init(state)
    state.pointee.crc_flag = UInt32(ISAL_ZLIB)
    let step = 128 << 10
    let capacity = count + spare
    var done = 0
    state.pointee.next_out = output
    for piece in pieces {
      state.pointee.next_in = UnsafeMutablePointer(
        mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + piece.lowerBound)
      state.pointee.avail_in = UInt32(piece.count)
      // Until this piece is used up; igzip may hold some of it back until it has room to write.
      while state.pointee.avail_in > 0 || state.pointee.avail_out == 0 {
        if state.pointee.avail_out == 0 {
          // Every row the header allows is there, and the stream goes on: what follows is
          // ignored, as libpng and libspng do, and never inflated (it may be gigabytes).
          guard done < capacity else { return done >= count }
          state.pointee.avail_out = UInt32(min(step, capacity - done))
        }
        let before = (Int(state.pointee.avail_in), Int(state.pointee.avail_out))
        let status = isal_inflate(state)
        done += before.1 - Int(state.pointee.avail_out)
        guard status == ISAL_DECOMP_OK, ready(min(done, count)) else { return false }
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
