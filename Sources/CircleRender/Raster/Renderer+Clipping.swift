internal import CCairo
import CircleCanvas
import Foundation

/// Circles too large for Cairo's fixed-point range are drawn as their intersection with a box a
/// little larger than the image: the visible pixels are the same, and every path point stays
/// small. The stroke becomes the ring between two such discs, filled with the even-odd rule.
extension Renderer {
  /// Pixels of box beyond each image edge, so antialiasing at the box edges stays unseen.
  static let clipMargin = 16.0

  static func drawClipped(
    _ shape: DeviceCircle, fill: Colour?, stroke: Colour?, bounds: DeviceBounds,
    in context: CairoContext
  ) {
    let cr = context.pointer
    let box = ClipBox(
      minX: -clipMargin, minY: -clipMargin, maxX: bounds.width + clipMargin,
      maxY: bounds.height + clipMargin)
    if let fill {
      cairo_new_path(cr)
      addDisc(x: shape.x, y: shape.y, radius: shape.radius, clippedTo: box, in: cr)
      context.setSource(fill)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
      cairo_fill(cr)
    }
    if let stroke {
      cairo_new_path(cr)
      addDisc(x: shape.x, y: shape.y, radius: shape.reach, clippedTo: box, in: cr)
      let inner = shape.radius - shape.halfWidth
      if inner > 0 {
        addDisc(x: shape.x, y: shape.y, radius: inner, clippedTo: box, in: cr)
      }
      context.setSource(stroke)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
      cairo_fill(cr)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
  }

  /// Adds the outline of the disc's intersection with the box as one closed sub-path.
  ///
  /// The outline follows the circle while it is inside the box and the box's edge while the
  /// circle is outside, both in the same turning direction.
  static func addDisc(
    x: Double, y: Double, radius: Double, clippedTo box: ClipBox, in cr: OpaquePointer
  ) {
    let angles = box.crossings(x: x, y: y, radius: radius)
    guard let first = angles.first else {
      // No crossing: the circle is wholly inside the box, the box wholly inside the disc, or
      // they do not meet.
      if box.contains(x + radius, y) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        cairo_close_path(cr)
      } else if box.isInside(x: x, y: y, radius: radius) {
        cairo_rectangle(cr, box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
      }
      return
    }
    func point(_ angle: Double) -> (Double, Double) {
      (x + radius * cos(angle), y + radius * sin(angle))
    }
    let start = point(first)
    cairo_new_sub_path(cr)
    cairo_move_to(cr, start.0, start.1)
    for (index, from) in angles.enumerated() {
      let to = index + 1 < angles.count ? angles[index + 1] : first + 2 * Double.pi
      let middle = point((from + to) / 2)
      if box.contains(middle.0, middle.1) {
        cairo_arc(cr, x, y, radius, from, to)
      } else {
        for corner in box.corners(from: point(from), to: point(to)) {
          cairo_line_to(cr, corner.0, corner.1)
        }
        let end = point(to)
        cairo_line_to(cr, end.0, end.1)
      }
    }
    cairo_close_path(cr)
  }
}
