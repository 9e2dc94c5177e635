internal import CCairo

/// A small copy of a picture, each pixel the mean of the part of the picture it covers, kept up
/// to date by redoing only the pixels that a change touches.
///
/// A thumbnail pixel covers a rectangle of the picture (the picture's size divided by the
/// thumbnail's), which takes whole pixels and parts of pixels at its edges: each picture pixel
/// counts by the share of it that is covered (an area-weighted box filter), in premultiplied
/// ARGB32, so edges stay smooth and transparent parts average as they should. Sums stay within
/// 32 bits: 255 × 256 × 256.
struct Thumbnail {
  let width: Int
  let height: Int
  /// Premultiplied ARGB32, rows `width` apart.
  private(set) var pixels: [UInt32]
  private let columns: [Taps]
  private let rows: [Taps]

  /// The picture pixels along one axis that a thumbnail pixel covers, and by how much: weights
  /// in 256ths that add up to 256.
  struct Taps {
    let range: Range<Int>
    let weights: [UInt32]
  }

  /// A thumbnail of `width`×`height` pixels of a picture of `sourceWidth`×`sourceHeight`.
  init(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    pixels = [UInt32](repeating: 0, count: self.width * self.height)
    columns = Self.taps(self.width, over: max(1, sourceWidth))
    rows = Self.taps(self.height, over: max(1, sourceHeight))
  }

  /// For each of `count` thumbnail pixels, the picture pixels of `0..<total` it covers.
  ///
  /// Positions are counted in `count`ths of a picture pixel, so thumbnail pixel `i` covers
  /// `i × total ..< (i + 1) × total` exactly. Each weight is the difference of the rounded
  /// share covered up to a pixel's two edges: weights never go below 0 and add up to 256.
  static func taps(_ count: Int, over total: Int) -> [Taps] {
    (0..<count).map { index in
      let start = index * total
      let end = start + total
      let first = start / count
      let last = (end + count - 1) / count
      // The share of the thumbnail pixel covered up to `position`, in 256ths, rounded half up.
      func covered(_ position: Int) -> Int { ((position - start) * 512 + total) / (2 * total) }
      let weights = (first..<last).map { pixel in
        UInt32(covered(min(end, (pixel + 1) * count)) - covered(max(start, pixel * count)))
      }
      return Taps(range: first..<last, weights: weights)
    }
  }

  /// The thumbnail pixels whose part of the picture meets the picture rectangle `rect`.
  func covering(_ rect: PixelRect) -> PixelRect {
    guard !rect.isEmpty,
      let minX = columns.firstIndex(where: { $0.range.upperBound > rect.minX }),
      let minY = rows.firstIndex(where: { $0.range.upperBound > rect.minY })
    else { return .empty }
    let maxX = (columns.lastIndex { $0.range.lowerBound < rect.maxX } ?? -1) + 1
    let maxY = (rows.lastIndex { $0.range.lowerBound < rect.maxY } ?? -1) + 1
    let covered = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    return covered.isEmpty ? .empty : covered
  }

  /// Recomputes the thumbnail pixels in `area` (thumbnail coordinates) from a picture.
  ///
  /// The filter is applied in two passes: each picture row the area needs is first reduced to
  /// the area's columns, then those sums are reduced to its rows.
  mutating func update(_ area: PixelRect, from source: UnsafeRawPointer, stride: Int) {
    guard !area.isEmpty else { return }
    let firstRow = rows[area.minY].range.lowerBound
    let lastRow = rows[area.maxY - 1].range.upperBound
    let columnCount = area.maxX - area.minX
    // Channel sums of each needed picture row over each thumbnail column, in 256ths.
    var across = [UInt32](repeating: 0, count: (lastRow - firstRow) * columnCount * 4)
    across.withUnsafeMutableBufferPointer { sums in
      for y in firstRow..<lastRow {
        let line = (source + y * stride).assumingMemoryBound(to: UInt32.self)
        var at = (y - firstRow) * columnCount * 4
        for tx in area.minX..<area.maxX {
          let taps = columns[tx]
          var (a, r, g, b): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
          var x = taps.range.lowerBound
          for weight in taps.weights {
            let pixel = line[x]
            a += (pixel >> 24) * weight
            r += (pixel >> 16 & 0xFF) * weight
            g += (pixel >> 8 & 0xFF) * weight
            b += (pixel & 0xFF) * weight
            x += 1
          }
          sums[at] = a
          sums[at + 1] = r
          sums[at + 2] = g
          sums[at + 3] = b
          at += 4
        }
      }
    }
    let width = self.width
    across.withUnsafeBufferPointer { sums in
      pixels.withUnsafeMutableBufferPointer { output in
        for ty in area.minY..<area.maxY {
          let taps = rows[ty]
          for column in 0..<columnCount {
            var (a, r, g, b): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            var at = ((taps.range.lowerBound - firstRow) * columnCount + column) * 4
            for weight in taps.weights {
              a += sums[at] * weight
              r += sums[at + 1] * weight
              g += sums[at + 2] * weight
              b += sums[at + 3] * weight
              at += columnCount * 4
            }
            let alpha = (a + 32768) >> 16
            let red = (r + 32768) >> 16
            let green = (g + 32768) >> 16
            let blue = (b + 32768) >> 16
            output[ty * width + area.minX + column] = alpha << 24 | red << 16 | green << 8 | blue
          }
        }
      }
    }
  }

  /// The pixels of `area`, row by row.
  func copy(of area: PixelRect) -> [UInt32] {
    var copied: [UInt32] = []
    copied.reserveCapacity(area.area)
    for y in area.minY..<area.maxY {
      copied += pixels[y * width + area.minX..<y * width + area.maxX]
    }
    return copied
  }

  /// Puts back pixels that `copy(of:)` took.
  mutating func paste(_ copied: [UInt32], in area: PixelRect) {
    let areaWidth = area.maxX - area.minX
    for y in area.minY..<area.maxY {
      let start = (y - area.minY) * areaWidth
      pixels.replaceSubrange(
        y * width + area.minX..<y * width + area.maxX, with: copied[start..<start + areaWidth])
    }
  }
}
