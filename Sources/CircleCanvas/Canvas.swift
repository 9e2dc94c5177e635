import UndoKit

/// A canvas of circles whose every change registers its inverse with an undo manager.
///
/// The canvas keeps no history of its own: each change records, through
/// `registerUndo(withTarget:handler:)`, the operation that reverses it, and names the step
/// (`Add sun`, `Move sun`, `Clear`). Each reversing operation records its own reverse in turn,
/// so redo follows UndoKit's rules. Undo and redo keep the step's name.
///
/// Grouping follows the manager: with `groupsByEvent` on, the host calls
/// `undoManager.endEvent()` after each command to make it one step. `clear()` always records one
/// group of its own.
///
/// ```swift
/// let canvas = Canvas()
/// try canvas.add(Circle(id: "sun", center: Point(x: 50, y: 50), radius: 20))
/// canvas.undoManager.endEvent()
/// canvas.undoManager.undoMenuItemTitle  // "Undo Add sun"
/// canvas.undoManager.undo()             // the canvas is empty again
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
  /// The ids in use, for checks that need not scan the circles.
  private var ids: Set<String>

  /// Creates a canvas.
  ///
  /// - Parameters:
  ///   - state: the size, scale, background and circles to start with; the default is a
  ///     512×512 white canvas without circles.
  ///   - undoManager: the manager to register changes with; a new one by default.
  public init(state: CanvasState = CanvasState(), undoManager: UndoManager = UndoManager()) {
    self.state = state
    self.state.startLineage()
    self.undoManager = undoManager
    self.ids = Set(state.circles.map(\.id))
  }

  /// The circles, back to front.
  public var circles: [Circle] { state.circles }

  /// The circle with the given id, or `nil` when there is none.
  public func circle(withID id: String) -> Circle? {
    index(ofID: id).map { state.circles[$0] }
  }

  /// The position of the circle with the given id, 0 being the back, or `nil`.
  public func index(ofID id: String) -> Int? {
    state.circles.firstIndex { $0.id == id }
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
      if !ids.contains(id) { return id }
    }
  }

  /// Adds a circle on top of all others; the step is named `Add <id>`.
  ///
  /// - Throws: `CanvasError` for an id that is malformed or taken, or a property out of range.
  public func add(_ circle: Circle) throws(CanvasError) {
    try Self.validate(circle)
    guard !ids.contains(circle.id) else { throw .duplicateID(circle.id) }
    insert(circle, at: state.circles.count)
    nameStep("Add \(circle.id)")
  }

  /// Removes a circle; the step is named `Remove <id>`.
  ///
  /// Undo puts the circle back with the same id and properties at the same z-position.
  ///
  /// - Throws: `CanvasError.unknownID` when there is no such circle.
  public func remove(id: String) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    delete(at: index)
    nameStep("Remove \(id)")
  }

  /// Moves a circle's centre to a point; the step is named `Move <id>`.
  ///
  /// - Throws: `CanvasError` when there is no such circle or the point is out of range.
  public func move(id: String, to point: Point) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    try Self.validate(point)
    replace(at: index, with: CircleChange(center: point))
    nameStep("Move \(id)")
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
    replace(at: index, with: CircleChange(center: target))
    nameStep("Move \(id)")
  }

  /// Changes some of a circle's properties; the step is named `Change <id>`.
  ///
  /// - Throws: `CanvasError` when there is no such circle, the change is empty, or a new value
  ///   is out of range.
  public func update(id: String, with change: CircleChange) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    guard !change.isEmpty else { throw .emptyChange(id) }
    try Self.validate(change)
    replace(at: index, with: change)
    nameStep("Change \(id)")
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
      state.appendKeepingLineage(CollectionOfOne(circle))
    } else {
      state.circles.insert(circle, at: index)
    }
    ids.insert(circle.id)
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.undoAction { () throws(CanvasError) in try canvas.remove(id: circle.id) }
    }
  }

  /// Removes the circle at a z-position and registers putting it back there.
  func delete(at index: Int) {
    let circle = state.circles.remove(at: index)
    ids.remove(circle.id)
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
    defer { ids = Set(state.circles.map(\.id)) }
    return body(&state.circles)
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
