import CCairo
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

/// An axis-aligned box in device pixels, walked from (minX, minY) towards (maxX, minY), then
/// (maxX, maxY) and (minX, maxY): the direction in which a circle's angle grows.
struct ClipBox {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  func contains(_ x: Double, _ y: Double) -> Bool {
    let slack = 1e-6 * (maxX - minX + maxY - minY)
    return x >= minX - slack && x <= maxX + slack && y >= minY - slack && y <= maxY + slack
  }

  /// Whether the whole box is inside the circle.
  func isInside(x: Double, y: Double, radius: Double) -> Bool {
    [(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY)].allSatisfy { corner in
      hypot(corner.0 - x, corner.1 - y) <= radius
    }
  }

  /// The angles in 0..<2π at which the circle crosses the box's edges, sorted, without
  /// repeats.
  func crossings(x: Double, y: Double, radius: Double) -> [Double] {
    var angles: [Double] = []
    // Half the chord at distance d from the centre, computed without cancellation.
    func halfChord(_ distance: Double) -> Double? {
      guard abs(distance) <= radius else { return nil }
      return ((radius - abs(distance)) * (radius + abs(distance))).squareRoot()
    }
    for edgeX in [minX, maxX] {
      guard let half = halfChord(edgeX - x) else { continue }
      for edgeY in [y - half, y + half] where edgeY >= minY && edgeY <= maxY {
        angles.append(atan2(edgeY - y, edgeX - x))
      }
    }
    for edgeY in [minY, maxY] {
      guard let half = halfChord(edgeY - y) else { continue }
      for edgeX in [x - half, x + half] where edgeX >= minX && edgeX <= maxX {
        angles.append(atan2(edgeY - y, edgeX - x))
      }
    }
    let sorted = angles.map { $0 < 0 ? $0 + 2 * Double.pi : $0 }.sorted()
    var unique: [Double] = []
    for angle in sorted where unique.last.map({ angle - $0 > 1e-15 }) ?? true {
      unique.append(angle)
    }
    return unique
  }

  /// Position along the outline, 0..<4: one unit an edge, starting at (minX, minY).
  func perimeterPosition(_ point: (Double, Double)) -> Double {
    let (x, y) = point
    let distances = [abs(y - minY), abs(x - maxX), abs(y - maxY), abs(x - minX)]
    let edge = distances.indices.min { distances[$0] < distances[$1] }!
    func fraction(_ value: Double, _ from: Double, _ to: Double) -> Double {
      min(1, max(0, (value - from) / (to - from)))
    }
    switch edge {
    case 0: return fraction(x, minX, maxX)
    case 1: return 1 + fraction(y, minY, maxY)
    case 2: return 2 + fraction(x, maxX, minX)
    default: return (3 + fraction(y, maxY, minY)).truncatingRemainder(dividingBy: 4)
    }
  }

  /// The corners passed when walking the outline forwards from one point to another.
  func corners(from start: (Double, Double), to end: (Double, Double)) -> [(Double, Double)] {
    let corners = [(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY)]
    let from = perimeterPosition(start)
    var to = perimeterPosition(end)
    if to < from { to += 4 }
    var result: [(Double, Double)] = []
    var next = from.rounded(.down) + 1
    while next < to {
      result.append(corners[Int(next) % 4])
      next += 1
    }
    return result
  }
}
