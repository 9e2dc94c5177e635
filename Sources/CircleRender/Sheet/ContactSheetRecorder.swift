internal import CCairo
import CircleCanvas
import Foundation

/// Collects a contact sheet while a sequence of pictures is drawn, and draws the sheet at the
/// end: the thumbnails come from the pictures already rendered, not from drawing every state
/// again.
///
/// Each picture updates one running thumbnail where the renderer's damage falls, and the sheet
/// keeps only what changed in it from the tile before; the sheet replays those changes in
/// order. So recording costs about what changed, and the memory kept is about the changes, not
/// a thumbnail per tile. The grid is chosen when the number of tiles is known (`render()`).
package final class ContactSheetRecorder {
  /// The sheet's thumbnail size, columns and colours.
  package let style: ContactSheet
  /// How changed regions are outlined on thumbnails.
  package let outline: ChangeOutline
  private var running: Thumbnail?
  /// The picture size the running thumbnail was made for.
  private var source: (width: Int, height: Int) = (0, 0)
  private var tiles: [Tile] = []

  private struct Tile {
    var label: String
    /// The canvas's size in points, for fitting its thumbnail in a cell.
    var canvas: (width: Int, height: Int)
    /// The picture's size in pixels.
    var picture: (width: Int, height: Int)
    /// The thumbnail's pixels that differ from the tile before (all of them when the thumbnail
    /// was made anew: `isFresh`).
    var change: PixelRect
    var pixels: [UInt32]
    var isFresh: Bool
    /// A region of the picture to outline, in its pixels.
    var highlight: PixelRect?
  }

  /// Creates a recorder with no tiles.
  package init(style: ContactSheet = ContactSheet(), outline: ChangeOutline = .thumbnail) {
    self.style = style
    self.outline = outline
  }

  /// The tiles recorded so far.
  package var count: Int { tiles.count }

  /// Adds the renderer's current picture as the next tile.
  ///
  /// - Parameters:
  ///   - renderer: updated to the tile's state.
  ///   - damage: where its picture may differ from the one recorded last (ignored for the first
  ///     tile); `IncrementalRenderer.takeDamage()` tells it.
  ///   - state: the tile's canvas state (for its proportions).
  ///   - label: the text under the thumbnail.
  ///   - highlight: a region of the picture to outline on this tile, if any.
  package func record(
    _ renderer: IncrementalRenderer, damage: PixelRect, state: CanvasState, label: String,
    highlight: PixelRect? = nil
  ) {
    guard let surface = renderer.surfaceForReading else { return }
    let fit = ContactSheetLayout(count: 1, thumbnailSize: style.thumbnailSize)
      .thumbnailRect(0, for: state)
    var fresh = false
    if running == nil || running!.width != Int(fit.width) || running!.height != Int(fit.height)
      || source != (surface.width, surface.height)
    {
      running = Thumbnail(
        width: Int(fit.width), height: Int(fit.height), sourceWidth: surface.width,
        sourceHeight: surface.height)
      source = (surface.width, surface.height)
      fresh = true
    }
    let area =
      fresh ? PixelRect(minX: 0, minY: 0, maxX: surface.width, maxY: surface.height) : damage
    let covered = running!.covering(area)
    cairo_surface_flush(surface.pointer)
    running!.update(
      covered, from: UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!),
      stride: Int(cairo_image_surface_get_stride(surface.pointer)))
    tiles.append(
      Tile(
        label: label, canvas: (state.width, state.height), picture: source, change: covered,
        pixels: running!.copy(of: covered), isFresh: fresh, highlight: highlight))
  }

  /// The layout of the sheet for the tiles recorded.
  package var layout: ContactSheetLayout { style.layout(count: tiles.count) }

  /// Draws the sheet.
  ///
  /// - Returns: the sheet as premultiplied ARGB32 pixels, `layout.size` large.
  /// - Throws: `RenderError.imageTooLarge` when the grid would pass 16384 pixels a side,
  ///   `.cairo` when Cairo fails.
  package func render() throws(RenderError) -> PixelImage {
    try withSheet { surface in surface.pixelImage() }
  }

  /// Draws the sheet and encodes it as a PNG file, straight from the drawing surface.
  ///
  /// - Parameter compression: speed against size.
  /// - Throws: as `render()` does.
  package func png(compression: PNGCompression = .default) throws(RenderError) -> Data {
    try withSheet { surface throws(RenderError) in
      let layout = PixelLayout(
        base: UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!),
        width: surface.width, height: surface.height,
        stride: Int(cairo_image_surface_get_stride(surface.pointer)))
      return try PNGWriter.encode(layout, settings: compression.settings)
    }
  }

  private func withSheet<Result>(
    _ body: (CairoSurface) throws(RenderError) -> Result
  ) throws(RenderError) -> Result {
    let layout = layout
    let (width, height) = layout.size
    guard width <= CairoSurface.maximumSide, height <= CairoSurface.maximumSide else {
      throw .imageTooLarge(width: width, height: height)
    }
    let surface = try CairoSurface(width: width, height: height)
    let context = try CairoContext(surface)
    let rects = tiles.indices.map { index in
      layout.thumbnailRect(
        index,
        for: CanvasState(width: tiles[index].canvas.width, height: tiles[index].canvas.height))
    }
    style.drawFrame(
      count: tiles.count, labels: tiles.map(\.label), thumbnails: rects, in: context.pointer)
    try context.check("draw the sheet")
    cairo_surface_flush(surface.pointer)
    let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface.pointer)!)
      .assumingMemoryBound(to: UInt32.self)
    let stride = Int(cairo_image_surface_get_stride(surface.pointer)) / 4
    // The recorded thumbnails, replayed change by change; and, when the sheet has more tiles
    // than fit at the recorded size, the same shrunk again, also change by change.
    var replay: Thumbnail?
    var shrunk: Thumbnail?
    for (tile, rect) in zip(tiles, rects) {
      if tile.isFresh {
        replay = Thumbnail(
          width: tile.change.maxX, height: tile.change.maxY, sourceWidth: tile.picture.width,
          sourceHeight: tile.picture.height)
        shrunk = nil
      }
      guard var shown = replay else { continue }
      shown.paste(tile.pixels, in: tile.change)
      replay = shown
      let (width, height) = (Int(rect.width), Int(rect.height))
      if width != shown.width || height != shown.height {
        var area = PixelRect.empty
        if shrunk == nil {
          shrunk = Thumbnail(
            width: width, height: height, sourceWidth: shown.width, sourceHeight: shown.height)
          area = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        } else {
          area = shrunk!.covering(tile.change)
        }
        shown.pixels.withUnsafeBytes { bytes in
          shrunk!.update(area, from: bytes.baseAddress!, stride: shown.width * 4)
        }
        shown = shrunk!
      }
      blit(shown, into: base, stride: stride, at: rect, tile: tile)
    }
    cairo_surface_mark_dirty(surface.pointer)
    return try body(surface)
  }

  /// Copies a thumbnail of the cell's size into its cell and outlines the tile's highlight.
  private func blit(
    _ shown: Thumbnail, into base: UnsafeMutablePointer<UInt32>, stride: Int,
    at rect: SheetRect, tile: Tile
  ) {
    let (width, height) = (shown.width, shown.height)
    let origin = base + Int(rect.y) * stride + Int(rect.x)
    shown.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<height {
        (origin + row * stride).update(from: pixels.baseAddress! + row * width, count: width)
      }
    }
    guard let region = tile.highlight, !region.isEmpty else { return }
    let scaled = PixelRect(
      minX: region.minX * width / tile.picture.width,
      minY: region.minY * height / tile.picture.height,
      maxX: (region.maxX * width + tile.picture.width - 1) / tile.picture.width,
      maxY: (region.maxY * height + tile.picture.height - 1) / tile.picture.height)
    outline.draw(around: scaled, on: origin, width: width, height: height, stride: stride)
  }
}
