import CircleCanvas

/// The mark drawn around a changed region: a ring of a vivid colour between two thin white
/// lines, a few pixels outside the region, so the eye goes to it on any drawing.
///
/// The ring stays inside the picture: where the region reaches an edge, the ring runs along
/// that edge instead. Marks go only on what is made to be looked at (the animation with
/// `--highlight-changes`, the contact sheet, the viewer), never on frames, which are goldens.
package struct ChangeOutline: Hashable, Sendable {
  /// Pixels left free between the region and the ring.
  package var padding: Int
  /// The width of the coloured line, in pixels.
  package var thickness: Int
  /// The colour of the ring.
  package var colour: Colour
  /// The colour of the one-pixel lines on either side of it.
  package var halo: Colour

  /// The outline of animations: 3 pixels away, 2 pixels of `#ff2d95` between white lines.
  package static let standard = ChangeOutline()
  /// A thinner outline for thumbnails: 1 pixel away, 1 pixel thick.
  package static let thumbnail = ChangeOutline(padding: 1, thickness: 1)

  /// Creates an outline style.
  package init(
    padding: Int = 3, thickness: Int = 2,
    colour: Colour = Colour(red: 0xff, green: 0x2d, blue: 0x95), halo: Colour = .white
  ) {
    self.padding = max(0, padding)
    self.thickness = max(1, thickness)
    self.colour = colour
    self.halo = halo
  }

  /// The width of the whole ring: the coloured line and its two white lines.
  package var width: Int { thickness + 2 }

  /// The rectangle the ring covers around `region` (its outer edge) in a picture of the given
  /// size: the region grown by `padding + width` on each side, kept inside the picture.
  ///
  /// - Returns: the empty rectangle for an empty region or picture.
  package func bounds(around region: PixelRect, width: Int, height: Int) -> PixelRect {
    guard !region.isEmpty, width > 0, height > 0 else { return .empty }
    let grow = padding + self.width
    return PixelRect(
      minX: max(0, region.minX - grow), minY: max(0, region.minY - grow),
      maxX: min(width, region.maxX + grow), maxY: min(height, region.maxY + grow))
  }

  /// Draws the ring around `region` on a picture of premultiplied ARGB32 pixels.
  ///
  /// - Parameters:
  ///   - region: the changed pixels, in the picture's coordinates.
  ///   - pixels: the picture's first pixel; rows are `stride` pixels apart.
  ///   - width: the picture's width in pixels.
  ///   - height: its height.
  ///   - stride: pixels from one row to the next (at least `width`).
  /// - Returns: the rectangle drawn on (`bounds(around:width:height:)`).
  @discardableResult
  package func draw(
    around region: PixelRect, on pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    stride: Int
  ) -> PixelRect {
    let outer = bounds(around: region, width: width, height: height)
    guard !outer.isEmpty else { return outer }
    let lines = [halo] + Array(repeating: colour, count: thickness) + [halo]
    for (inset, colour) in lines.enumerated() {
      let ring = PixelRect(
        minX: outer.minX + inset, minY: outer.minY + inset, maxX: outer.maxX - inset,
        maxY: outer.maxY - inset)
      guard !ring.isEmpty else { break }
      let value = PixelImage.premultiplied(colour)
      for x in ring.minX..<ring.maxX {
        pixels[ring.minY * stride + x] = value
        pixels[(ring.maxY - 1) * stride + x] = value
      }
      for y in ring.minY..<ring.maxY {
        pixels[y * stride + ring.minX] = value
        pixels[y * stride + ring.maxX - 1] = value
      }
    }
    return outer
  }

  /// Draws the ring around `region` on an image.
  ///
  /// - Returns: the rectangle drawn on.
  @discardableResult
  package func draw(around region: PixelRect, on image: inout PixelImage) -> PixelRect {
    let (width, height) = (image.width, image.height)
    return image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return .empty }
      return draw(around: region, on: base, width: width, height: height, stride: width)
    }
  }
}
