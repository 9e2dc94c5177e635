import CircleRender
import Foundation

/// The pixel loop shared by comparisons and diff images: one pass over the region both images
/// cover, without allocation per pixel.
struct PixelScanner {
  /// What one pass found.
  struct Tally {
    var differing = 0
    var antialiased = 0
    /// Pixels of the compared region inside an ignored region.
    var ignored = 0
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
  /// The stripes over ignored regions; between them the faded copy of the expected image shows.
  static let ignoredColour: UInt32 = 0xFF6B_7FD7

  let options: ComparisonOptions

  /// Compares the overlapping region of two images.
  ///
  /// - Parameter output: when given, receives a diff picture of the region, `outputWidth` pixels a
  ///   row: changed pixels red (or the options' darker colour where the actual pixel is
  ///   darker), ignored anti-aliased pixels yellow, ignored regions hatched, the rest a faded
  ///   grey copy of `expected`.
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
        let ignored = IgnoredBands(options.ignoredRegions, width: width, height: height)
        tally.ignored = ignored.pixelCount
        scanRows(a, b, ignoring: ignored, into: &tally, output: output, outputWidth: outputWidth)
      }
    }
    return tally
  }

  private func scanRows(
    _ a: Plane, _ b: Plane, ignoring ignored: IgnoredBands, into tally: inout Tally,
    output: UnsafeMutablePointer<UInt32>?, outputWidth: Int
  ) {
    let rowBytes = a.width * MemoryLayout<UInt32>.stride
    var band = 0
    for y in 0..<a.height {
      let rowA = a.base + y * a.stride
      let rowB = b.base + y * b.stride
      let outRow = output.map { $0 + y * outputWidth }
      if outRow == nil, memcmp(rowA, rowB, rowBytes) == 0 { continue }
      while band < ignored.bands.count, ignored.bands[band].rows.upperBound <= y { band += 1 }
      guard band < ignored.bands.count, ignored.bands[band].rows.contains(y) else {
        scanSpan(a, b, y: y, columns: 0..<a.width, into: &tally, output: outRow)
        continue
      }
      var x = 0
      for span in ignored.bands[band].spans {
        scanSpan(a, b, y: y, columns: x..<span.lowerBound, into: &tally, output: outRow)
        if let outRow {
          for column in span {
            outRow[column] =
              (column + y) & 7 < 3 ? Self.ignoredColour : Colourimetry.faded(rowA[column])
          }
        }
        x = span.upperBound
      }
      scanSpan(a, b, y: y, columns: x..<a.width, into: &tally, output: outRow)
    }
  }

  /// Compares the pixels of one row in `columns`, painting them into `outRow` when given.
  @inline(__always)
  private func scanSpan(
    _ a: Plane, _ b: Plane, y: Int, columns: Range<Int>, into tally: inout Tally,
    output outRow: UnsafeMutablePointer<UInt32>?
  ) {
    guard !columns.isEmpty else { return }
    let exact = options.threshold == 0
    let maximumDelta = options.maximumDelta
    let background = options.background
    let darker = options.darkerColour.map(PixelImage.premultiplied) ?? Self.changedColour
    let rowA = a.base + y * a.stride
    let rowB = b.base + y * b.stride
    for x in columns {
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

/// The ignored regions clipped to the compared region, as bands of rows that each hold the
/// same columns: sorted, disjoint column spans, so that overlapping regions count once.
struct IgnoredBands {
  /// Rows from top to bottom, and the ignored columns of each, left to right.
  var bands: [(rows: Range<Int>, spans: [Range<Int>])] = []
  /// How many pixels the regions cover inside the compared region.
  var pixelCount = 0

  init(_ regions: [PixelRect], width: Int, height: Int) {
    let clipped = regions.compactMap { $0.clipped(width: width, height: height) }
    guard !clipped.isEmpty else { return }
    let edges = Set(clipped.flatMap { [$0.rows.lowerBound, $0.rows.upperBound] }).sorted()
    for (top, bottom) in zip(edges, edges.dropFirst()) {
      let columns = clipped.filter { $0.rows.contains(top) }.map(\.columns)
        .sorted { $0.lowerBound < $1.lowerBound }
      var spans: [Range<Int>] = []
      for span in columns {
        if let last = spans.last, span.lowerBound <= last.upperBound {
          spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
        } else {
          spans.append(span)
        }
      }
      guard !spans.isEmpty else { continue }
      bands.append((top..<bottom, spans))
      pixelCount += (bottom - top) * spans.reduce(0) { $0 + $1.count }
    }
  }
}
