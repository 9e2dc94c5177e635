import Testing
import UndoKit

/// The counter from countless articles: its setter registers the old value.
private final class Counter {
  let undoManager: UndoManager
  var count = 0 {
    didSet {
      undoManager.registerUndo(withTarget: self) { [oldValue] counter in
        counter.count = oldValue
      }
      undoManager.setActionName("Change Count")
    }
  }

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func increment() {
    count += 1
  }
}

@Suite("Port: a counter whose setter registers itself")
struct CounterPortTests {
  @Test("undo and redo walk the whole chain", arguments: [1, 3, 10])
  func chain(steps: Int) {
    let manager = UndoManager()
    let counter = Counter(undoManager: manager)
    for _ in 0..<steps {
      counter.increment()
      manager.endEvent()
    }
    #expect(manager.undoCount == steps)
    #expect(manager.undoMenuItemTitle == "Undo Change Count")
    for expected in (0..<steps).reversed() {
      manager.undo()
      #expect(counter.count == expected)
    }
    #expect(!manager.canUndo)
    #expect(manager.redoMenuItemTitle == "Redo Change Count")
    for expected in 1...steps {
      manager.redo()
      #expect(counter.count == expected)
    }
    #expect(!manager.canRedo)
    #expect(manager.undoCount == steps)
  }

  @Test("a change after undo forgets the redo chain")
  func branch() {
    let manager = UndoManager()
    let counter = Counter(undoManager: manager)
    counter.count = 5
    manager.endEvent()
    counter.count = 6
    manager.endEvent()
    manager.undo()
    counter.count = 40
    manager.endEvent()
    #expect(!manager.canRedo)
    manager.undo()
    #expect(counter.count == 5)
    manager.undo()
    #expect(counter.count == 0)
  }
}
