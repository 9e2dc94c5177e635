/// Undoes the row filters of a PNG image one row at a time and packs each row into
/// premultiplied ARGB32 pixels.
///
/// The filtered rows are only read: each row is reconstructed into a scratch row of its own,
/// with the row before it (also reconstructed) as the row above, so the inflated data is never
/// written while the inflater may still copy from it.
struct RowReconstruction: ~Copyable {
  let width: Int
  let channels: Int
  private let count: Int
  private var above: UnsafeMutablePointer<UInt8>
  private var current: UnsafeMutablePointer<UInt8>

  init(width: Int, channels: Int) {
    self.width = width
    self.channels = channels
    count = width * channels
    above = .allocate(capacity: count)
    above.initialize(repeating: 0, count: count)
    current = .allocate(capacity: count)
    current.initialize(repeating: 0, count: count)
  }

  deinit {
    above.deallocate()
    current.deallocate()
  }

  /// Reconstructs the next row from its filter type and filtered bytes and packs it into
  /// `output`; false for an unknown filter type.
  mutating func next(
    filter: UInt8, _ filtered: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt32>
  ) -> Bool {
    guard reconstruct(filter, filtered) else { return false }
    pack(into: output)
    swap(&above, &current)
    return true
  }

  /// Reverses one row's filter into `current`; false for an unknown filter type.
  @inline(__always)
  private func reconstruct(_ filter: UInt8, _ source: UnsafePointer<UInt8>) -> Bool {
    let row = current
    let bpp = channels
    switch filter {
    case 0:
      row.update(from: source, count: count)
    case 1:
      for index in 0..<min(bpp, count) { row[index] = source[index] }
      for index in bpp..<max(bpp, count) { row[index] = source[index] &+ row[index - bpp] }
    case 2:
      for index in 0..<count { row[index] = source[index] &+ above[index] }
    case 3:
      for index in 0..<min(bpp, count) { row[index] = source[index] &+ above[index] >> 1 }
      for index in bpp..<max(bpp, count) {
        row[index] =
          source[index] &+ UInt8((UInt16(row[index - bpp]) + UInt16(above[index])) >> 1)
      }
    case 4:
      paeth(source)
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
  private func paeth(_ source: UnsafePointer<UInt8>) {
    let row = current
    let bpp = channels
    @inline(__always)
    func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16> {
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
      let value = (load(source + offset) &+ predictor) & 0xFF
      row[offset] = UInt8(truncatingIfNeeded: value[0])
      row[offset + 1] = UInt8(truncatingIfNeeded: value[1])
      row[offset + 2] = UInt8(truncatingIfNeeded: value[2])
      if bpp == 4 { row[offset + 3] = UInt8(truncatingIfNeeded: value[3]) }
      left = value
      upperLeft = up
      offset += bpp
    }
  }

  /// Packs the straight RGB or RGBA bytes of `current` into premultiplied ARGB32, rounding as
  /// Cairo does.
  @inline(__always)
  private func pack(into output: UnsafeMutablePointer<UInt32>) {
    let row = UnsafePointer(current)
    if channels == 3 {
      for x in 0..<width {
        let source = row + 3 * x
        output[x] =
          0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[1]) << 8 | UInt32(source[2])
      }
      return
    }
    for x in 0..<width {
      let source = row + 4 * x
      let alpha = UInt32(source[3])
      if alpha == 255 {
        output[x] =
          0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[1]) << 8 | UInt32(source[2])
      } else if alpha == 0 {
        output[x] = 0
      } else {
        @inline(__always) func multiply(_ channel: UInt8) -> UInt32 {
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
