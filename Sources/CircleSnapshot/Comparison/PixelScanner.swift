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
  ///   row: changed pixels red (or the options' darker colour where the actual pixel is
  ///   darker), ignored anti-aliased pixels yellow, the rest a faded grey copy of `expected`.
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
    let background = options.background
    let darker = options.darkerColour.map(PixelImage.premultiplied) ?? Self.changedColour
    let rowBytes = a.width * MemoryLayout<UInt32>.stride
    for y in 0..<a.height {
      let rowA = a.base + y * a.stride
      let rowB = b.base + y * b.stride
      let outRow = output.map { $0 + y * outputWidth }
      if outRow == nil, memcmp(rowA, rowB, rowBytes) == 0 { continue }
      for x in 0..<a.width {
        let pa = rowA[x]
        let pb = rowB[x]
        guard pa != pb else {
          outRow?[x] = Colourimetry.faded(pa)
          continue
        }
        let (delta, actualIsDarker) = Colourimetry.distance(
          pa, pb, over: background, index: y * a.width + x)
        if !exact, delta <= maximumDelta {
          outRow?[x] = Colourimetry.faded(pa)
          continue
        }
        if options.ignoresAntialiasing,
          a.looksAntialiased(x: x, y: y, other: b, over: background)
            || b.looksAntialiased(x: x, y: y, other: a, over: background)
        {
          tally.antialiased += 1
          outRow?[x] = PixelScanner.antialiasedColour
          continue
        }
        tally.addDifference(x: x, y: y)
        outRow?[x] = actualIsDarker ? darker : PixelScanner.changedColour
      }
    }
  }
}
