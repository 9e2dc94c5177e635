/// Premultiplied ARGB32 pixels somewhere in memory, rows `stride` bytes apart: a `PixelImage`'s
/// array or a Cairo surface's buffer, read in place.
struct PixelLayout {
  let base: UnsafeRawPointer
  let width: Int
  let height: Int
  let stride: Int

  /// Rejects sizes outside 1…16384 pixels a side, as the renderer does.
  static func check(width: Int, height: Int) throws(RenderError) {
    guard width > 0, height > 0 else { throw .emptyImage(width: width, height: height) }
    guard width <= CairoSurface.maximumSide, height <= CairoSurface.maximumSide else {
      throw .imageTooLarge(width: width, height: height)
    }
  }

  /// The pixels of row `y`.
  func row(_ y: Int) -> UnsafePointer<UInt32> {
    (base + y * stride).assumingMemoryBound(to: UInt32.self)
  }

  /// Whether every pixel is fully opaque.
  var isOpaque: Bool {
    for y in 0..<height {
      let pixels = row(y)
      var all: UInt32 = 0xFFFF_FFFF
      for x in 0..<width { all &= pixels[x] }
      if all >> 24 != 0xFF { return false }
    }
    return true
  }
}
