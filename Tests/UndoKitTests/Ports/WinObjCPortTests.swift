// Ported from microsoft/WinObjC, tests/unittests/Foundation/NSUndoManagerTests.mm, as added in
// commit 0b174ccdb90581cb49acee4002303fbbdf4dd7c4 ("NSUndoManager - Basic Undo/Redo Actions",
// 2016-09-01) and unchanged since; MIT licence, Copyright (c) Microsoft.
//
// These tests were run against Apple's Foundation: WinObjC built Foundation.UnitTests on OS X
// from every file of that folder to check its tests against the reference platform
// (docs/Testing/OSXWinObjCTests.md, "There are no known failures in Foundation.UnitTests"), and
// the tests of this file carry no OSX_DISABLED_TEST mark. They are the main evidence for two of
// Apple's rules: with groupsByEvent on, beginUndoGrouping() at level 0 opens the event's group
// first (groupingLevel 2, and undo() inside it raises), and an empty group stays on the stack.
//
// Ported case by case: the selectors become registerUndo(withTarget:handler:) closures, an
// exception becomes a refused call reported as misuse, and nothing here needs a run loop (the
// source never let one run). RunLoopModes is not ported: there is no run loop.

import Testing
import UndoKit

/// The source's UndoTestObject with a number: an update registers the update back.
private final class Number {
  let undoManager: UndoManager
  private(set) var value: Int

  init(_ value: Int, undoManager: UndoManager = UndoManager()) {
    self.value = value
    self.undoManager = undoManager
  }

  func update(_ newValue: Int) {
    let old = value
    undoManager.registerUndo(withTarget: self) { $0.update(old) }
    value = newValue
  }

  /// The source's updateNumberSingleUndoStep: one update in a group of its own.
  func updateInOwnGroup(_ newValue: Int) {
    undoManager.beginUndoGrouping()
    update(newValue)
    undoManager.endUndoGrouping()
  }
}

/// The source's UndoTestObject with an array: adding registers removing, and back.
private final class Numbers {
  let undoManager = UndoManager()
  private(set) var items: [Int] = []

  func add(_ item: Int) {
    undoManager.registerUndo(withTarget: self) { $0.remove(item) }
    items.append(item)
  }

  func remove(_ item: Int) {
    undoManager.registerUndo(withTarget: self) { $0.add(item) }
    items.removeAll { $0 == item }
  }
}

/// The source's UndoTestObjectWithSharedManager: each update is a group of its own.
private final class SharedNumber {
  let undoManager: UndoManager
  private(set) var value: Int

  init(_ value: Int, undoManager: UndoManager) {
    self.value = value
    self.undoManager = undoManager
  }

  func update(_ newValue: Int) {
    undoManager.beginUndoGrouping()
    let old = value
    undoManager.registerUndo(withTarget: self) { $0.update(old) }
    value = newValue
    undoManager.endUndoGrouping()
  }
}

@Suite("Port: WinObjC's NSUndoManager tests, checked on Apple's Foundation")
struct WinObjCPortTests {
  @Test("BasicUndoTest: one update undoes")
  func basicUndo() {
    let object = Number(5)
    #expect(!object.undoManager.canUndo)
    object.update(6)
    #expect(object.undoManager.canUndo && object.value == 6)
    object.undoManager.undo()
    #expect(object.value == 5 && !object.undoManager.canUndo)
  }

  @Test("MultipleUndoTests: the updates of one event undo as one step")
  func multipleUndo() {
    let object = Number(5)
    for value in [6, 7, 8] { object.update(value) }
    object.undoManager.undo()
    #expect(object.value == 5 && !object.undoManager.canUndo)
  }

  @Test("UndoRedoTests: undo, redo and undo again")
  func undoRedo() {
    let object = Number(5)
    for value in [6, 7, 8] { object.update(value) }
    #expect(object.undoManager.canUndo)
    object.undoManager.undo()
    #expect(object.undoManager.canRedo && object.value == 5)
    object.undoManager.redo()
    #expect(object.value == 8 && !object.undoManager.canRedo)
    object.undoManager.undo()
    #expect(object.value == 5 && object.undoManager.canRedo)
  }

  @Test("UndoRedoTestsWithMutableObject: adds undo and redo together")
  func undoRedoArray() {
    let object = Numbers()
    for item in [5, 6, 7] { object.add(item) }
    #expect(object.items == [5, 6, 7])
    object.undoManager.undo()
    #expect(object.items.isEmpty)
    object.undoManager.redo()
    #expect(object.items == [5, 6, 7])
  }

  @Test("UndoWithoutAnyUndoableActions: undo with nothing to undo does nothing and is no misuse")
  func undoNothing() {
    let object = Number(5)
    object.update(6)
    object.undoManager.undo()
    object.undoManager.undo()
    #expect(object.value == 5)
    #expect(object.undoManager.lastMisuse == nil)
  }

  @Test("IndividualUndoOperations: undoNestedGroup takes the event's nested groups one by one")
  func individualUndo() {
    let object = Number(5)
    for value in [5, 6, 7, 8] { object.updateInOwnGroup(value) }
    #expect(object.value == 8)
    var values: [Int] = []
    for _ in 0..<3 {
      object.undoManager.undoNestedGroup()
      values.append(object.value)
    }
    #expect(values == [7, 6, 5])
    #expect(object.undoManager.lastMisuse == nil)
  }

  @Test("IndividualUndoOperationsWithUndoCallAndGroupsByEventOff: each group is a step")
  func individualUndoWithoutEvents() {
    let object = Number(5)
    object.undoManager.groupsByEvent = false
    for value in [5, 6, 7, 8] { object.updateInOwnGroup(value) }
    var values: [Int] = []
    for _ in 0..<3 {
      object.undoManager.undo()
      values.append(object.value)
    }
    #expect(values == [7, 6, 5])
  }

  @Test("IndividualUndoRedoOperations: redo inside the open event group nests in it")
  func individualUndoRedo() {
    let object = Number(5)
    let manager = object.undoManager
    for value in [5, 6, 7, 8] { object.updateInOwnGroup(value) }
    var values: [Int] = []
    for step in [manager.undoNestedGroup, manager.undoNestedGroup, manager.redo, manager.redo] {
      step()
      values.append(object.value)
    }
    #expect(values == [7, 6, 7, 8])
    manager.undoNestedGroup()
    #expect(object.value == 7)
    manager.undoNestedGroup()
    #expect(object.value == 6)
    #expect(manager.lastMisuse == nil)
  }

  @Test("InternalInconsistencyExceptions: closing no group, and undo inside an explicit group")
  func inconsistencies() {
    let first = Number(5)
    first.undoManager.endUndoGrouping()
    #expect(first.undoManager.lastMisuse == .endGroupingWithoutOpenGroup)
    let second = Number(5)
    second.undoManager.beginUndoGrouping()
    second.undoManager.undo()
    #expect(second.undoManager.lastMisuse == .undoWithNestedGroupsOpen(groupingLevel: 2))
  }

  @Test("IsRegistrationEnabled: disabling is counted, and an extra enable is refused")
  func registrationSwitch() {
    let manager = Number(5).undoManager
    var enabled: [Bool] = []
    for change in [
      manager.disableUndoRegistration, manager.disableUndoRegistration,
      manager.enableUndoRegistration, manager.enableUndoRegistration,
    ] {
      change()
      enabled.append(manager.isUndoRegistrationEnabled)
    }
    #expect(enabled == [false, false, false, true])
    #expect(manager.lastMisuse == nil)
    manager.enableUndoRegistration()
    #expect(manager.lastMisuse == .unbalancedEnableUndoRegistration)
  }

  @Test("GroupingLevel: the event's group counts, and opening a group at level 0 gives 2")
  func groupingLevel() {
    var object = Number(5)
    var levels = [object.undoManager.groupingLevel]
    for value in [6, 7, 8] { object.update(value) }
    levels.append(object.undoManager.groupingLevel)
    object.undoManager.undo()
    object.undoManager.redo()
    levels.append(object.undoManager.groupingLevel)
    object.undoManager.undo()
    levels.append(object.undoManager.groupingLevel)
    #expect(levels == [0, 1, 0, 0])

    object = Number(5)
    let manager = object.undoManager
    levels = [manager.groupingLevel]
    manager.beginUndoGrouping()
    levels.append(manager.groupingLevel)
    object.update(6)
    manager.endUndoGrouping()
    levels.append(manager.groupingLevel)
    object.updateInOwnGroup(7)
    object.updateInOwnGroup(8)
    levels.append(manager.groupingLevel)
    manager.undo()
    levels.append(manager.groupingLevel)
    #expect(levels == [0, 2, 1, 1, 0])
    #expect(object.value == 5)

    levels = []
    manager.beginUndoGrouping()
    object.updateInOwnGroup(6)
    manager.beginUndoGrouping()
    object.updateInOwnGroup(7)
    manager.beginUndoGrouping()
    object.updateInOwnGroup(8)
    levels.append(manager.groupingLevel)
    manager.endUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.endUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.beginUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    manager.undo()
    levels.append(manager.groupingLevel)
    manager.redo()
    levels.append(manager.groupingLevel)
    for _ in 0..<3 { manager.beginUndoGrouping() }
    levels.append(manager.groupingLevel)
    #expect(levels == [4, 3, 2, 3, 0, 0, 4])
    #expect(manager.lastMisuse == nil)
  }

  @Test("UndoNestedGroup: after closing the event's group, undoNestedGroup undoes all of it")
  func undoNestedGroupAfterClosing() {
    let object = Number(5)
    object.update(6)
    object.update(7)
    #expect(object.undoManager.groupingLevel == 1 && object.undoManager.canUndo)
    object.undoManager.endUndoGrouping()
    object.undoManager.undoNestedGroup()
    #expect(object.value == 5)
  }

  @Test("BasicUndoNotAutomaticGroups: an open explicit group already counts in canUndo")
  func explicitGroup() {
    let object = Number(5)
    object.undoManager.groupsByEvent = false
    object.undoManager.beginUndoGrouping()
    object.update(6)
    #expect(object.undoManager.canUndo && object.value == 6)
    object.undoManager.endUndoGrouping()
    object.undoManager.undo()
    #expect(object.value == 5 && !object.undoManager.canUndo)
  }

  @Test("NestedUndoGroupsAndActionsNoAuto: a nested group and an update are one step")
  func nestedGroupsAndActions() {
    let object = Number(5)
    let manager = object.undoManager
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    object.update(6)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    object.update(7)
    manager.endUndoGrouping()
    object.update(8)
    manager.endUndoGrouping()
    manager.undo()
    #expect(object.value == 6)
    manager.undo()
    #expect(object.value == 5)
  }

  @Test("NestedUndoNestedGroupsAndActionsNoAuto: undoNestedGroup with no group open takes steps")
  func nestedUndoOfSteps() {
    let object = Number(5)
    object.undoManager.groupsByEvent = false
    for value in [6, 7, 8] { object.updateInOwnGroup(value) }
    object.undoManager.undoNestedGroup()
    #expect(object.value == 7)
    object.undoManager.undoNestedGroup()
    #expect(object.value == 6)
  }

  @Test("MultipleUndoTargets: three targets, nested groups, redo in the open group, removal")
  func multipleTargets() {
    let manager = UndoManager()
    let first = SharedNumber(15, undoManager: manager)
    let second = SharedNumber(25, undoManager: manager)
    let third = SharedNumber(35, undoManager: manager)
    var values: [Int] { [first.value, second.value, third.value] }
    first.update(16)
    second.update(26)
    first.update(17)
    #expect(values == [17, 26, 35])
    manager.undoNestedGroup()
    #expect(values == [16, 26, 35])
    third.update(36)
    manager.beginUndoGrouping()
    first.update(17)
    second.update(27)
    third.update(37)
    manager.endUndoGrouping()
    #expect(values == [17, 27, 37])
    manager.undoNestedGroup()
    #expect(values == [16, 26, 36])
    manager.redo()
    #expect(values == [17, 27, 37])
    manager.removeAllActions(withTarget: second)
    manager.undoNestedGroup()
    #expect(values == [16, 27, 36])
    manager.undoNestedGroup()
    #expect(values == [16, 27, 35])
    manager.undo()
    #expect(values == [15, 27, 35])
    #expect(manager.lastMisuse == nil)
  }

  @Test("LimitUndoActions: levelsOfUndo keeps the last three steps")
  func limit() {
    let object = Number(1)
    object.undoManager.groupsByEvent = false
    object.undoManager.levelsOfUndo = 3
    for value in [2, 3, 4, 5] { object.updateInOwnGroup(value) }
    var canUndo: [Bool] = []
    for _ in 0..<3 {
      object.undoManager.undo()
      canUndo.append(object.undoManager.canUndo)
    }
    #expect(canUndo == [true, true, false])
    object.undoManager.undo()
    #expect(object.value == 2)
    #expect(object.undoManager.lastMisuse == nil)
  }

  @Test("EmptyUndoGroup: an empty group stays on the stack, so canUndo is true")
  func emptyGroup() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.canUndo)
  }

  @Test("RemovingOneTarget: groups emptied by removing a target leave the stack")
  func removingOneTarget() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let first = SharedNumber(15, undoManager: manager)
    let second = SharedNumber(25, undoManager: manager)
    for (target, value, depth) in [
      (second, 26, 1), (second, 27, 1), (first, 16, 2), (first, 17, 1),
    ] {
      for _ in 0..<depth { manager.beginUndoGrouping() }
      target.update(value)
      for _ in 0..<depth { manager.endUndoGrouping() }
    }
    #expect((first.value, second.value) == (17, 27))
    manager.removeAllActions(withTarget: first)
    manager.undo()
    #expect((first.value, second.value) == (17, 26))
    #expect(manager.canUndo)
    manager.undo()
    #expect((first.value, second.value) == (17, 25))
    #expect(!manager.canUndo)
    manager.undo()
    #expect((first.value, second.value) == (17, 25))
  }
}
