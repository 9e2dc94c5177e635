import Testing
import UndoKit

/// Settings edited one by one or as a batch that is a single step.
private final class Settings {
  let undoManager: UndoManager
  private(set) var values: [String: Int] = [:]

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func set(_ key: String, to value: Int?) {
    let old = values[key]
    values[key] = value
    undoManager.registerUndo(withTarget: self) { settings in settings.set(key, to: old) }
    // Undo and redo keep the name of the step they reverse.
    if !undoManager.isUndoing && !undoManager.isRedoing {
      undoManager.setActionName("Set \(key)")
    }
  }

  func batch(_ name: String, _ edits: (Settings) -> Void) {
    undoManager.beginUndoGrouping()
    defer {
      undoManager.endUndoGrouping()
      undoManager.setActionName(name)
    }
    edits(self)
  }
}

@Suite("Port: batch edits in one group")
struct BatchEditPortTests {
  @Test("a batch is one step with the batch's name", arguments: [1, 2, 5])
  func batch(size: Int) {
    let manager = UndoManager()
    let settings = Settings(undoManager: manager)
    settings.set("zoom", to: 1)
    manager.endEvent()
    settings.batch("Reset Layout") { settings in
      for index in 0..<size {
        settings.set("k\(index)", to: index)
      }
      settings.set("zoom", to: 2)
    }
    manager.endEvent()
    #expect(manager.undoCount == 2)
    #expect(manager.undoMenuItemTitle == "Undo Reset Layout")
    manager.undo()
    #expect(settings.values == ["zoom": 1])
    #expect(manager.redoMenuItemTitle == "Redo Reset Layout")
    manager.redo()
    #expect(settings.values.count == size + 1)
    #expect(settings.values["zoom"] == 2)
    manager.undo()
    manager.undo()
    #expect(settings.values.isEmpty)
  }

  @Test(
    "an empty batch is a step of its own, as on Apple platforms; undoing it leaves nothing to redo")
  func emptyBatch() {
    let manager = UndoManager()
    let settings = Settings(undoManager: manager)
    settings.set("zoom", to: 1)
    manager.endEvent()
    settings.batch("Nothing") { _ in }
    manager.endEvent()
    #expect(manager.undoActionNames == ["Nothing", "Set zoom"])
    manager.undo()
    #expect(settings.values == ["zoom": 1])
    #expect(manager.undoActionNames == ["Set zoom"])
    #expect(manager.redoActionNames == [])
  }

  @Test("nested batches fold into the outer one")
  func nestedBatches() {
    let manager = UndoManager()
    let settings = Settings(undoManager: manager)
    settings.batch("Outer") { settings in
      settings.set("a", to: 1)
      settings.batch("Inner") { settings in settings.set("b", to: 2) }
    }
    manager.endEvent()
    #expect(manager.undoActionNames == ["Outer"])
    manager.undo()
    #expect(settings.values.isEmpty)
  }
}
