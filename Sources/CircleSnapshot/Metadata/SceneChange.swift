import CircleCanvas

/// How one canvas state follows from the one before it in a golden history: the canvas when it
/// changed, the circles removed, the circles added or changed, and the stacking order when it
/// is not the one those imply.
///
/// A step that adds a circle holds that circle alone, so a history grows with what each step
/// changes, not with the whole scene at every step.
struct SceneChange: Hashable, Sendable, Codable {
  /// The canvas's size, scale and background, when they changed.
  var canvas: Canvas?
  /// The ids of circles removed.
  var remove: [String]?
  /// Circles added on top (in order) or changed in place.
  var put: [StoredCircle]?
  /// Every id, back to front, when removing and putting does not give the new order.
  var order: [String]?

  struct Canvas: Hashable, Sendable, Codable {
    var width: Int
    var height: Int
    var scale: Double
    var background: String
  }

  /// No change at all.
  var isEmpty: Bool { canvas == nil && remove == nil && put == nil && order == nil }

  /// How many circles and ids the change names: its weight.
  var size: Int { (remove?.count ?? 0) + (put?.count ?? 0) + (order?.count ?? 0) }

  /// The change from `old` to `new`.
  ///
  /// Constant time in the number of circles when `new` only adds circles on top of `old` and
  /// both are known to be of one lineage (`CanvasState.circlesAdded(since:)`).
  static func between(_ old: CanvasState, _ new: CanvasState) -> SceneChange {
    var change = SceneChange()
    if old.width != new.width || old.height != new.height || old.scale != new.scale
      || old.background != new.background
    {
      change.canvas = Canvas(
        width: new.width, height: new.height, scale: new.scale,
        background: new.background.description)
    }
    if let added = new.circlesAdded(since: old) {
      if !added.isEmpty { change.put = added.map(StoredCircle.init) }
      return change
    }
    if let changed = changedInPlace(old, new) {
      if !changed.isEmpty { change.put = changed.map(StoredCircle.init) }
      return change
    }
    let newIDs = Set(new.circles.map(\.id))
    let oldByID = Dictionary(old.circles.map { ($0.id, $0) }) { first, _ in first }
    let removed = old.circles.filter { !newIDs.contains($0.id) }.map(\.id)
    let put = new.circles.filter { oldByID[$0.id] != $0 }
    if !removed.isEmpty { change.remove = removed }
    if !put.isEmpty { change.put = put.map(StoredCircle.init) }
    // The order removing and putting give: the old order without the removed circles, then the
    // circles that are new, in their order.
    var implied = old.circles.map(\.id).filter(newIDs.contains)
    implied += new.circles.filter { oldByID[$0.id] == nil }.map(\.id)
    let order = new.circles.map(\.id)
    if implied != order { change.order = order }
    return change
  }

  /// The circles this change adds on top of `base`, when that is all it does: no canvas
  /// change, nothing removed or reordered, and every circle put new to `base`. `nil` otherwise.
  ///
  /// - Parameter ids: the ids of `base`'s circles, found from `base` when `nil`; given the new
  ///   ones when the change only adds, else `nil`.
  /// - Throws: ``SceneHistoryError`` when a circle cannot be read.
  func circlesAddedOnTop(
    of base: CanvasState, ids: inout Set<String>?
  ) throws(SceneHistoryError) -> [Circle]? {
    guard canvas == nil, remove == nil, order == nil, let put else { return nil }
    // Taken out of `ids`, so that adding to it does not copy it.
    var known = ids ?? Set(base.circles.map(\.id))
    ids = nil
    var added: [Circle] = []
    added.reserveCapacity(put.count)
    for stored in put {
      guard known.insert(stored.id).inserted else { return nil }
      added.append(try stored.circle())
    }
    ids = known
    return added
  }

  /// The circles of `new` that differ from `old`'s, when both hold the same ids in the same
  /// order (a move, a recolouring, the undo of one): `nil` otherwise. One pass without a
  /// dictionary: the ids and circles of a state that kept its order are compared where they
  /// lie. A check of 8000 added circles then 8000 moved took 26 s with dictionaries of every
  /// circle at each step, and takes 9.0 s with this pass (`circles run` of it: 11.6 s).
  private static func changedInPlace(_ old: CanvasState, _ new: CanvasState) -> [Circle]? {
    guard old.circles.count == new.circles.count else { return nil }
    return old.circles.withUnsafeBufferPointer { before in
      new.circles.withUnsafeBufferPointer { after in
        var changed: [Circle] = []
        for index in before.indices {
          guard before[index].id == after[index].id else { return nil }
          if before[index] != after[index] { changed.append(after[index]) }
        }
        return changed
      }
    }
  }

  /// The state this change makes of `base`.
  ///
  /// - Throws: ``SceneHistoryError`` when the change does not fit the state: an order that is
  ///   not a rearrangement of its circles, a colour that cannot be read.
  func applied(to base: CanvasState) throws(SceneHistoryError) -> CanvasState {
    var state = base
    if let canvas {
      guard let background = Colour(stored: canvas.background) else {
        throw .malformed("unreadable background '\(canvas.background)'")
      }
      state.width = canvas.width
      state.height = canvas.height
      state.scale = canvas.scale
      state.background = background
    }
    if let remove {
      let removed = Set(remove)
      state.circles.removeAll { removed.contains($0.id) }
    }
    if let put {
      var index = Dictionary(
        state.circles.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      for stored in put {
        let circle = try stored.circle()
        if let position = index[circle.id] {
          state.circles[position] = circle
        } else {
          index[circle.id] = state.circles.count
          state.circles.append(circle)
        }
      }
    }
    if let order {
      let byID = Dictionary(state.circles.map { ($0.id, $0) }) { first, _ in first }
      guard order.count == state.circles.count, Set(order).count == order.count else {
        throw .malformed("an order that does not hold every circle once")
      }
      var circles: [Circle] = []
      circles.reserveCapacity(order.count)
      for id in order {
        guard let circle = byID[id] else { throw .malformed("an order naming unknown '\(id)'") }
        circles.append(circle)
      }
      state.circles = circles
    }
    return state
  }
}

/// A circle as a golden history stores it: short keys, colours as `#rrggbbaa`.
struct StoredCircle: Hashable, Sendable, Codable {
  var id: String
  var at: [Double]
  var r: Double
  var fill: String
  var stroke: String?
  var width: Double?
  var opacity: Double?

  init(_ circle: Circle) {
    id = circle.id
    at = [circle.center.x, circle.center.y]
    r = circle.radius
    fill = circle.fill.description
    stroke = circle.stroke == .none ? nil : circle.stroke.description
    width = circle.strokeWidth == 1 ? nil : circle.strokeWidth
    opacity = circle.opacity == 1 ? nil : circle.opacity
  }

  func circle() throws(SceneHistoryError) -> Circle {
    guard at.count == 2, let fill = Colour(stored: fill) else {
      throw .malformed("an unreadable circle '\(id)'")
    }
    var stroke = Colour.none
    if let text = self.stroke {
      guard let colour = Colour(stored: text) else {
        throw .malformed("an unreadable stroke of '\(id)'")
      }
      stroke = colour
    }
    return Circle(
      id: id, center: Point(x: at[0], y: at[1]), radius: r, fill: fill, stroke: stroke,
      strokeWidth: width ?? 1, opacity: opacity ?? 1)
  }
}

extension Colour {
  /// Reads what `description` writes: `none`, `#rrggbb` or `#rrggbbaa`.
  init?(stored text: String) {
    if text == "none" {
      self = .none
      return
    }
    guard let colour = Colour(hex: text) else { return nil }
    self = colour
  }
}
