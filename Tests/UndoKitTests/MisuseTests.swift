import Testing
import UndoKit

@Suite("Misuse is refused and reported")
struct MisuseTests {
  @Test(
    "each misuse leaves the state unchanged and is reported",
    arguments: [
      // (script, misuse, value after, stacks, grouping level)
      ("]", UndoManagerError.endGroupingWithoutOpenGroup, 0, "|", 0),
      ("=1 n:A ; ]", .endGroupingWithoutOpenGroup, 1, "A |", 0),
      ("[ [ =1 u", .undoWithNestedGroupsOpen(groupingLevel: 3), 1, "- |", 3),
      // With groupsByEvent on, an explicit group opened at level 0 sits in the event's group.
      ("[ =1 n:One u", .undoWithNestedGroupsOpen(groupingLevel: 2), 1, "One |", 2),
      ("manual [ [ =1 u", .undoWithNestedGroupsOpen(groupingLevel: 2), 1, "- |", 2),
      ("manual =1", .registrationWithoutOpenGroup, 1, "|", 0),
      ("on", .unbalancedEnableUndoRegistration, 0, "|", 0),
      ("off on on =1 n:A ;", .unbalancedEnableUndoRegistration, 1, "A |", 0),
      ("=1 n:A ; [ un", .noNestedGroupToUndo, 1, "A |", 2),
      ("[ =1 [ =2 ] =3 un", .noNestedGroupToUndo, 3, "- |", 2),
      ("manual [ =1 un", .noNestedGroupToUndo, 1, "- |", 1),
    ])
  func refused(
    script: String, misuse: UndoManagerError, value: Int, stacks: String, level: Int
  ) {
    let run = UndoScript()
    var reported: [UndoManagerError] = []
    run.manager.misuseHandler = { reported.append($0) }
    run.run(script)
    #expect(reported == [misuse])
    #expect(run.manager.lastMisuse == misuse)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
    #expect(run.manager.groupingLevel == level)
  }

  @Test("undo and redo from a handler are refused; the running undo completes")
  func reentrantUndo() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    let log = Log()
    var reported: [UndoManagerError] = []
    manager.misuseHandler = { reported.append($0) }
    cell.set(1)
    manager.endEvent()
    cell.set(2)
    manager.registerUndo(withTarget: log) { _ in
      manager.undo()
      manager.redo()
      manager.undoNestedGroup()
    }
    manager.endEvent()
    manager.undo()
    #expect(reported == [.undoDuringUndoOrRedo, .redoDuringUndoOrRedo, .undoDuringUndoOrRedo])
    #expect(cell.value == 1)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 1)
  }

  @Test("a handler cannot close the group an undo records, and groups it leaves open are closed")
  func handlerGrouping() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    var reported: [UndoManagerError] = []
    manager.misuseHandler = { reported.append($0) }
    manager.registerUndo(withTarget: cell) { cell in
      manager.endUndoGrouping()
      manager.beginUndoGrouping()
      manager.beginUndoGrouping()
      cell.set(9)
    }
    manager.endEvent()
    manager.undo()
    #expect(reported == [.endGroupingWithoutOpenGroup, .groupsLeftOpenByHandler(count: 2)])
    #expect(manager.groupingLevel == 0)
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(cell.value == 0)
  }

  @Test("the checked variants throw and leave the misuse handler alone")
  func checkedVariants() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    var reported: [UndoManagerError] = []
    manager.misuseHandler = { reported.append($0) }
    #expect(throws: UndoManagerError.endGroupingWithoutOpenGroup) {
      try manager.endUndoGroupingChecked()
    }
    #expect(throws: UndoManagerError.unbalancedEnableUndoRegistration) {
      try manager.enableUndoRegistrationChecked()
    }
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    #expect(throws: UndoManagerError.undoWithNestedGroupsOpen(groupingLevel: 3)) {
      try manager.undoChecked()
    }
    #expect(throws: UndoManagerError.noNestedGroupToUndo) {
      try manager.undoNestedGroupChecked()
    }
    manager.removeAllActions()
    manager.groupsByEvent = false
    #expect(throws: UndoManagerError.registrationWithoutOpenGroup) {
      try manager.registerUndoChecked(withTarget: cell) { _ in }
    }
    #expect(reported.isEmpty)
    #expect(manager.lastMisuse == nil)
    manager.beginUndoGrouping()
    #expect(throws: Never.self) {
      try manager.registerUndoChecked(withTarget: cell) { _ in }
      try manager.endUndoGroupingChecked()
      try manager.undoChecked()
      try manager.redoChecked()
    }
    // The handler registers nothing: its undo leaves nothing to redo, and the redo does nothing.
    #expect(manager.undoCount == 0 && manager.redoCount == 0)
  }

  @Test("every misuse has a terse description")
  func descriptions() {
    let all: [UndoManagerError] = [
      .endGroupingWithoutOpenGroup, .undoWithNestedGroupsOpen(groupingLevel: 3),
      .undoDuringUndoOrRedo, .redoDuringUndoOrRedo,
      .noNestedGroupToUndo, .registrationWithoutOpenGroup, .unbalancedEnableUndoRegistration,
      .groupsLeftOpenByHandler(count: 1),
    ]
    let texts = all.map(\.description)
    #expect(Set(texts).count == all.count)
    #expect(texts.allSatisfy { !$0.isEmpty && !$0.hasSuffix(".") })
    #expect(texts[1].contains("3"))
  }
}
