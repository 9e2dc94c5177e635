import CircleCanvas

/// A rectangle on a contact sheet, in pixels.
package struct SheetRect: Hashable, Sendable {
  /// The left edge.
  package var x: Double
  /// The top edge.
  package var y: Double
  /// The width.
  package var width: Double
  /// The height.
  package var height: Double

  /// Creates a rectangle.
  package init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The point in the middle.
  package var center: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
}

/// The grid of a contact sheet: how many columns and rows, and where each thumbnail and label
/// goes.
///
/// Every cell is a square of `thumbnailSize` for the picture plus a line for the label, with a
/// margin around it. A canvas that is not square is fitted inside the square, centred.
package struct ContactSheetLayout: Hashable, Sendable {
  /// Pixels around each cell.
  package static let margin = 12
  /// The height of the label line under a thumbnail.
  package static let labelHeight = 14

  /// The number of tiles.
  package let count: Int
  /// The square each thumbnail fits in, in pixels.
  package let thumbnailSize: Int
  /// Columns of the grid.
  package let columns: Int
  /// Rows of the grid.
  package let rows: Int

  /// Lays out `count` tiles; without a number of columns the grid is as near square as it can be.
  package init(count: Int, thumbnailSize: Int, columns: Int? = nil) {
    self.count = count
    self.thumbnailSize = thumbnailSize
    let cells = max(1, count)
    let chosen = columns ?? Int(Double(cells).squareRoot().rounded(.up))
    self.columns = min(max(1, chosen), cells)
    self.rows = (cells + self.columns - 1) / self.columns
  }

  /// The width and height of a cell, margin included on its left and top.
  package var cellSize: (width: Int, height: Int) {
    (thumbnailSize + Self.margin, thumbnailSize + Self.labelHeight + 4 + Self.margin)
  }

  /// The size of the whole sheet in pixels.
  package var size: (width: Int, height: Int) {
    (columns * cellSize.width + Self.margin, rows * cellSize.height + Self.margin)
  }

  /// The square reserved for thumbnail `index`.
  package func cell(_ index: Int) -> SheetRect {
    let column = index % columns
    let row = index / columns
    return SheetRect(
      x: Double(Self.margin + column * cellSize.width),
      y: Double(Self.margin + row * cellSize.height),
      width: Double(thumbnailSize), height: Double(thumbnailSize))
  }

  /// Where a canvas of the state's proportions is drawn in cell `index`: fitted and centred,
  /// on whole pixels.
  package func thumbnailRect(_ index: Int, for state: CanvasState) -> SheetRect {
    let square = cell(index)
    let side = Double(thumbnailSize)
    let fit = min(side / Double(max(1, state.width)), side / Double(max(1, state.height)))
    let width = max(1, (Double(state.width) * fit).rounded())
    let height = max(1, (Double(state.height) * fit).rounded())
    return SheetRect(
      x: square.x + ((side - width) / 2).rounded(.down),
      y: square.y + ((side - height) / 2).rounded(.down), width: width, height: height)
  }

  /// The line under cell `index` that holds its label.
  package func labelRect(_ index: Int) -> SheetRect {
    let square = cell(index)
    return SheetRect(
      x: square.x, y: square.y + square.height + 4, width: square.width,
      height: Double(Self.labelHeight))
  }
}
