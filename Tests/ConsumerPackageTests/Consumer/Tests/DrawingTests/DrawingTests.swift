import CircleCanvas
import CircleSnapshotTesting
import Drawing
import Testing
import UndoKit

@Test func counterUndoesAndRedoesEachEvent() {
  let manager = UndoManager()
  let counter = Counter(undoManager: manager)
  counter.count = 1
  manager.endEvent()
  counter.count = 2
  manager.endEvent()
  #expect(manager.undoMenuItemTitle == "Undo Change Count")
  manager.undo()
  #expect(counter.count == 1)
  manager.redo()
  #expect(counter.count == 2)
}

@Test func canvasChangesAreSeparateOrGroupedSteps() throws {
  let canvas = Canvas()
  try canvas.add(Circle(id: "a", center: Point(x: 10, y: 10), radius: 4))
  try canvas.add(Circle(id: "b", center: Point(x: 20, y: 10), radius: 4))
  try canvas.group("Pair") {
    try canvas.add(Circle(id: "c", center: Point(x: 30, y: 10), radius: 4))
    try canvas.add(Circle(id: "d", center: Point(x: 40, y: 10), radius: 4))
  }
  #expect(canvas.undoManager.undoActionNames == ["Pair", "Add b", "Add a"])
  canvas.undoManager.undo()
  #expect(canvas.circles.map(\.id) == ["a", "b"])
  canvas.undoManager.undo()
  #expect(canvas.circles.map(\.id) == ["a"])
}

@Test func sunsetLooksAsRecorded() throws {
  let canvas = try sunset()
  #expect(canvas.undoManager.undoMenuItemTitle == "Undo Sunset")
  assertSnapshot(of: canvas)
}
