internal import CIsal
import Foundation

/// A quick decoder for the PNG files circles and Cairo write: 8 bits a channel, RGB or RGBA,
/// not interlaced. It inflates with igzip (ISA-L) and undoes the row filters itself, writing
/// premultiplied ARGB32 pixels straight into the result, with the same rounding as Cairo.
///
/// Anything else, or anything unusual (a bad checksum, a transparency, gamma or colour-space
/// chunk, data that ends before the image does), gives `nil`, and the caller decodes with Cairo,
/// which also reports what is wrong. Data that goes on past the last row is not inflated: a
/// small file can hold a stream of gigabytes.
///
/// Why a decoder of our own rather than libspng (Debian's `libspng-dev` 0.7.3, which reads any
/// PNG): on the frames circles compares, inflating is most of the work, and igzip inflates
/// Cairo's files about five times as fast as zlib, which libspng uses (3.4 against 18.4 ms for
/// a 1920×1080 picture). `circles-bench --decoders` (medians of 15, one thread, each decoder
/// ending with premultiplied ARGB32; 1 December 2026, at a load average of 5–7 on 2 processors):
/// the 1920×1080 picture of W3, written by Cairo, 9.3 ms here against 26.8 ms for libspng and
/// 25.9 ms for Cairo; an 800×600 frame of W1 written by circles 2.3 ms against 5.2 and 5.4 ms;
/// a 400×300 frame of W2 0.57 ms against 1.36 and 1.41 ms. Files of other kinds are rare among
/// goldens and go to Cairo, which circles links anyway.
enum PNGDecoder {
  /// Chunks that change what the pixels mean (transparency, gamma, colour space, significant
  /// bits, chromaticities) or a second header: such files are left to Cairo.
  static let declined: Set<UInt32> = [
    PNGChunk.code("tRNS"), PNGChunk.header, PNGChunk.code("gAMA"), PNGChunk.code("iCCP"),
    PNGChunk.code("sRGB"), PNGChunk.code("cHRM"), PNGChunk.code("sBIT"),
  ]

  /// The image, or `nil` when the file is not of the simple kind this decoder reads.
  ///
  /// - Throws: `RenderError.outOfMemory` when the memory for the image cannot be had.
  static func decode(_ data: Data) throws(RenderError) -> PixelImage? {
    try data.withUnsafeBytes { bytes in Result { () throws(RenderError) in try decode(bytes) } }
      .get()
  }

  private static func decode(_ bytes: UnsafeRawBufferPointer) throws(RenderError) -> PixelImage? {
    guard let layout = chunks(of: bytes) else { return nil }
    let rowBytes = 1 + layout.width * layout.channels
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
    var rows = RowReconstruction(width: layout.width, channels: layout.channels)
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

  /// Where a file's image data lies, for the files this decoder reads.
  private struct Layout {
    var width: Int
    var height: Int
    var channels: Int
    var pieces: [Range<Int>]
  }

  /// Walks the chunks: IHDR first, IDATs together, IEND last, every checksum right; `nil` for
  /// anything else.
  private static func chunks(of bytes: UnsafeRawBufferPointer) -> Layout? {
    guard var walk = try? PNGChunkWalk(bytes, verifyingCRC: true) else { return nil }
    var pieces: [Range<Int>] = []
    var header: PNGHeader?
    var idatFinished = false
    while true {
      guard let chunk = try? walk.next() else { return nil }
      if header == nil {
        guard chunk.type == PNGChunk.header,
          let fields = PNGHeader(UnsafeRawBufferPointer(rebasing: bytes[chunk.data])),
          fields.width > 0, fields.height > 0, fields.width <= CairoSurface.maximumSide,
          fields.height <= CairoSurface.maximumSide, fields.bitDepth == 8,
          fields.colourType == 2 || fields.colourType == 6, fields.compression == 0,
          fields.filter == 0, fields.interlace == 0
        else { return nil }
        header = fields
      } else if chunk.type == PNGChunk.imageData {
        guard !idatFinished else { return nil }
        pieces.append(chunk.data)
      } else if chunk.type == PNGChunk.end {
        break
      } else {
        guard !declined.contains(chunk.type) else { return nil }
        if !pieces.isEmpty { idatFinished = true }
        // Other chunks must be ancillary or a palette.
        guard !chunk.isCritical || chunk.type == PNGChunk.palette else { return nil }
      }
    }
    guard let header, !pieces.isEmpty else { return nil }
    return Layout(
      width: header.width, height: header.height, channels: header.colourType == 2 ? 3 : 4,
      pieces: pieces)
  }

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
