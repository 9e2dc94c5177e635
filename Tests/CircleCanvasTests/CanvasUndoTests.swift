import CircleCanvas
import Testing
import UndoKit

/// One change to try on the three-circle canvas.
struct Operation: Sendable, CustomTestStringConvertible {
  let label: String
  let actionName: String
  let perform: @Sendable (Canvas) throws -> Void

  var testDescription: String { label }
}

@Suite("Canvas undo and redo")
struct CanvasUndoTests {
  static let operations: [Operation] = [
    Operation(label: "add d", actionName: "Add d") {
      try $0.add(Circle(id: "d", center: Point(x: 1, y: 2), radius: 3))
    },
    Operation(label: "remove a (back)", actionName: "Remove a") { try $0.remove(id: "a") },
    Operation(label: "remove b (middle)", actionName: "Remove b") { try $0.remove(id: "b") },
    Operation(label: "remove c (front)", actionName: "Remove c") { try $0.remove(id: "c") },
    Operation(label: "move b to", actionName: "Move b") {
      try $0.move(id: "b", to: Point(x: -4, y: 1e5))
    },
    Operation(label: "move c by", actionName: "Move c") {
      try $0.move(id: "c", by: Point(x: 0.1, y: 0.7))
    },
    Operation(label: "move a by 0,0", actionName: "Move a") {
      try $0.move(id: "a", by: Point(x: 0, y: 0))
    },
    Operation(label: "change b's paint", actionName: "Change b") {
      try $0.update(
        id: "b", with: CircleChange(fill: .black, stroke: Colour.none, strokeWidth: 9, opacity: 1))
    },
    Operation(label: "change a's geometry", actionName: "Change a") {
      try $0.update(id: "a", with: CircleChange(center: Point(x: 5, y: 5), radius: 50))
    },
    Operation(label: "change a to what it is", actionName: "Change a") {
      try $0.update(id: "a", with: CircleChange(radius: 5))
    },
    Operation(label: "bring a to front", actionName: "Bring a to Front") {
      try $0.bringToFront(id: "a")
    },
    Operation(label: "bring c to front (already there)", actionName: "Bring c to Front") {
      try $0.bringToFront(id: "c")
    },
    Operation(label: "send c to back", actionName: "Send c to Back") {
      try $0.sendToBack(id: "c")
    },
    Operation(label: "send b to back", actionName: "Send b to Back") {
      try $0.sendToBack(id: "b")
    },
    Operation(label: "clear", actionName: "Clear") { $0.clear() },
  ]

  @Test(
    "undo restores the state before, redo the state after, with the step's name",
    arguments: operations)
  func undoAndRedo(operation: Operation) throws {
    let canvas = Canvas(state: threeCircles())
    let before = canvas.state
    try canvas.step(operation.perform)
    let after = canvas.state
    let manager = canvas.undoManager
    #expect(manager.canUndo && !manager.canRedo)
    #expect(manager.undoActionName == operation.actionName)
    #expect(manager.undoMenuItemTitle == "Undo \(operation.actionName)")

    for _ in 0..<2 {
      manager.undo()
      #expect(canvas.state == before)
      #expect(!manager.canUndo && manager.canRedo)
      #expect(manager.redoActionName == operation.actionName)
      #expect(manager.redoMenuItemTitle == "Redo \(operation.actionName)")

      manager.redo()
      #expect(canvas.state == after)
      #expect(manager.canUndo && !manager.canRedo)
      #expect(manager.undoActionName == operation.actionName)
    }
    #expect(manager.lastMisuse == nil)
  }

  @Test("removing a circle and undoing puts it back at the same z-position")
  func removeKeepsPosition() throws {
    let canvas = Canvas(state: threeCircles())
    let b = try #require(canvas.circle(withID: "b"))
    try canvas.step { try $0.remove(id: "b") }
    #expect(canvas.circles.map(\.id) == ["a", "c"])
    canvas.undoManager.undo()
    #expect(canvas.circles.map(\.id) == ["a", "b", "c"])
    #expect(canvas.index(ofID: "b") == 1)
    #expect(canvas.circle(withID: "b") == b)
  }

  @Test("steps undo newest first and keep their names on both stacks")
  func sequence() throws {
    let canvas = Canvas()
    let manager = canvas.undoManager
    try canvas.step { try $0.add(Circle(id: "sun", center: Point(x: 1, y: 1), radius: 4)) }
    try canvas.step { try $0.move(id: "sun", by: Point(x: 2, y: 0)) }
    try canvas.step { try $0.update(id: "sun", with: CircleChange(fill: .white)) }
    canvas.step { $0.clear() }
    #expect(manager.undoActionNames == ["Clear", "Change sun", "Move sun", "Add sun"])

    manager.undo()
    manager.undo()
    #expect(canvas.circle(withID: "sun")?.center == Point(x: 3, y: 1))
    #expect(canvas.circle(withID: "sun")?.fill == .black)
    #expect(manager.undoMenuItemTitle == "Undo Move sun")
    #expect(manager.redoMenuItemTitle == "Redo Change sun")
    #expect(manager.redoActionNames == ["Change sun", "Clear"])

    manager.undo()
    manager.undo()
    #expect(canvas.circles.isEmpty && !manager.canUndo)
    for _ in 0..<4 { manager.redo() }
    #expect(canvas.circles.isEmpty && manager.undoActionName == "Clear" && !manager.canRedo)
    manager.undo()
    #expect(canvas.circle(withID: "sun")?.fill == .white)
  }

  @Test("clear restores every circle in order, and redo clears again")
  func clear() {
    let canvas = Canvas(state: threeCircles())
    canvas.step { $0.clear() }
    #expect(canvas.circles.isEmpty)
    canvas.undoManager.undo()
    #expect(canvas.state == threeCircles())
    canvas.undoManager.redo()
    #expect(canvas.circles.isEmpty)
  }

  @Test("clearing an empty canvas is still a step")
  func clearEmpty() {
    let canvas = Canvas()
    canvas.step { $0.clear() }
    #expect(canvas.undoManager.canUndo)
    #expect(canvas.undoManager.undoMenuItemTitle == "Undo Clear")
    canvas.undoManager.undo()
    #expect(canvas.circles.isEmpty && canvas.undoManager.canRedo)
  }

  @Test("clear is one group of its own even when groupsByEvent is off")
  func clearWithoutEvents() {
    let canvas = Canvas(state: threeCircles())
    let manager = canvas.undoManager
    manager.groupsByEvent = false
    canvas.clear()
    #expect(manager.lastMisuse == nil)
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoActionName == "Clear")
    manager.undo()
    #expect(canvas.state == threeCircles())
    manager.redo()
    #expect(canvas.circles.isEmpty)
  }

  @Test("clear inside an open group becomes part of that group")
  func clearInGroup() throws {
    let canvas = Canvas(state: threeCircles())
    let manager = canvas.undoManager
    manager.beginUndoGrouping()
    try canvas.add(Circle(id: "x", center: Point(x: 0, y: 0), radius: 1))
    canvas.clear()
    try canvas.add(Circle(id: "y", center: Point(x: 0, y: 0), radius: 1))
    manager.setActionName("Batch")
    manager.endUndoGrouping()
    #expect(canvas.circles.map(\.id) == ["y"])
    #expect(manager.undoActionNames == ["Batch"])
    manager.undo()
    #expect(canvas.state == threeCircles())
    manager.redo()
    #expect(canvas.circles.map(\.id) == ["y"])
  }

  @Test("a failed change registers nothing")
  func failureRegistersNothing() {
    let canvas = Canvas(state: threeCircles())
    #expect(throws: CanvasError.self) { try canvas.step { try $0.remove(id: "moon") } }
    #expect(throws: CanvasError.self) {
      try canvas.step { try $0.move(id: "a", by: Point(x: .nan, y: 0)) }
    }
    #expect(!canvas.undoManager.canUndo)
    #expect(canvas.state == threeCircles())
  }

  @Test("configuring the canvas is not an undoable change")
  func configureIsNotUndoable() throws {
    let canvas = Canvas()
    try canvas.configure(width: 300, height: 200, scale: 2, background: .none)
    #expect(!canvas.undoManager.canUndo)
    #expect(canvas.state == CanvasState(width: 300, height: 200, scale: 2, background: .none))
  }

  @Test("the canvas keeps no history of its own: without the manager's actions, nothing undoes")
  func noOwnHistory() throws {
    let manager = UndoManager()
    let canvas = Canvas(undoManager: manager)
    #expect(canvas.undoManager === manager)
    try canvas.step { try $0.add(Circle(id: "a", center: Point(x: 0, y: 0), radius: 1)) }
    manager.removeAllActions(withTarget: canvas)
    #expect(!manager.canUndo)
    manager.undo()
    #expect(canvas.circles.map(\.id) == ["a"])
  }
}
