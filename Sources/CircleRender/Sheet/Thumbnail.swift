import CCairo

/// A small copy of a picture, each pixel the mean of the block of picture pixels it covers,
/// kept up to date by redoing only the blocks that a change touches.
///
/// The picture's columns are split into `width` runs (and its rows into `height` runs) as evenly
/// as whole pixels allow; a thumbnail pixel is the mean of its run of columns by its run of
/// rows, in premultiplied ARGB32 (so transparent parts average as they should). A picture
/// smaller than the thumbnail repeats its pixels.
struct Thumbnail {
  let width: Int
  let height: Int
  /// Premultiplied ARGB32, rows `width` apart.
  private(set) var pixels: [UInt32]
  private let columns: [Range<Int>]
  private let rows: [Range<Int>]

  /// A thumbnail of `width`×`height` pixels of a picture of `sourceWidth`×`sourceHeight`.
  init(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    pixels = [UInt32](repeating: 0, count: self.width * self.height)
    columns = Self.runs(self.width, over: sourceWidth)
    rows = Self.runs(self.height, over: sourceHeight)
  }

  /// `count` runs covering `0..<total` in order, each at least one pixel long.
  private static func runs(_ count: Int, over total: Int) -> [Range<Int>] {
    (0..<count).map { index in
      let start = min(total - 1, index * total / count)
      return start..<max(start + 1, (index + 1) * total / count)
    }
  }

  /// The thumbnail pixels whose blocks meet the picture rectangle `rect`.
  func covering(_ rect: PixelRect) -> PixelRect {
    guard !rect.isEmpty,
      let minX = columns.firstIndex(where: { $0.upperBound > rect.minX }),
      let minY = rows.firstIndex(where: { $0.upperBound > rect.minY })
    else { return .empty }
    let maxX = (columns.lastIndex { $0.lowerBound < rect.maxX } ?? -1) + 1
    let maxY = (rows.lastIndex { $0.lowerBound < rect.maxY } ?? -1) + 1
    let covered = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    return covered.isEmpty ? .empty : covered
  }

  /// Recomputes the thumbnail pixels in `area` (thumbnail coordinates) from a picture.
  mutating func update(_ area: PixelRect, from source: UnsafeRawPointer, stride: Int) {
    guard !area.isEmpty else { return }
    for ty in area.minY..<area.maxY {
      let rowRun = rows[ty]
      for tx in area.minX..<area.maxX {
        let columnRun = columns[tx]
        var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        for y in rowRun {
          let line = (source + y * stride).assumingMemoryBound(to: UInt32.self)
          for x in columnRun {
            let pixel = line[x]
            sums.0 += pixel >> 24
            sums.1 += pixel >> 16 & 0xFF
            sums.2 += pixel >> 8 & 0xFF
            sums.3 += pixel & 0xFF
          }
        }
        let count = UInt32(rowRun.count * columnRun.count)
        let half = count / 2
        let alpha = (sums.0 + half) / count
        let red = (sums.1 + half) / count
        let green = (sums.2 + half) / count
        let blue = (sums.3 + half) / count
        pixels[ty * width + tx] = alpha << 24 | red << 16 | green << 8 | blue
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
