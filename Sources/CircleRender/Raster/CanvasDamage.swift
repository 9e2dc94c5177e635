import CircleCanvas

/// What must be repainted to turn the picture of one canvas state into that of another.
///
/// Two states with the same size, scale and background differ only where the circles that
/// changed paint: a circle added, removed, changed in any property or moved in the drawing
/// order damages its old and new pixels. Everything else needs a full redraw.
package enum CanvasDamage: Equatable, Sendable {
  /// The pictures are the same.
  case none
  /// Only the pixels in the rectangle can differ.
  case region(PixelRect)
  /// The whole picture must be drawn again.
  case everything

  /// Pixels of margin around a circle's painted box, beyond the one pixel of antialiasing the
  /// box already includes.
  static let margin = 1.0

  /// The damage between the picture of `old` and that of `new`.
  package static func between(_ old: CanvasState, _ new: CanvasState) -> CanvasDamage {
    guard old.width == new.width, old.height == new.height, old.scale == new.scale,
      old.background == new.background
    else { return .everything }
    let image = PixelRect(minX: 0, minY: 0, maxX: new.pixelWidth, maxY: new.pixelHeight)
    var rect = PixelRect.empty
    for circle in changedCircles(old.circles, new.circles) {
      guard let box = box(of: circle.circle, in: circle.isOld ? old : new, image: image) else {
        return .everything
      }
      rect = rect.union(box)
    }
    if new.background.isInvisible {
      // Cairo draws the first circle on a clear surface by another path, which rounds some
      // edge pixels differently: when that circle changes, both its pixels and those of the
      // former first circle change.
      let bounds = DeviceBounds(width: Double(image.maxX), height: Double(image.maxY))
      let oldFirst = old.circles.first { Renderer.paints($0, scale: old.scale, bounds: bounds) }
      let newFirst = new.circles.first { Renderer.paints($0, scale: new.scale, bounds: bounds) }
      if oldFirst != newFirst {
        for (circle, state) in [(oldFirst, old), (newFirst, new)] {
          guard let circle else { continue }
          guard let box = box(of: circle, in: state, image: image) else { return .everything }
          rect = rect.union(box)
        }
      }
    }
    return rect.isEmpty ? .none : .region(rect)
  }

  /// The pixels a circle can paint, with a margin, within the image; `nil` when that cannot be
  /// bounded (a geometry that is not finite).
  static func box(of circle: Circle, in state: CanvasState, image: PixelRect) -> PixelRect? {
    let showsStroke = circle.showsStroke
    guard circle.radius > 0, circle.opacity > 0, circle.showsFill || showsStroke else {
      return .empty
    }
    let scale = state.scale
    let x = circle.center.x * scale
    let y = circle.center.y * scale
    let reach =
      circle.radius * scale + (showsStroke ? circle.strokeWidth * scale / 2 : 0) + 1
      + margin
    guard x.isFinite, y.isFinite, reach.isFinite else { return nil }
    func clamped(_ value: Double, _ limit: Int) -> Int {
      Int(min(Double(limit), max(0, value)))
    }
    let rect = PixelRect(
      minX: clamped((x - reach).rounded(.down), image.maxX),
      minY: clamped((y - reach).rounded(.down), image.maxY),
      maxX: clamped((x + reach).rounded(.up), image.maxX),
      maxY: clamped((y + reach).rounded(.up), image.maxY))
    return rect.isEmpty ? .empty : rect
  }

  /// The circles whose pixels change, each from the state it belongs to.
  ///
  /// Equal leading and trailing runs are skipped; in the middle, a circle is changed when it is
  /// only in one state, differs between them, or left the longest run of circles that keep
  /// their relative order.
  static func changedCircles(
    _ old: [Circle], _ new: [Circle]
  ) -> [(circle: Circle, isOld: Bool)] {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    let oldMiddle = old[start..<oldEnd]
    let newMiddle = new[start..<newEnd]
    if oldMiddle.isEmpty { return newMiddle.map { ($0, false) } }
    if newMiddle.isEmpty { return oldMiddle.map { ($0, true) } }

    var oldIndex: [String: Int] = [:]
    for (index, circle) in zip(oldMiddle.indices, oldMiddle) { oldIndex[circle.id] = index }
    var changed: [(circle: Circle, isOld: Bool)] = []
    var kept: [(newIndex: Int, oldIndex: Int)] = []
    var newIDs = Set<String>()
    for (index, circle) in zip(newMiddle.indices, newMiddle) {
      newIDs.insert(circle.id)
      if let before = oldIndex[circle.id] {
        if old[before] == circle {
          kept.append((index, before))
        } else {
          changed.append((old[before], true))
          changed.append((circle, false))
        }
      } else {
        changed.append((circle, false))
      }
    }
    for circle in oldMiddle where !newIDs.contains(circle.id) { changed.append((circle, true)) }
    let staying = OrderRun.longestIncreasing(kept.map(\.oldIndex))
    for (position, pair) in kept.enumerated() where !staying.contains(position) {
      changed.append((new[pair.newIndex], false))
    }
    return changed
  }
}

/// The longest increasing subsequence, by patience sorting.
enum OrderRun {
  /// The positions in `values` of one longest strictly increasing subsequence.
  static func longestIncreasing(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []  // positions of the smallest tail of each run length
    var parent = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { parent[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      result.insert(position)
      position = parent[position]
    }
    return result
  }
}
