import CircleRender

extension DiffImage {
  /// The largest side of a strip: the largest image Cairo and PNG encoding here accept.
  package static let maximumStripSide = 16384
  /// The colour of the labels' letters, a dark grey.
  package static let labelColour: UInt32 = 0xFF33_3333

  /// Places three images side by side under their labels, separated by grey bars:
  /// golden | diff | actual.
  ///
  /// A white band above the panels names each one ("golden", "diff", "actual"), as the HTML
  /// report does. Images lower than the strip are aligned to its top and transparent below.
  /// When the strip would be wider or higher than ``maximumStripSide`` (images wider than 5458
  /// pixels), every panel is first scaled down by the smallest whole factor that fits, each of
  /// its pixels the average of a square of the image's pixels; ``stripReduction(expected:diff:actual:)``
  /// tells the factor.
  ///
  /// With `names`, the golden and actual panels also name their images after their labels
  /// ("golden 0002-add-hill", "actual 0003-add-hill" for a golden compared under a new
  /// number), clipped to their panels. `expectedLabel` names the first panel ("expected" for
  /// `circles compare`, whose reports call it so).
  ///
  /// - Throws: `RenderError.outOfMemory` when the memory for the strip cannot be had.
  package static func strip(
    expected: PixelImage, diff: PixelImage, actual: PixelImage,
    names: (golden: String, actual: String)? = nil, expectedLabel: String = "golden"
  ) throws(RenderError) -> PixelImage {
    let labels = [
      expectedLabel + (names.map { " " + $0.golden } ?? ""), "diff",
      "actual" + (names.map { " " + $0.actual } ?? ""),
    ]
    let factor = stripReduction(expected: expected, diff: diff, actual: actual)
    let panels = try [expected, diff, actual].map { (image) throws(RenderError) in
      try reduced(image, by: factor)
    }
    let scale = labelScale(height: panels.map(\.height).max() ?? 0)
    let band = StripLabel.bandHeight(scale: scale)
    let width = panels.reduce(0) { $0 + $1.width } + 2 * separatorWidth
    let height = band + (panels.map(\.height).max() ?? 0)
    var strip = try PixelImage(width: width, height: height, repeating: 0)
    for index in 0..<band * width { strip.pixels[index] = 0xFFFF_FFFF }
    var left = 0
    for (index, panel) in panels.enumerated() {
      for y in 0..<panel.height {
        let source = y * panel.width
        let target = (band + y) * width + left
        strip.pixels.replaceSubrange(
          target..<target + panel.width, with: panel.pixels[source..<source + panel.width])
      }
      StripLabel.draw(
        labels[index], x: left + 2 * scale, y: 2 * scale, scale: scale,
        colour: labelColour, limit: left + panel.width, into: &strip.pixels, width: width)
      left += panel.width
      if index < panels.count - 1 {
        for y in 0..<height {
          let start = y * width + left
          strip.pixels.replaceSubrange(
            start..<start + separatorWidth,
            with: repeatElement(separatorColour, count: separatorWidth))
        }
        left += separatorWidth
      }
    }
    return strip
  }

  /// The whole factor by which ``strip(expected:diff:actual:)`` scales its panels down: 1 when
  /// the strip fits within ``maximumStripSide`` as it is.
  package static func stripReduction(expected: PixelImage, diff: PixelImage, actual: PixelImage)
    -> Int
  {
    let panels = [expected, diff, actual]
    var factor = 1
    while true {
      let width = panels.reduce(0) { $0 + ($1.width + factor - 1) / factor } + 2 * separatorWidth
      let height = ((panels.map(\.height).max() ?? 0) + factor - 1) / factor
      let band = StripLabel.bandHeight(scale: labelScale(height: height))
      if width <= maximumStripSide, height + band <= maximumStripSide { return factor }
      factor += 1
    }
  }

  /// The size of the labels' font pixels: 1 for panels up to 239 pixels high, up to 4.
  static func labelScale(height: Int) -> Int { min(4, max(1, height / 120)) }

  /// The image scaled down by a whole factor, each pixel the average of a `factor`×`factor`
  /// square (smaller at the right and bottom edges).
  static func reduced(_ image: PixelImage, by factor: Int) throws(RenderError) -> PixelImage {
    guard factor > 1 else { return image }
    let width = (image.width + factor - 1) / factor
    let height = (image.height + factor - 1) / factor
    var result = try PixelImage(width: width, height: height, repeating: 0)
    image.pixels.withUnsafeBufferPointer { source in
      for y in 0..<height {
        let rows = y * factor..<min(image.height, (y + 1) * factor)
        for x in 0..<width {
          let columns = x * factor..<min(image.width, (x + 1) * factor)
          var sum = SIMD4<UInt64>(repeating: 0)
          for row in rows {
            for column in columns {
              let pixel = source[row * image.width + column]
              sum &+= SIMD4(
                UInt64(pixel >> 24), UInt64((pixel >> 16) & 0xFF), UInt64((pixel >> 8) & 0xFF),
                UInt64(pixel & 0xFF))
            }
          }
          let count = UInt64(rows.count * columns.count)
          let mean = (sum &+ count / 2) / count
          result.pixels[y * width + x] =
            UInt32(mean[0]) << 24 | UInt32(mean[1]) << 16 | UInt32(mean[2]) << 8 | UInt32(mean[3])
        }
      }
    }
    return result
  }
}
