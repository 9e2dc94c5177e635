import Testing
import UndoKit

@Suite("levelsOfUndo, removal and discardable actions")
struct LimitAndRemovalTests {
  @Test(
    "levelsOfUndo drops the oldest groups, also when lowered",
    arguments: [
      // (script, value after, stacks)
      ("lim:2 =1 n:A ; =2 n:B ; =3 n:C ;", 3, "C B |"),
      ("lim:2 =1 n:A ; =2 n:B ; =3 n:C ; u u u", 1, "| B C"),
      ("=1 n:A ; =2 n:B ; =3 n:C ; lim:1", 3, "C |"),
      ("=1 n:A ; =2 n:B ; =3 n:C ; u u u lim:2", 0, "| A B"),
      ("=1 n:A ; =2 n:B ; u lim:1", 1, "A | B"),
      ("lim:1 =1 n:A ; lim:0 =2 n:B ; =3 n:C ;", 3, "C B A |"),
      ("lim:-3 =1 n:A ; =2 n:B ;", 2, "B A |"),
    ])
  func limits(script: String, value: Int, stacks: String) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
  }

  @Test(
    "removeAllActions empties both stacks and open groups and re-enables registration",
    arguments: [
      ("=1 n:A ; =2 n:B ; u clear", 1, "|", 0),
      ("off off clear =5 n:E ;", 5, "E |", 0),
      ("=1 n:A ; [ [ =2 clear", 2, "|", 0),
      ("=1 clear =2 n:B ;", 2, "B |", 0),
    ])
  func removeAll(script: String, value: Int, stacks: String, level: Int) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
    #expect(run.manager.groupingLevel == level)
    #expect(run.manager.isUndoRegistrationEnabled)
  }

  @Test("removeAllActions(withTarget:) removes one target's actions from stacks and groups")
  func removeByTarget() {
    let manager = UndoManager()
    let kept = Cell(manager: manager)
    let removed = Cell(manager: manager)
    removed.set(1)
    manager.setActionName("Only removed")
    manager.endEvent()
    kept.set(1)
    removed.set(2)
    manager.setActionName("Both")
    manager.endEvent()
    manager.beginUndoGrouping()
    removed.set(3)
    manager.beginUndoGrouping()
    kept.set(2)
    removed.set(4)
    manager.endUndoGrouping()
    manager.removeAllActions(withTarget: removed)
    #expect(manager.undoActionNames == ["", "Both"])
    // The nested group closed before the removal can still be undone on its own.
    manager.undoNestedGroup()
    #expect(manager.lastMisuse == nil)
    #expect(kept.value == 1)
    #expect(removed.value == 4)
    manager.endUndoGrouping()
    // The event's group now holds only the nested group, emptied by its undo; it is a step.
    #expect(manager.groupingLevel == 1)
    #expect(manager.undoActionNames == ["", "Both"])
    manager.undo()
    #expect(kept.value == 1)
    #expect(manager.undoActionNames == ["Both"])
    manager.undo()
    #expect(kept.value == 0)
    #expect(removed.value == 4)
    #expect(!manager.canUndo)
  }

  @Test("an action removed during an undo no longer runs")
  func removeDuringUndo() {
    let manager = UndoManager()
    let log = Log()
    let other = Log()
    manager.registerUndo(withTarget: other) { $0.entries.append(1) }
    manager.registerUndo(withTarget: log) { _ in manager.removeAllActions(withTarget: other) }
    manager.endEvent()
    manager.undo()
    #expect(other.entries.isEmpty)
  }

  @Test(
    "discardable flags of the next undo and redo steps",
    arguments: [
      ("=1 ;", false, false),
      ("=1 disc ;", true, false),
      ("=1 disc =2 ;", false, false),
      ("=1 disc =2 disc ;", true, false),
      ("=1 ; disc", true, false),
      ("=1 disc ; u", false, false),
      ("", false, false),
    ])
  func discardable(script: String, undo: Bool, redo: Bool) {
    let run = UndoScript()
    run.run(script)
    #expect(run.manager.undoActionIsDiscardable == undo)
    #expect(run.manager.redoActionIsDiscardable == redo)
  }

  @Test("a handler can mark the group it records as discardable")
  func discardableRedo() {
    let manager = UndoManager()
    let log = Log()
    manager.registerUndo(withTarget: log) { log in
      manager.registerUndo(withTarget: log) { _ in }
      manager.setActionIsDiscardable(true)
    }
    manager.endEvent()
    manager.undo()
    #expect(manager.redoActionIsDiscardable)
  }
}
