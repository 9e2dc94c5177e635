import CircleRender
import Foundation

/// The pixel loop shared by comparisons and diff images: one pass over the region both images
/// cover, without allocation per pixel.
struct PixelScanner {
  /// What one pass found.
  struct Tally {
    var differing = 0
    var antialiased = 0
    var first: PixelPoint?
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    var bounds: PixelRect? {
      maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    mutating func addDifference(x: Int, y: Int) {
      differing += 1
      if first == nil { first = PixelPoint(x: x, y: y) }
      minX = min(minX, x)
      maxX = max(maxX, x)
      minY = min(minY, y)
      maxY = max(maxY, y)
    }
  }

  /// Colours the diff image uses, opaque ARGB32.
  static let changedColour: UInt32 = 0xFFFF_0000
  static let antialiasedColour: UInt32 = 0xFFFF_D700

  let options: ComparisonOptions

  /// Compares the overlapping region of two images.
  ///
  /// - Parameter output: when given, receives a diff picture of the region, `outputWidth` pixels a
  ///   row: changed pixels red, ignored anti-aliased pixels yellow, the rest a faded grey copy of
  ///   `expected`.
  func scan(
    _ expected: PixelImage, _ actual: PixelImage,
    output: UnsafeMutablePointer<UInt32>? = nil, outputWidth: Int = 0
  ) -> Tally {
    let width = min(expected.width, actual.width)
    let height = min(expected.height, actual.height)
    var tally = Tally()
    guard width > 0, height > 0 else { return tally }
    expected.pixels.withUnsafeBufferPointer { one in
      actual.pixels.withUnsafeBufferPointer { two in
        let a = Plane(base: one.baseAddress!, stride: expected.width, width: width, height: height)
        let b = Plane(base: two.baseAddress!, stride: actual.width, width: width, height: height)
        scanRows(a, b, into: &tally, output: output, outputWidth: outputWidth)
      }
    }
    return tally
  }

  private func scanRows(
    _ a: Plane, _ b: Plane, into tally: inout Tally,
    output: UnsafeMutablePointer<UInt32>?, outputWidth: Int
  ) {
    let exact = options.threshold == 0
    let maximumDelta = options.maximumDelta
    let rowBytes = a.width * MemoryLayout<UInt32>.stride
    for y in 0..<a.height {
      let rowA = a.base + y * a.stride
      let rowB = b.base + y * b.stride
      let outRow = output.map { $0 + y * outputWidth }
      if outRow == nil, memcmp(rowA, rowB, rowBytes) == 0 { continue }
      for x in 0..<a.width {
        let pa = rowA[x]
        let pb = rowB[x]
        var differs = pa != pb
        if differs, !exact { differs = Colourimetry.delta(pa, pb) > maximumDelta }
        if differs, options.ignoresAntialiasing,
          a.looksAntialiased(x: x, y: y, other: b) || b.looksAntialiased(x: x, y: y, other: a)
        {
          tally.antialiased += 1
          outRow?[x] = PixelScanner.antialiasedColour
          continue
        }
        if differs {
          tally.addDifference(x: x, y: y)
          outRow?[x] = PixelScanner.changedColour
        } else if let outRow {
          outRow[x] = Colourimetry.faded(pa)
        }
      }
    }
  }
}

/// A read-only view of the region of one image that both images cover.
struct Plane {
  let base: UnsafePointer<UInt32>
  /// Pixels per row in memory (the image's own width).
  let stride: Int
  let width: Int
  let height: Int

  @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 { base[y * stride + x] }

  /// Whether the pixel sits on an anti-aliased edge: it has both darker and brighter neighbours,
  /// at most two neighbours as bright as itself, and its darkest or brightest neighbour lies in
  /// a flat area (many identical neighbours) in both images.
  func looksAntialiased(x: Int, y: Int, other: Plane) -> Bool {
    let centre = Colourimetry.brightness(pixel(x, y))
    var equal = isOnBorder(x, y) ? 1 : 0
    var darkest = 0.0
    var brightest = 0.0
    var darkX = 0
    var darkY = 0
    var brightX = 0
    var brightY = 0
    for ny in max(0, y - 1)...min(height - 1, y + 1) {
      for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
        let delta = Colourimetry.brightness(pixel(nx, ny)) - centre
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          (darkX, darkY) = (nx, ny)
        } else if delta > brightest {
          brightest = delta
          (brightX, brightY) = (nx, ny)
        }
      }
    }
    guard darkest < 0, brightest > 0 else { return false }
    return (isFlat(x: darkX, y: darkY) && other.isFlat(x: darkX, y: darkY))
      || (isFlat(x: brightX, y: brightY) && other.isFlat(x: brightX, y: brightY))
  }

  /// Whether more than two neighbours of the pixel (the image's edge counting as one) hold
  /// exactly its value.
  func isFlat(x: Int, y: Int) -> Bool {
    let value = pixel(x, y)
    var same = isOnBorder(x, y) ? 1 : 0
    for ny in max(0, y - 1)...min(height - 1, y + 1) {
      for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
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
