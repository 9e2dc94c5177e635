import CircleCanvas
import Testing
import UndoKit

@Suite("Canvas steps: one per change, several as one named group, or the caller's rules")
struct CanvasGroupingTests {
  static func dot(_ id: String, x: Double = 10) -> Circle {
    Circle(id: id, center: Point(x: x, y: 10), radius: 4)
  }

  @Test("a canvas made without a manager makes each change one undo step")
  func eachChangeOneStep() throws {
    let canvas = Canvas()
    try canvas.add(Self.dot("a"))
    try canvas.add(Self.dot("b"))
    try canvas.move(id: "a", by: Point(x: 5, y: 0))
    canvas.clear()
    let manager = canvas.undoManager
    #expect(manager.undoActionNames == ["Clear", "Move a", "Add b", "Add a"])
    #expect(manager.groupingLevel == 0)
    manager.undo()
    manager.undo()
    #expect(canvas.circles.map(\.id) == ["a", "b"])
    #expect(canvas.circle(withID: "a")?.center == Point(x: 10, y: 10))
    manager.undo()
    #expect(canvas.circles.map(\.id) == ["a"])
    #expect(manager.lastMisuse == nil)
  }

  @Test("group makes several changes one named step; undo and redo keep the name")
  func namedGroup() throws {
    let canvas = Canvas()
    try canvas.add(Self.dot("sun"))
    try canvas.group("Pair") {
      try canvas.add(Self.dot("a", x: 20))
      try canvas.add(Self.dot("b", x: 30))
    }
    let manager = canvas.undoManager
    #expect(manager.undoActionNames == ["Pair", "Add sun"])
    #expect(manager.undoMenuItemTitle == "Undo Pair")
    manager.undo()
    #expect(canvas.circles.map(\.id) == ["sun"])
    #expect(manager.redoMenuItemTitle == "Redo Pair")
    manager.redo()
    #expect(canvas.circles.map(\.id) == ["sun", "a", "b"])
    #expect(manager.undoActionName == "Pair")
  }

  @Test("a group that changes nothing is no step and leaves the redo stack alone")
  func emptyGroup() throws {
    let canvas = Canvas()
    try canvas.add(Self.dot("a"))
    canvas.undoManager.undo()
    let result = canvas.group("Nothing") { 42 }
    #expect(result == 42)
    #expect(!canvas.undoManager.canUndo)
    #expect(canvas.undoManager.redoActionNames == ["Add a"])
  }

  @Test("groups nest into one step, which takes the outer name")
  func nestedGroups() throws {
    let canvas = Canvas()
    try canvas.group("Outer") {
      try canvas.add(Self.dot("a"))
      try canvas.group("Inner") { try canvas.add(Self.dot("b")) }
      try canvas.group("") { canvas.clear() }
    }
    #expect(canvas.undoManager.undoActionNames == ["Outer"])
    canvas.undoManager.undo()
    #expect(canvas.circles.isEmpty && !canvas.undoManager.canUndo)
  }

  @Test("a group whose body throws keeps what changed as one step and passes the error on")
  func throwingGroup() throws {
    let canvas = Canvas()
    #expect(throws: CanvasError.unknownID("moon")) {
      try canvas.group("Half") {
        try canvas.add(Self.dot("a"))
        try canvas.remove(id: "moon")
      }
    }
    let manager = canvas.undoManager
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoActionNames == ["Half"])
    try canvas.add(Self.dot("b"))
    #expect(manager.undoActionNames == ["Add b", "Half"])
  }

  @Test("an explicit group on the canvas's own manager is one step at once")
  func explicitGroup() throws {
    let canvas = Canvas()
    let manager = canvas.undoManager
    #expect(!manager.groupsByEvent)
    manager.beginUndoGrouping()
    try canvas.add(Self.dot("a"))
    try canvas.add(Self.dot("b"))
    manager.endUndoGrouping()
    manager.setActionName("Both")
    try canvas.add(Self.dot("c"))
    #expect(manager.undoActionNames == ["Add c", "Both"])
  }

  @Test("each change stays one step when the canvas's own manager groups by event again")
  func ownManagerWithEvents() throws {
    let canvas = Canvas()
    canvas.undoManager.groupsByEvent = true
    try canvas.add(Self.dot("a"))
    try canvas.add(Self.dot("b"))
    #expect(canvas.undoManager.groupingLevel == 0)
    #expect(canvas.undoManager.undoActionNames == ["Add b", "Add a"])
  }

  @Test("a manager of the caller's keeps Apple's rules: the changes of one event are one step")
  func callersManager() throws {
    let manager = UndoManager()
    let canvas = Canvas(undoManager: manager)
    try canvas.add(Self.dot("a"))
    try canvas.add(Self.dot("b"))
    #expect(manager.groupingLevel == 1)
    manager.endEvent()
    #expect(manager.undoActionNames == ["Add b"])
    try canvas.group("Pair") {
      try canvas.add(Self.dot("c"))
      try canvas.add(Self.dot("d"))
    }
    #expect(manager.groupingLevel == 1)
    manager.endEvent()
    #expect(manager.undoActionNames == ["Pair", "Add b"])
    manager.undo()
    manager.undo()
    #expect(canvas.circles.isEmpty)
  }

  @Test(
    "a canvas of a chosen size, and sizes out of range on both sides",
    arguments: [
      (400, 300, 1.0, nil), (1, 1, 1, nil), (16384, 1, 1, nil), (0, 10, 1, CanvasError.self),
      (16385, 10, 1, CanvasError.self), (8192, 10, 2, nil), (8193, 10, 2, CanvasError.self),
    ] as [(Int, Int, Double, CanvasError.Type?)])
  func sized(width: Int, height: Int, scale: Double, error: CanvasError.Type?) throws {
    if error != nil {
      #expect(throws: CanvasError.self) { try Canvas(width: width, height: height, scale: scale) }
    } else {
      let canvas = try Canvas(width: width, height: height, scale: scale, background: .black)
      #expect(
        canvas.state == CanvasState(width: width, height: height, scale: scale, background: .black))
      #expect(!canvas.undoManager.canUndo)
    }
  }

  @Test("the README's canvas example does what it says")
  func readmeExample() throws {
    let canvas = try Canvas(width: 400, height: 300, background: Colour(hex: "#203060")!)
    try canvas.add(Circle(id: "sun", center: Point(x: 200, y: 180), radius: 40, fill: .white))
    try canvas.move(id: "sun", by: Point(x: 0, y: -30))
    #expect(canvas.undoManager.undoMenuItemTitle == "Undo Move sun")
    try canvas.group("Stars") {
      try canvas.add(Circle(id: "a", center: Point(x: 40, y: 30), radius: 2, fill: .white))
      try canvas.add(Circle(id: "b", center: Point(x: 90, y: 50), radius: 2, fill: .white))
    }
    canvas.undoManager.undo()
    #expect(canvas.circles.map(\.id) == ["sun"])
    #expect(canvas.undoManager.redoActionName == "Stars")
    canvas.undoManager.undo()
    #expect(canvas.circle(withID: "sun")?.center == Point(x: 200, y: 180))
  }
}
