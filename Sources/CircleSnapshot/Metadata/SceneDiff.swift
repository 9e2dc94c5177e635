import CircleCanvas

/// What changed between two canvas states, in words: the semantic diff of a failing frame.
///
/// ```
/// canvas: background #ffffff → #000000
/// c2 removed
/// c7 added at 10,20 radius 5
/// c1 moved by 2,0
/// c1: radius 10 → 12
/// c3: fill #555555 → #55aa55
/// sun brought in front of moon
/// ```
package enum SceneDiff {
  /// The differences from `golden` to `actual`, one line each; empty when the states are equal.
  ///
  /// Lines come in this order: the canvas, removed circles (golden order), added circles (actual
  /// order), changed circles (actual order; a move first, then radius, fill, stroke, width,
  /// opacity), then z-order changes among the circles both states hold.
  package static func lines(from golden: CanvasState, to actual: CanvasState) -> [String] {
    var lines = canvasLines(golden, actual)
    let goldenByID = Dictionary(golden.circles.map { ($0.id, $0) }) { first, _ in first }
    let actualIDs = Set(actual.circles.map(\.id))
    for circle in golden.circles where !actualIDs.contains(circle.id) {
      lines.append("\(circle.id) removed")
    }
    for circle in actual.circles where goldenByID[circle.id] == nil {
      lines.append(
        "\(circle.id) added at \(circle.center) radius \(Point.format(circle.radius))")
    }
    for circle in actual.circles {
      guard let old = goldenByID[circle.id] else { continue }
      lines += circleLines(old, circle)
    }
    lines += orderLines(golden, actual)
    return lines
  }

  /// The circle a line of ``lines(from:to:)`` is about; `nil` for a line about the canvas.
  package static func circle(ofLine line: String) -> String? {
    guard !line.hasPrefix("canvas: ") else { return nil }
    let id = line.prefix { $0 != " " && $0 != ":" }
    return id.isEmpty ? nil : String(id)
  }

  private static func canvasLines(_ old: CanvasState, _ new: CanvasState) -> [String] {
    var lines: [String] = []
    if old.width != new.width || old.height != new.height {
      lines.append("canvas: size \(old.width)x\(old.height) → \(new.width)x\(new.height)")
    }
    if old.scale != new.scale {
      lines.append("canvas: scale \(Point.format(old.scale)) → \(Point.format(new.scale))")
    }
    if old.background != new.background {
      lines.append("canvas: background \(old.background) → \(new.background)")
    }
    return lines
  }

  private static func circleLines(_ old: Circle, _ new: Circle) -> [String] {
    var lines: [String] = []
    let id = new.id
    if old.center != new.center {
      let offset = Point(x: new.center.x - old.center.x, y: new.center.y - old.center.y)
      lines.append("\(id) moved by \(offset) (\(old.center) → \(new.center))")
    }
    func number(_ name: String, _ a: Double, _ b: Double) {
      if a != b { lines.append("\(id): \(name) \(Point.format(a)) → \(Point.format(b))") }
    }
    func colour(_ name: String, _ a: Colour, _ b: Colour) {
      if a != b { lines.append("\(id): \(name) \(a) → \(b)") }
    }
    number("radius", old.radius, new.radius)
    colour("fill", old.fill, new.fill)
    colour("stroke", old.stroke, new.stroke)
    number("width", old.strokeWidth, new.strokeWidth)
    number("opacity", old.opacity, new.opacity)
    return lines
  }

  /// Describes the circles whose place in the stacking order changed: those outside a longest
  /// run that kept its relative order.
  private static func orderLines(_ golden: CanvasState, _ actual: CanvasState) -> [String] {
    let common = Set(golden.circles.map(\.id)).intersection(actual.circles.map(\.id))
    let before = golden.circles.map(\.id).filter(common.contains)
    let after = actual.circles.map(\.id).filter(common.contains)
    guard before != after else { return [] }
    let rank = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
    let kept = longestIncreasingRun(after.map { rank[$0]! })
    var lines: [String] = []
    for (position, id) in after.enumerated() where !kept.contains(position) {
      if position > 0, rank[after[position - 1]]! > rank[id]! {
        lines.append("\(id) brought in front of \(after[position - 1])")
      } else if position + 1 < after.count, rank[after[position + 1]]! < rank[id]! {
        lines.append("\(id) sent behind \(after[position + 1])")
      } else {
        lines.append("\(id) changed place in the stacking order")
      }
    }
    return lines
  }

  /// The positions of one longest strictly increasing subsequence (quadratic; orders are short).
  private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    guard !values.isEmpty else { return [] }
    var length = [Int](repeating: 1, count: values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] && length[j] + 1 > length[i] {
        length[i] = length[j] + 1
        previous[i] = j
      }
    }
    var position = length.indices.max { length[$0] < length[$1] }!
    var kept: Set<Int> = []
    while position >= 0 {
      kept.insert(position)
      position = previous[position]
    }
    return kept
  }
}
