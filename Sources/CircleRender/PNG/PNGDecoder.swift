import CZlib
import Foundation

/// A quick decoder for the PNG files circles and Cairo write: 8 bits a channel, RGB or RGBA,
/// not interlaced. It inflates with zlib and undoes the row filters itself, writing
/// premultiplied ARGB32 pixels straight into the result, with the same rounding as Cairo.
///
/// Anything else, or anything unusual (a bad checksum, a transparency, gamma or colour-space
/// chunk, data that does not inflate to exactly the image), gives `nil`, and the caller decodes
/// with Cairo, which also reports what is wrong.
enum PNGDecoder {
  /// Chunks that change what the pixels mean (transparency, gamma, colour space, significant
  /// bits, chromaticities) or a second header: such files are left to Cairo.
  static let declined: Set<UInt32> = [
    PNGChunk.code("tRNS"), PNGChunk.header, PNGChunk.code("gAMA"), PNGChunk.code("iCCP"),
    PNGChunk.code("sRGB"), PNGChunk.code("cHRM"), PNGChunk.code("sBIT"),
  ]

  /// The image, or `nil` when the file is not of the simple kind this decoder reads.
  static func decode(_ data: Data) -> PixelImage? {
    data.withUnsafeBytes { bytes in decode(bytes) }
  }

  private static func decode(_ bytes: UnsafeRawBufferPointer) -> PixelImage? {
    // Chunks: IHDR first, IDATs together, IEND last; every checksum right.
    guard var walk = try? PNGChunkWalk(bytes, verifyingCRC: true) else { return nil }
    var pieces: [Range<Int>] = []
    var header: (width: Int, height: Int, channels: Int)?
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
        header = (fields.width, fields.height, fields.colourType == 2 ? 3 : 4)
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

    let rowBytes = 1 + header.width * header.channels
    let total = rowBytes * header.height
    let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
    defer { raw.deallocate() }
    let progress = RowProgress()
    let input = SendablePieces(bytes: bytes, pieces: pieces, output: raw, count: total)
    let inflateAll = { @Sendable in
      progress.finish(
        valid: inflate(input.pieces, from: input.bytes, into: input.output, count: input.count) {
          progress.publish(bytes: $0)
        })
    }
    // Large images inflate on another thread while this one undoes the filters behind it.
    if total >= 1 << 20, ProcessInfo.processInfo.activeProcessorCount > 1 {
      DispatchQueue.global().async(execute: inflateAll)
    } else {
      inflateAll()
    }
    let image = unfilter(
      raw, width: header.width, height: header.height, channels: header.channels,
      progress: progress)
    // The inflating thread has finished when `valid` answers.
    return progress.waitUntilFinished() ? image : nil
  }

  /// Inflates the IDAT pieces into exactly `count` bytes, telling `published` how many bytes are
  /// ready as it goes; false on any error.
  private static func inflate(
    _ pieces: [Range<Int>], from bytes: UnsafeRawBufferPointer,
    into output: UnsafeMutablePointer<UInt8>, count: Int, published: (Int) -> Void
  ) -> Bool {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard circles_inflate_init(stream, 15) == Z_OK else { return false }
    defer { inflateEnd(stream) }
    let step = 256 << 10
    var done = 0
    stream.pointee.next_out = output
    for (index, piece) in pieces.enumerated() {
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + piece.lowerBound)
      stream.pointee.avail_in = uInt(piece.count)
      while stream.pointee.avail_in > 0 {
        if stream.pointee.avail_out == 0 {
          // Hand out what is done, then give zlib the next stretch.
          published(done)
          guard done < count else { return false }
          stream.pointee.avail_out = uInt(min(step, count - done))
        }
        let before = Int(stream.pointee.avail_out)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        done += before - Int(stream.pointee.avail_out)
        if status == Z_STREAM_END {
          // Exactly the image, and nothing after it.
          published(done)
          return stream.pointee.avail_in == 0 && index == pieces.count - 1 && done == count
        }
        guard status == Z_OK || (status == Z_BUF_ERROR && stream.pointee.avail_out == 0) else {
          return false
        }
      }
    }
    return false
  }

  /// Undoes the row filters in place and packs premultiplied ARGB32 pixels, each row once
  /// the inflating thread has made it; `nil` when a row has an unknown filter or inflating
  /// failed.
  private static func unfilter(
    _ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, channels: Int,
    progress: RowProgress
  ) -> PixelImage? {
    let rowBytes = 1 + width * channels
    let count = width * channels
    var valid = true
    let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    zeros.initialize(repeating: 0, count: count)
    defer { zeros.deallocate() }
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, written in
      var ready = 0
      for y in 0..<height {
        let end = (y + 1) * rowBytes
        if ready < end {
          ready = progress.wait(forBytes: end)
          guard ready >= end else {
            valid = false
            break
          }
        }
        let row = base + y * rowBytes + 1
        let above = y == 0 ? zeros : row - rowBytes
        guard reconstruct(base[y * rowBytes], row, above, count: count, bpp: channels) else {
          valid = false
          break
        }
        pack(row, into: buffer.baseAddress! + y * width, width: width, channels: channels)
      }
      written = valid ? width * height : 0
    }
    return valid ? PixelImage(width: width, height: height, pixels: pixels) : nil
  }

  /// Reverses one row's filter; false for an unknown filter type.
  @inline(__always)
  private static func reconstruct(
    _ filter: UInt8, _ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>,
    count: Int, bpp: Int
  ) -> Bool {
    switch filter {
    case 0:
      break
    case 1:
      for index in bpp..<max(bpp, count) { row[index] &+= row[index - bpp] }
    case 2:
      for index in 0..<count { row[index] &+= above[index] }
    case 3:
      for index in 0..<min(bpp, count) { row[index] &+= above[index] >> 1 }
      for index in bpp..<max(bpp, count) {
        row[index] &+= UInt8((UInt16(row[index - bpp]) + UInt16(above[index])) >> 1)
      }
    case 4:
      paeth(row, above, count: count, bpp: bpp)
    default:
      return false
    }
    return true
  }

  /// Reverses the Paeth filter a pixel at a time, the pixel's channels side by side.
  ///
  /// The predictor of each byte is whichever of left (a), above (b) and upper left (c) is
  /// closest to a + b − c, preferring a, then b: |p − a| = |b − c|, |p − b| = |a − c| and
  /// |p − c| = |a + b − 2c|.
  @inline(__always)
  private static func paeth(
    _ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, count: Int,
    bpp: Int
  ) {
    @inline(__always)
    func load(_ pointer: UnsafeMutablePointer<UInt8>) -> SIMD4<Int16> {
      SIMD4(
        Int16(pointer[0]), Int16(pointer[1]), Int16(pointer[2]), bpp == 4 ? Int16(pointer[3]) : 0)
    }
    var left = SIMD4<Int16>(repeating: 0)
    var upperLeft = SIMD4<Int16>(repeating: 0)
    var offset = 0
    while offset < count {
      let up = load(above + offset)
      let pa = pointwiseMax(up &- upperLeft, upperLeft &- up)
      let pb = pointwiseMax(left &- upperLeft, upperLeft &- left)
      let sum = left &+ up &- upperLeft &- upperLeft
      let pc = pointwiseMax(sum, 0 &- sum)
      var predictor = upperLeft
      predictor.replace(with: up, where: pb .<= pc)
      predictor.replace(with: left, where: (pa .<= pb) .& (pa .<= pc))
      let value = (load(row + offset) &+ predictor) & 0xFF
      row[offset] = UInt8(truncatingIfNeeded: value[0])
      row[offset + 1] = UInt8(truncatingIfNeeded: value[1])
      row[offset + 2] = UInt8(truncatingIfNeeded: value[2])
      if bpp == 4 { row[offset + 3] = UInt8(truncatingIfNeeded: value[3]) }
      left = value
      upperLeft = up
      offset += bpp
    }
  }

  /// Packs straight RGB or RGBA bytes into premultiplied ARGB32, rounding as Cairo does.
  @inline(__always)
  private static func pack(
    _ row: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt32>, width: Int,
    channels: Int
  ) {
    if channels == 3 {
      for x in 0..<width {
        let source = row + 3 * x
        output[x] =
          0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[1]) << 8
          | UInt32(source[2])
      }
      return
    }
    for x in 0..<width {
      let source = row + 4 * x
      let alpha = UInt32(source[3])
      if alpha == 255 {
        output[x] =
          0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[1]) << 8
          | UInt32(source[2])
      } else if alpha == 0 {
        output[x] = 0
      } else {
        func multiply(_ channel: UInt8) -> UInt32 {
          let product = alpha * UInt32(channel) + 0x80
          return (product + (product >> 8)) >> 8
        }
        output[x] =
          alpha << 24 | multiply(source[0]) << 16 | multiply(source[1]) << 8
          | multiply(source[2])
      }
    }
  }
}

/// How far the inflating thread has got, and whether it succeeded.
private final class RowProgress: @unchecked Sendable {
  private let condition = NSCondition()
  private var bytes = 0
  private var outcome: Bool?

  func publish(bytes: Int) {
    condition.withLock {
      self.bytes = bytes
      condition.broadcast()
    }
  }

  func finish(valid: Bool) {
    condition.withLock {
      outcome = valid
      condition.broadcast()
    }
  }

  /// Waits until `count` bytes are ready or inflating has ended; returns the bytes ready.
  func wait(forBytes count: Int) -> Int {
    condition.lock()
    while bytes < count, outcome == nil { condition.wait() }
    let ready = bytes
    condition.unlock()
    return ready
  }

  func waitUntilFinished() -> Bool {
    condition.lock()
    while outcome == nil { condition.wait() }
    let valid = outcome!
    condition.unlock()
    return valid
  }
}

/// What the inflating thread reads and writes; the caller keeps it alive until it finishes.
private struct SendablePieces: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
  let pieces: [Range<Int>]
  let output: UnsafeMutablePointer<UInt8>
  let count: Int
}
