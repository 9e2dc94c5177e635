import CircleCanvas

/// Where an edit shows: the part of a picture that differs between two canvas states, as a
/// person looking at them would point at it.
///
/// The region is the box around every circle that was added, removed, changed in any property
/// or moved in the drawing order, each in the state it belongs to: its disc and stroke, with the
/// pixel of antialiasing around them. It is what `circles run --highlight-changes`, the contact
/// sheet and the history viewer outline on undo and redo frames.
///
/// Unlike `CanvasDamage`, which tells the renderer what it must repaint and so errs on the side
/// of more, the region is tight, and a change that paints no pixel (a circle of opacity 0) has
/// none.
package enum ChangedRegion {
  /// The rectangle of the picture's pixels (the canvas × its scale) that the change from `old`
  /// to `new` touches, clipped to the picture.
  ///
  /// - Parameters:
  ///   - old: the state before (the frame shown before).
  ///   - new: the state after.
  /// - Returns: `nil` when no circle's pixels changed; the whole picture when the size, scale or
  ///   background differ.
  package static func between(_ old: CanvasState, _ new: CanvasState) -> PixelRect? {
    let picture = PixelRect(minX: 0, minY: 0, maxX: new.pixelWidth, maxY: new.pixelHeight)
    guard old.width == new.width, old.height == new.height, old.scale == new.scale,
      old.background == new.background
    else { return picture.isEmpty ? nil : picture }
    var region = PixelRect.empty
    for changed in CanvasDamage.changedCircles(old.circles, new.circles) {
      let scale = changed.isOld ? old.scale : new.scale
      region = region.union(box(of: changed.circle, scale: scale, in: picture))
    }
    return region.isEmpty ? nil : region
  }

  /// The pixels a circle paints: its disc and half its stroke around the centre, one pixel of
  /// antialiasing beyond, clipped to the picture; the whole picture for a geometry that is not
  /// finite, empty for a circle that paints nothing.
  static func box(of circle: Circle, scale: Double, in picture: PixelRect) -> PixelRect {
    let stroke = circle.showsStroke
    guard circle.radius > 0, circle.opacity > 0, circle.showsFill || stroke else { return .empty }
    let x = circle.center.x * scale
    let y = circle.center.y * scale
    let reach = circle.radius * scale + (stroke ? circle.strokeWidth * scale / 2 : 0) + 1
    guard x.isFinite, y.isFinite, reach.isFinite else { return picture }
    func clamped(_ value: Double, _ low: Int, _ high: Int) -> Int {
      Int(min(Double(high), max(Double(low), value)))
    }
    let box = PixelRect(
      minX: clamped((x - reach).rounded(.down), picture.minX, picture.maxX),
      minY: clamped((y - reach).rounded(.down), picture.minY, picture.maxY),
      maxX: clamped((x + reach).rounded(.up), picture.minX, picture.maxX),
      maxY: clamped((y + reach).rounded(.up), picture.minY, picture.maxY))
    return box.isEmpty ? .empty : box
  }
}
