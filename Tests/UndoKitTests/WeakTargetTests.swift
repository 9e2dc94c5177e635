import Testing
import UndoKit

@Suite("Targets are not kept alive")
struct WeakTargetTests {
  @Test("the manager does not retain a target")
  func notRetained() {
    let manager = UndoManager()
    var target: Log? = Log()
    weak var observed = target
    manager.registerUndo(withTarget: target!) { $0.entries.append(1) }
    manager.endEvent()
    target = nil
    #expect(observed == nil)
    #expect(manager.canUndo)
  }

  @Test("a freed target's actions are skipped and the rest of the group still runs")
  func freedTargetSkipped() {
    let manager = UndoManager()
    let survivor = Cell(manager: manager)
    var freed: Cell? = Cell(manager: manager)
    survivor.set(1)
    freed!.set(1)
    survivor.set(2)
    manager.setActionName("Mixed")
    manager.endEvent()
    freed = nil
    manager.undo()
    #expect(survivor.value == 0)
    #expect(manager.redoActionName == "Mixed")
    manager.redo()
    #expect(survivor.value == 2)
  }
}
