import CIsal
import CZlib

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
    // zlib's set-up fails only for want of memory (its settings are fixed and valid).
    var failure = RenderError.compressionFailed
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
        failure = .outOfMemory(operation: "set up the PNG compressor")
      }
    }
    guard ok else { return .failure(failure) }
    let adler = adler32(adler32(0, nil, 0), source, uInt(input.count))
    let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    return .success((bytes, UInt32(adler), UInt32(crc)))
  }
}
