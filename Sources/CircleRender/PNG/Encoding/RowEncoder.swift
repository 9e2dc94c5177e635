/// Turns rows of premultiplied ARGB32 pixels into filtered PNG scanlines: a filter byte, then
/// straight-alpha RGB or RGBA bytes, each minus its predictor.
final class RowEncoder {
  let pixels: PixelLayout
  let channels: Int
  let filter: PNGEncoding.RowFilter
  /// The unfiltered bytes of the row being encoded and of the one above it (zero at the top).
  private var current: UnsafeMutablePointer<UInt8>
  private var previous: UnsafeMutablePointer<UInt8>

  init(pixels: PixelLayout, channels: Int, filter: PNGEncoding.RowFilter) {
    self.pixels = pixels
    self.channels = channels
    self.filter = filter
    let count = pixels.width * channels
    current = .allocate(capacity: count)
    current.initialize(repeating: 0, count: count)
    previous = .allocate(capacity: count)
    previous.initialize(repeating: 0, count: count)
  }

  deinit {
    current.deallocate()
    previous.deallocate()
  }

  /// Writes row `y` (filter byte and data) at `output`; rows must come in order from the top.
  func encodeRow(_ y: Int, into output: UnsafeMutablePointer<UInt8>) {
    output[0] = filter.rawValue
    let data = output + 1
    let count = pixels.width * channels
    switch filter {
    case .none:
      convert(pixels.row(y), into: data)
    case .sub:
      let row = current
      convert(pixels.row(y), into: row)
      for index in 0..<min(channels, count) { data[index] = row[index] }
      for index in channels..<max(channels, count) {
        data[index] = row[index] &- row[index - channels]
      }
    case .up:
      let row = current
      let above = previous
      convert(pixels.row(y), into: row)
      for index in 0..<count { data[index] = row[index] &- above[index] }
      current = above
      previous = row
    }
  }

  /// Writes one row's pixels as straight-alpha bytes.
  private func convert(_ row: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt8>) {
    let width = pixels.width
    if channels == 3 {
      for x in 0..<width {
        let pixel = row[x]
        output[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
        output[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
        output[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
      }
      return
    }
    Unpremultiply.table.withUnsafeBufferPointer { table in
      for x in 0..<width {
        let pixel = row[x]
        let alpha = pixel >> 24
        let target = output + 4 * x
        target[3] = UInt8(truncatingIfNeeded: alpha)
        if alpha == 255 {
          target[0] = UInt8(truncatingIfNeeded: pixel >> 16)
          target[1] = UInt8(truncatingIfNeeded: pixel >> 8)
          target[2] = UInt8(truncatingIfNeeded: pixel)
        } else {
          let base = Int(alpha) << 8
          target[0] = table[base | Int((pixel >> 16) & 0xFF)]
          target[1] = table[base | Int((pixel >> 8) & 0xFF)]
          target[2] = table[base | Int(pixel & 0xFF)]
        }
      }
    }
  }
}

/// Undoing premultiplied alpha as Cairo's PNG writer does: `(c × 255 + a / 2) / a`, and 0 for
/// a transparent pixel.
enum Unpremultiply {
  /// Entry `a << 8 | c` holds the straight value of channel `c` under alpha `a`.
  static let table: [UInt8] = (0..<65536).map { index in
    let alpha = index >> 8
    let channel = index & 0xFF
    guard alpha > 0 else { return 0 }
    return UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
  }
}
