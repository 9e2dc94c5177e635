import UndoKit

/// A canvas of circles whose every change registers its inverse with an undo manager.
///
/// The canvas keeps no history of its own: each change records, through
/// `registerUndo(withTarget:handler:)`, the operation that reverses it, and names the step
/// (`Add sun`, `Move sun`, `Clear`). Each reversing operation records its own reverse in turn,
/// so redo follows UndoKit's rules. Undo and redo keep the step's name.
///
/// Steps: a canvas made without a manager of the caller's makes each change one undo step, and
/// ``group(_:_:)`` makes several changes one named step. Its manager has `groupsByEvent` off, so
/// that an explicit `beginUndoGrouping()` / `endUndoGrouping()` pair makes one step too. A canvas
/// given the caller's manager follows that manager's rules, which are Apple's: with
/// `groupsByEvent` on, the changes of one event are one step, and the host ends the event with
/// `undoManager.endEvent()`. `clear()` always records one group of its own.
///
/// ```swift
/// let canvas = Canvas()
/// try canvas.add(Circle(id: "sun", center: Point(x: 50, y: 50), radius: 20))
/// try canvas.add(Circle(id: "moon", center: Point(x: 80, y: 20), radius: 8))
/// canvas.undoManager.undoMenuItemTitle  // "Undo Add moon"
/// canvas.undoManager.undo()             // the sun is still there
/// ```
///
/// The manager holds the canvas weakly, as Apple's holds its targets: keep the canvas alive for
/// as long as its steps should undo.
public final class Canvas {
  /// The manager every change registers its inverse with.
  public let undoManager: UndoManager
  /// Everything needed to draw the canvas now.
  public private(set) var state: CanvasState
  /// The number the next automatic id tries; it only grows.
  private var nextAutomaticNumber = 1
  /// Where each circle is, by id: the keys are exactly the ids in use, and the positions below
  /// `indexedCount` are right; a position at or above it may be stale until the next lookup
  /// that needs it re-indexes the rest. Appending keeps it right at no cost; a change in the
  /// middle of the list only lowers `indexedCount`, and a change that rewrites the list (clear,
  /// restore) rebuilds the keys.
  /// id index: `circles run --frames none` of 250,000 adds in 2.0 s of processor time instead
  /// of 73 s, when every add searched the list for its id.
  private var positions: [String: Int]
  /// How many circles, from the back, `positions` knows the place of for certain.
  private var indexedCount: Int
  /// Whether the canvas made its manager, and so makes each change outside a group one step.
  let ownsUndoManager: Bool
  /// The groups ``group(_:_:)`` has open, outermost first, and whether each has opened its undo
  /// group yet (that waits for the first change).
  var openGroups: [Bool] = []

  /// Creates a canvas.
  ///
  /// - Parameters:
  ///   - state: the size, scale, background and circles to start with; the default is a
  ///     512×512 white canvas without circles.
  ///   - undoManager: the manager to register changes with. Without one, the canvas makes its
  ///     own, with `groupsByEvent` off, and makes each change one step; a manager of the
  ///     caller's keeps its own rules.
  public init(state: CanvasState = CanvasState(), undoManager: UndoManager? = nil) {
    self.state = state
    self.state.startLineage()
    if let undoManager {
      self.undoManager = undoManager
      ownsUndoManager = false
    } else {
      self.undoManager = UndoManager()
      self.undoManager.groupsByEvent = false
      ownsUndoManager = true
    }
    self.positions = [:]
    self.indexedCount = 0
    reindexAll()
  }

  /// Creates an empty canvas of a size, with a new manager.
  ///
  /// - Parameters:
  ///   - width: the width in points, 1…16384.
  ///   - height: the height in points, 1…16384.
  ///   - scale: pixels per point; 1 by default.
  ///   - background: the colour under the circles; white by default.
  /// - Throws: `CanvasError` when a side is out of range, the scale is not positive and finite,
  ///   or a side × scale exceeds 16384 pixels.
  public convenience init(
    width: Int, height: Int, scale: Double = 1, background: Colour = .white
  ) throws(CanvasError) {
    self.init()
    try configure(width: width, height: height, scale: scale, background: background)
  }

  /// The circles, back to front.
  public var circles: [Circle] { state.circles }

  /// The circle with the given id, or `nil` when there is none.
  public func circle(withID id: String) -> Circle? {
    index(ofID: id).map { state.circles[$0] }
  }

  /// The position of the circle with the given id, 0 being the back, or `nil`.
  public func index(ofID id: String) -> Int? {
    guard let position = positions[id] else { return nil }
    if position < indexedCount { return position }
    let circles = state.circles
    if position < circles.count, circles[position].id == id { return position }
    reindex(from: indexedCount)
    return positions[id]
  }

  /// Records the positions of the circles from `start` to the front.
  private func reindex(from start: Int) {
    let circles = state.circles
    for position in start..<circles.count {
      positions[circles[position].id] = position
    }
    indexedCount = circles.count
  }

  /// Rebuilds `positions` from the circles, after a change that rewrote the list.
  private func reindexAll() {
    positions.removeAll(keepingCapacity: true)
    indexedCount = 0
    reindex(from: 0)
  }

  /// Notes that the circles from `position` on may have moved.
  private func invalidatePositions(from position: Int) {
    indexedCount = min(indexedCount, position)
  }

  /// Sets the size, scale and background; not an undoable change.
  ///
  /// The script allows it only before any change, so it registers nothing.
  ///
  /// - Throws: `CanvasError` when a side is outside 1…16384, the scale is not positive and
  ///   finite, or a side × scale exceeds 16384 pixels.
  public func configure(width: Int, height: Int, scale: Double, background: Colour)
    throws(CanvasError)
  {
    try Self.validateSize(width: width, height: height, scale: scale)
    state.width = width
    state.height = height
    state.scale = scale
    state.background = background
  }

  /// Returns the next free automatic id, `c1`, `c2`, …, and consumes its number.
  ///
  /// Numbers are never reused, even after undo; a number whose id is already taken (by a circle
  /// named `c3` by hand, say) is skipped.
  public func makeAutomaticID() -> String {
    while true {
      let id = "c\(nextAutomaticNumber)"
      nextAutomaticNumber += 1
      if positions[id] == nil { return id }
    }
  }

  /// Adds a circle on top of all others; the step is named `Add <id>`.
  ///
  /// - Throws: `CanvasError` for an id that is malformed or taken, or a property out of range.
  public func add(_ circle: Circle) throws(CanvasError) {
    try Self.validate(circle)
    guard positions[circle.id] == nil else { throw .duplicateID(circle.id) }
    recordingStep {
      insert(circle, at: state.circles.count)
      nameStep("Add \(circle.id)")
    }
  }

  /// Removes a circle; the step is named `Remove <id>`.
  ///
  /// Undo puts the circle back with the same id and properties at the same z-position.
  ///
  /// - Throws: `CanvasError.unknownID` when there is no such circle.
  public func remove(id: String) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    recordingStep {
      delete(at: index)
      nameStep("Remove \(id)")
    }
  }

  /// Moves a circle's centre to a point; the step is named `Move <id>`.
  ///
  /// - Throws: `CanvasError` when there is no such circle or the point is out of range.
  public func move(id: String, to point: Point) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    try Self.validate(point)
    recordingStep {
      replace(at: index, with: CircleChange(center: point))
      nameStep("Move \(id)")
    }
  }

  /// Moves a circle's centre by an offset; the step is named `Move <id>`.
  ///
  /// Undo puts the circle back at exactly its old centre (not by subtracting the offset, which
  /// floating point would not always reverse).
  ///
  /// - Throws: `CanvasError` when there is no such circle, or the offset or the new centre is
  ///   out of range.
  public func move(id: String, by offset: Point) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    guard offset.x.isFinite, offset.y.isFinite else { throw .notFinite("coordinates") }
    let center = state.circles[index].center
    let target = Point(x: center.x + offset.x, y: center.y + offset.y)
    try Self.validate(target)
    recordingStep {
      replace(at: index, with: CircleChange(center: target))
      nameStep("Move \(id)")
    }
  }

  /// Changes some of a circle's properties; the step is named `Change <id>`.
  ///
  /// - Throws: `CanvasError` when there is no such circle, the change is empty, or a new value
  ///   is out of range.
  public func update(id: String, with change: CircleChange) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    guard !change.isEmpty else { throw .emptyChange(id) }
    try Self.validate(change)
    recordingStep {
      replace(at: index, with: change)
      nameStep("Change \(id)")
    }
  }

  /// Names the step being recorded, unless an undo or redo is running: those keep the name of
  /// the step they reverse.
  func nameStep(_ name: String) {
    guard !undoManager.isUndoing, !undoManager.isRedoing else { return }
    undoManager.setActionName(name)
  }

  /// Inserts a circle at a z-position and registers its removal.
  func insert(_ circle: Circle, at index: Int) {
    if index == state.circles.count {
      // On top: the states before stay a prefix of this one (`circlesAdded(since:)`).
      if indexedCount == index { indexedCount += 1 }
      state.appendKeepingLineage(CollectionOfOne(circle))
    } else {
      invalidatePositions(from: index)
      state.circles.insert(circle, at: index)
    }
    positions[circle.id] = index
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.undoAction { () throws(CanvasError) in try canvas.remove(id: circle.id) }
    }
  }

  /// Removes the circle at a z-position and registers putting it back there.
  func delete(at index: Int) {
    let circle = state.circles.remove(at: index)
    positions[circle.id] = nil
    invalidatePositions(from: index)
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.insert(circle, at: index)
    }
  }

  /// Applies a change to the circle at a z-position and registers the change that reverts it.
  func replace(at index: Int, with change: CircleChange) {
    let old = state.circles[index]
    state.circles[index] = change.applied(to: old)
    let reverse = change.reverting(old)
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.undoAction { () throws(CanvasError) in
        try canvas.update(id: old.id, with: reverse)
      }
    }
  }

  /// Edits the circles in place; every caller registers the inverse of its edit.
  func editCircles<Result>(_ body: (inout [Circle]) -> Result) -> Result {
    defer { reindexAll() }
    return body(&state.circles)
  }

  /// Edits the circles in place without changing which ids are in use, only the order of those
  /// from `position` on; every caller registers the inverse of its edit.
  func reorderCircles(from position: Int, _ body: (inout [Circle]) -> Void) {
    invalidatePositions(from: position)
    body(&state.circles)
  }

  /// Runs an inverse operation; it cannot fail while the history matches the canvas.
  func undoAction(_ body: () throws(CanvasError) -> Void) {
    do {
      try body()
    } catch {
      assertionFailure("an undo operation does not match the canvas: \(error)")
    }
  }
}
