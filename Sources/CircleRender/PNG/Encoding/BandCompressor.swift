internal import CIsal
internal import CZlib
import Foundation

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
    /// Where each band is compressed before its bytes are copied out at their size: as large
    /// as the largest band's worst case so far.
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var scratchCapacity = 0

    /// The scratch memory, at least `count` bytes; `nil` when it cannot be had.
    func scratch(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
      if count > scratchCapacity {
        free(scratch)
        scratch = malloc(count)?.bindMemory(to: UInt8.self, capacity: count)
        scratchCapacity = scratch == nil ? 0 : count
      }
      return scratch
    }

    init(_ settings: PNGEncoding) {
      if settings.strategy == .igzip {
        // igzip's level 0 grows incompressible data by a fifth: 1 is its least.
        let level = min(3, max(1, settings.level))
        let size = Int(circles_igzip_level_buffer_size(Int32(level)))
        // From the C allocator, so that a shortage is an error (`.failed`), not a trap.
        guard let memory = calloc(1, MemoryLayout<isal_zstream>.stride) else {
          engine = .failed
          return
        }
        let buffer = size > 0 ? malloc(size) : nil
        guard size == 0 || buffer != nil else {
          free(memory)
          engine = .failed
          return
        }
        let stream = memory.bindMemory(to: isal_zstream.self, capacity: 1)
        isal_deflate_init(stream)
        engine = .igzip(stream, level: UInt32(level), buffer: buffer)
        return
      }
      guard let memory = calloc(1, MemoryLayout<z_stream>.stride) else {
        engine = .failed
        return
      }
      let stream = memory.bindMemory(to: z_stream.self, capacity: 1)
      let strategy: Int32 =
        switch settings.strategy {
        case .standard, .igzip: Z_DEFAULT_STRATEGY
        case .filtered: Z_FILTERED
        case .runLength: Z_RLE
        }
      if circles_deflate_init(stream, Int32(settings.level), -15, strategy) == Z_OK {
        engine = .zlib(stream)
      } else {
        free(stream)
        engine = .failed
      }
    }

    deinit {
      free(scratch)
      switch engine {
      case .zlib(let stream):
        deflateEnd(stream)
        free(stream)
      case .igzip(let stream, _, let buffer):
        free(stream)
        free(buffer)
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
    // zlib's set-up fails only for want of memory (its settings are fixed and valid).
    var failure = RenderError.compressionFailed
    // Room for stored blocks when nothing compresses, and the flush marker.
    let capacity = input.count + input.count / 4 + 1024
    let shortage = RenderError.outOfMemory(operation: "compress the rows of a PNG file")
    guard let buffer = owner.scratch(capacity) else { return .failure(shortage) }
    let source = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
    var ok = false
    var count = 0
    switch owner.engine {
    case .zlib(let stream):
      guard deflateReset(stream) == Z_OK else { return .failure(failure) }
      stream.pointee.next_in = source
      stream.pointee.avail_in = uInt(input.count)
      stream.pointee.next_out = buffer
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
      stream.pointee.next_out = buffer
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
      failure = .outOfMemory(operation: "set up the PNG compressor")
    }
    guard ok else { return .failure(failure) }
    // The band's bytes at their size, asked of the system first: Swift stops the program when
    // an array cannot be allocated.
    guard PixelImage.canAllocate(bytes: count) else { return .failure(shortage) }
    let bytes = [UInt8](UnsafeBufferPointer(start: buffer, count: count))
    let adler = adler32(adler32(0, nil, 0), source, uInt(input.count))
    let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    return .success((bytes, UInt32(adler), UInt32(crc)))
  }
}
