import Testing
import UndoKit

/// A drawing whose "clear" is one group that restores every shape from a snapshot.
private final class Sketch {
  let undoManager: UndoManager
  private(set) var shapes: [String] = []

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func add(_ shape: String) {
    shapes.append(shape)
    undoManager.registerUndo(withTarget: self) { sketch in sketch.remove(shape) }
    if !undoManager.isUndoing && !undoManager.isRedoing {
      undoManager.setActionName("Add \(shape)")
    }
  }

  func remove(_ shape: String) {
    guard let index = shapes.firstIndex(of: shape) else { return }
    shapes.remove(at: index)
    undoManager.registerUndo(withTarget: self) { sketch in sketch.insert(shape, at: index) }
    if !undoManager.isUndoing && !undoManager.isRedoing {
      undoManager.setActionName("Remove \(shape)")
    }
  }

  private func insert(_ shape: String, at index: Int) {
    shapes.insert(shape, at: index)
    undoManager.registerUndo(withTarget: self) { sketch in sketch.remove(shape) }
  }

  func clear() {
    undoManager.beginUndoGrouping()
    defer {
      undoManager.endUndoGrouping()
      undoManager.setActionName("Clear")
    }
    restore([])
  }

  private func restore(_ snapshot: [String]) {
    let current = shapes
    shapes = snapshot
    undoManager.registerUndo(withTarget: self) { sketch in sketch.restore(current) }
  }
}

@Suite("Port: a canvas with a grouped clear that restores from a snapshot")
struct SketchPortTests {
  @Test("clear, undo, redo, and back to the start")
  func clearCycle() {
    let manager = UndoManager()
    let sketch = Sketch(undoManager: manager)
    for shape in ["sun", "moon", "star"] {
      sketch.add(shape)
      manager.endEvent()
    }
    sketch.clear()
    manager.endEvent()
    #expect(sketch.shapes.isEmpty)
    #expect(manager.undoMenuItemTitle == "Undo Clear")
    manager.undo()
    #expect(sketch.shapes == ["sun", "moon", "star"])
    #expect(manager.redoMenuItemTitle == "Redo Clear")
    #expect(manager.undoMenuItemTitle == "Undo Add star")
    manager.redo()
    #expect(sketch.shapes.isEmpty)
    manager.undo()
    manager.undo()
    #expect(sketch.shapes == ["sun", "moon"])
    #expect(manager.redoActionNames == ["Add star", "Clear"])
    manager.undo()
    manager.undo()
    #expect(sketch.shapes.isEmpty)
    #expect(!manager.canUndo)
    while manager.canRedo {
      manager.redo()
    }
    #expect(sketch.shapes.isEmpty)
    #expect(manager.undoActionNames == ["Clear", "Add star", "Add moon", "Add sun"])
  }

  @Test("removing from the middle comes back at the same place")
  func removeMiddle() {
    let manager = UndoManager()
    let sketch = Sketch(undoManager: manager)
    for shape in ["a", "b", "c"] {
      sketch.add(shape)
      manager.endEvent()
    }
    sketch.remove("b")
    manager.endEvent()
    #expect(manager.undoMenuItemTitle == "Undo Remove b")
    manager.undo()
    #expect(sketch.shapes == ["a", "b", "c"])
    #expect(manager.redoMenuItemTitle == "Redo Remove b")
    manager.redo()
    #expect(sketch.shapes == ["a", "c"])
  }
}
