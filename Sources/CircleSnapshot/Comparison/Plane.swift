/// A read-only view of the region of one image that both compared images cover, with the
/// anti-aliasing detector that looks at a pixel's neighbourhood.
struct Plane {
  let base: UnsafePointer<UInt32>
  /// Pixels per row in memory (the image's own width).
  let stride: Int
  let width: Int
  let height: Int

  @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 { base[y * stride + x] }

  /// Whether the pixel sits on an anti-aliased edge (after V. Vysniauskas, "Anti-aliased Pixel
  /// and Intensity Slope Detector", 2009, as pixelmatch applies it).
  ///
  /// It must have at most two neighbours of its own brightness (the image's edge counting as
  /// one), both darker and brighter neighbours, and its most contrasting neighbour on the
  /// bright side or on the dark side must lie in a flat area (``isFlat(x:y:)``) in both images.
  ///
  /// Neighbours are visited column by column — left column top to bottom, then the middle,
  /// then the right — and the first of several equally contrasting ones is kept, as pixelmatch
  /// does: on ties, another order picks another neighbour and can change the answer.
  func looksAntialiased(
    x: Int, y: Int, other: Plane, over background: ComparisonBackground
  ) -> Bool {
    let centre = pixel(x, y)
    let index = y * width + x
    var same = isOnBorder(x, y) ? 1 : 0
    var brighter = (change: 0.0, x: 0, y: 0)
    var darker = (change: 0.0, x: 0, y: 0)
    for nx in max(0, x - 1)...min(width - 1, x + 1) {
      for ny in max(0, y - 1)...min(height - 1, y + 1) where nx != x || ny != y {
        // How much brighter the centre is than this neighbour.
        let change = Colourimetry.brightnessChange(
          centre, pixel(nx, ny), over: background, index: index)
        if change == 0 {
          same += 1
          if same > 2 { return false }
        } else if change < brighter.change {
          brighter = (change, nx, ny)
        } else if change > darker.change {
          darker = (change, nx, ny)
        }
      }
    }
    guard brighter.change < 0, darker.change > 0 else { return false }
    return (isFlat(x: brighter.x, y: brighter.y) && other.isFlat(x: brighter.x, y: brighter.y))
      || (isFlat(x: darker.x, y: darker.y) && other.isFlat(x: darker.x, y: darker.y))
  }

  /// Whether more than two neighbours of the pixel (the image's edge counting as one) hold
  /// exactly its value.
  func isFlat(x: Int, y: Int) -> Bool {
    let value = pixel(x, y)
    var same = isOnBorder(x, y) ? 1 : 0
    for nx in max(0, x - 1)...min(width - 1, x + 1) {
      for ny in max(0, y - 1)...min(height - 1, y + 1) where nx != x || ny != y {
        if pixel(nx, ny) == value {
          same += 1
          if same > 2 { return true }
        }
      }
    }
    return false
  }

  @inline(__always) private func isOnBorder(_ x: Int, _ y: Int) -> Bool {
    x == 0 || y == 0 || x == width - 1 || y == height - 1
  }
}
