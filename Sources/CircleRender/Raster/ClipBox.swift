import Foundation

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
