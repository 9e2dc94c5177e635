import CCairo
import CircleCanvas

/// One picture of many canvas states: a grid of labelled thumbnails, in order, left to right and
/// top to bottom.
///
/// Each thumbnail shows a whole canvas scaled to fit a square of `thumbnailSize` pixels, drawn
/// from the circles (not shrunk from a PNG), with a thin frame around it and its label beneath.
/// Labels use Cairo's toy text API and are shortened with "…" to fit their cell.
public struct ContactSheet: Sendable {
  /// One cell of the sheet.
  public struct Tile: Hashable, Sendable {
    /// The text under the thumbnail (`0003 Clear`).
    public var label: String
    /// The canvas to show.
    public var state: CanvasState

    /// Creates a tile.
    public init(label: String, state: CanvasState) {
      self.label = label
      self.state = state
    }
  }

  /// The longest side of a thumbnail, in pixels.
  public var thumbnailSize: Int
  /// The number of columns; `nil` chooses a near-square grid.
  public var columns: Int?
  /// The colour behind the tiles.
  public var background: Colour
  /// The colour of the labels and frames.
  public var ink: Colour

  /// Creates a sheet style.
  public init(
    thumbnailSize: Int = 160, columns: Int? = nil,
    background: Colour = Colour(red: 0xee, green: 0xee, blue: 0xee),
    ink: Colour = Colour(red: 0x33, green: 0x33, blue: 0x33)
  ) {
    self.thumbnailSize = thumbnailSize
    self.columns = columns
    self.background = background
    self.ink = ink
  }

  /// Where everything goes on a sheet of `count` tiles.
  ///
  /// Thumbnails shrink (down to 8 pixels) when the sheet would otherwise pass 16384 pixels a side.
  public func layout(count: Int) -> ContactSheetLayout {
    var size = max(8, thumbnailSize)
    while true {
      let layout = ContactSheetLayout(count: count, thumbnailSize: size, columns: columns)
      let fits = layout.size.width <= 16384 && layout.size.height <= 16384
      if fits || size == 8 { return layout }
      size = max(8, size * 3 / 4)
    }
  }

  /// Draws the sheet.
  ///
  /// - Parameter tiles: the states with their labels, in order; none gives an empty sheet of
  ///   one cell.
  /// - Returns: the sheet as premultiplied ARGB32 pixels, `layout(count:).size` large.
  /// - Throws: `RenderError.imageTooLarge` when the grid would pass 16384 pixels a side, `.cairo`
  ///   when Cairo fails.
  public func render(_ tiles: [Tile]) throws(RenderError) -> PixelImage {
    let layout = layout(count: tiles.count)
    let (width, height) = layout.size
    guard width <= 16384, height <= 16384 else {
      throw .imageTooLarge(width: width, height: height)
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    try RenderError.check(cairo_surface_status(surface), "create a \(width)×\(height) sheet")
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    VectorDrawing.setSource(background, in: cr)
    cairo_paint(cr)
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, Double(ContactSheetLayout.labelHeight) * 0.8)
    for (index, tile) in tiles.enumerated() {
      drawThumbnail(tile.state, in: layout.thumbnailRect(index, for: tile.state), cr: cr)
      drawLabel(tile.label, in: layout.labelRect(index), cr: cr)
    }
    try RenderError.check(cairo_status(cr), "draw the sheet")
    return Self.pixels(of: surface, width: width, height: height)
  }

  private func drawThumbnail(_ state: CanvasState, in rect: SheetRect, cr: OpaquePointer) {
    cairo_save(cr)
    VectorDrawing.setSource(ink, in: cr)
    cairo_set_line_width(cr, 1)
    cairo_rectangle(cr, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
    cairo_stroke(cr)
    cairo_translate(cr, rect.x, rect.y)
    cairo_scale(cr, rect.width / Double(state.width), rect.height / Double(state.height))
    VectorDrawing.draw(state, in: cr)
    cairo_restore(cr)
  }

  private func drawLabel(_ label: String, in rect: SheetRect, cr: OpaquePointer) {
    var text = label
    while !text.isEmpty, advance(of: text, cr: cr) > rect.width {
      text = String(text.dropLast(text.hasSuffix("…") ? 2 : 1)) + "…"
      if text == "…" { break }
    }
    var extents = cairo_font_extents_t()
    cairo_font_extents(cr, &extents)
    VectorDrawing.setSource(ink, in: cr)
    cairo_move_to(cr, rect.x, rect.y + extents.ascent)
    cairo_show_text(cr, text)
  }

  private func advance(of text: String, cr: OpaquePointer) -> Double {
    var extents = cairo_text_extents_t()
    cairo_text_extents(cr, text, &extents)
    return extents.x_advance
  }

  private static func pixels(of surface: OpaquePointer, width: Int, height: Int) -> PixelImage {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let base = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBytes { target in
      for row in 0..<height {
        (target.baseAddress! + row * width * 4)
          .copyMemory(from: base + row * stride, byteCount: width * 4)
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}
