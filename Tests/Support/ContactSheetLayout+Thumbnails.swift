import CircleCanvas
import CircleRender

extension ContactSheetLayout {
  /// How many cells of a sheet show a thumbnail: cells whose middle has the canvases'
  /// background.
  public func thumbnailCount(in sheet: PixelImage, background: Colour) -> Int {
    (0..<(columns * rows)).filter { index in
      let (x, y) = cell(index).center
      return sheet.colour(atX: Int(x), y: Int(y)) == background
    }.count
  }
}
