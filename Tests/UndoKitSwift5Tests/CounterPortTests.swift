import Testing
import UndoKit

/// The classic self-registering counter, without actor isolation, in the Swift 5 language mode.
final class StepCounter {
  let undoManager: UndoManager
  var value = 0 {
    didSet {
      undoManager.registerUndo(withTarget: self) { [oldValue] counter in
        counter.value = oldValue
      }
      if !undoManager.isUndoing && !undoManager.isRedoing {
        undoManager.setActionName("Step")
      }
    }
  }

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }
}

@Suite("Swift 5 mode: a plain counter and a grouped batch")
struct CounterPortTests {
  @Test("each step undoes and redoes", arguments: [1, 4])
  func steps(count: Int) {
    let manager = UndoManager()
    let counter = StepCounter(undoManager: manager)
    for _ in 0..<count {
      counter.value += 2
      manager.endEvent()
    }
    #expect(manager.undoCount == count)
    manager.undo()
    #expect(counter.value == 2 * (count - 1))
    #expect(manager.redoMenuItemTitle == "Redo Step")
    manager.redo()
    #expect(counter.value == 2 * count)
  }

  @Test("a batch in one group with a deferred name")
  func batch() {
    let manager = UndoManager()
    let counter = StepCounter(undoManager: manager)
    func resetTwice() {
      manager.beginUndoGrouping()
      defer {
        manager.endUndoGrouping()
        manager.setActionName("Reset")
      }
      counter.value = 10
      counter.value = 0
    }
    counter.value = 3
    manager.endEvent()
    resetTwice()
    manager.endEvent()
    #expect(manager.undoActionNames == ["Reset", "Step"])
    manager.undo()
    #expect(counter.value == 3)
    #expect(manager.redoMenuItemTitle == "Redo Reset")
  }
}
