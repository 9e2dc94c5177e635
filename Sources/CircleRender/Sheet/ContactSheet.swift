internal import CCairo
import CircleCanvas

/// One picture of many canvas states: a grid of labelled thumbnails, in order, left to right and
/// top to bottom.
///
/// Each thumbnail shows a whole canvas scaled to fit a square of `thumbnailSize` pixels, shrunk
/// from its rendered picture (each thumbnail pixel the mean of the pixels it covers), with a
/// thin frame around it and its label beneath.
/// Labels use Cairo's toy text API and are shortened with "…" to fit their cell.
package struct ContactSheet: Sendable {
  /// One cell of the sheet.
  package struct Tile: Hashable, Sendable {
    /// The text under the thumbnail (`0003 Clear`).
    package var label: String
    /// The canvas to show.
    package var state: CanvasState
    /// A region of the picture (in its pixels) to outline, if any.
    package var highlight: PixelRect?

    /// Creates a tile.
    package init(label: String, state: CanvasState, highlight: PixelRect? = nil) {
      self.label = label
      self.state = state
      self.highlight = highlight
    }
  }

  /// The longest side of a thumbnail, in pixels.
  package var thumbnailSize: Int
  /// The number of columns; `nil` chooses a near-square grid.
  package var columns: Int?
  /// The longest side a sheet should have, in pixels (at most 16384); thumbnails shrink to
  /// keep within it.
  package var maximumSide: Int
  /// The colour behind the tiles.
  package var background: Colour
  /// The colour of the labels and frames.
  package var ink: Colour

  /// Creates a sheet style.
  package init(
    thumbnailSize: Int = 160, columns: Int? = nil, maximumSide: Int = 4096,
    background: Colour = Colour(red: 0xee, green: 0xee, blue: 0xee),
    ink: Colour = Colour(red: 0x33, green: 0x33, blue: 0x33)
  ) {
    self.thumbnailSize = thumbnailSize
    self.columns = columns
    self.maximumSide = min(CairoSurface.maximumSide, max(64, maximumSide))
    self.background = background
    self.ink = ink
  }

  /// Where everything goes on a sheet of `count` tiles.
  ///
  /// Thumbnails shrink (by quarters, down to 8 pixels) when the sheet would otherwise pass
  /// `maximumSide` pixels a side: a sheet of a long history stays quick to make and to open.
  package func layout(count: Int) -> ContactSheetLayout {
    var size = max(8, thumbnailSize)
    while true {
      let layout = ContactSheetLayout(count: count, thumbnailSize: size, columns: columns)
      let fits = layout.size.width <= maximumSide && layout.size.height <= maximumSide
      if fits || size == 8 { return layout }
      size = max(8, size * 3 / 4)
    }
  }

  /// Draws the sheet of some states: each is rendered (one after the other, repainting what
  /// changed) and shrunk into its thumbnail, as `ContactSheetRecorder` does during a run.
  ///
  /// - Parameter tiles: the states with their labels, in order; none gives an empty sheet of
  ///   one cell.
  /// - Returns: the sheet as premultiplied ARGB32 pixels, `layout(count:).size` large.
  /// - Throws: `RenderError.imageTooLarge` when the grid would pass 16384 pixels a side, `.cairo`
  ///   when Cairo fails, and what rendering a state throws.
  package func render(_ tiles: [Tile]) throws(RenderError) -> PixelImage {
    try recorder(for: tiles).render()
  }

  /// A recorder holding the thumbnails of some states.
  ///
  /// - Throws: what rendering a state throws.
  package func recorder(for tiles: [Tile]) throws(RenderError) -> ContactSheetRecorder {
    let recorder = ContactSheetRecorder(style: self)
    let renderer = IncrementalRenderer()
    for tile in tiles {
      try renderer.update(to: tile.state)
      recorder.record(
        renderer, damage: renderer.takeDamage(), state: tile.state, label: tile.label,
        highlight: tile.highlight)
    }
    return recorder
  }

  /// Paints the background, the frame around each thumbnail and the labels.
  func drawFrame(
    count: Int, labels: [String], thumbnails: [SheetRect], in cr: OpaquePointer
  ) {
    VectorDrawing.setSource(background, in: cr)
    cairo_paint(cr)
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, Double(ContactSheetLayout.labelHeight) * 0.8)
    let layout = layout(count: count)
    VectorDrawing.setSource(ink, in: cr)
    cairo_set_line_width(cr, 1)
    for rect in thumbnails {
      cairo_rectangle(cr, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
    }
    cairo_stroke(cr)
    for (index, label) in labels.enumerated() {
      drawLabel(label, in: layout.labelRect(index), cr: cr)
    }
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
}
