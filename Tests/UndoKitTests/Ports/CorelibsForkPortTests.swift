// Ported from schlossm/swift-corelibs-foundation, Tests/Foundation/Tests/TestUndoManager.swift, at
// commit 83b81fecea2b3dfbd905259110ee7ba208955b11; Apache License 2.0 with Runtime Library
// Exception, Copyright (c) 2014 - 2021 Apple Inc. and the Swift project authors.
//
// These tests were written for that fork's own UndoManager for swift-corelibs-foundation, not run
// against Apple's. Where they state Apple's behaviour as other evidence shows it (an empty group
// stays; a redo whose handler registers nothing still leaves a step to undo) they are ported as
// they are. Two of them expect a crash from setActionName(_:) and setActionIsDiscardable(_:)
// with no group at all; Apple documents no exception there, and UndoKit follows Apple's
// documentation: the call has no effect and is no misuse. Crashes become refused and reported
// misuse; the run loop pass of test_runLoopListening becomes endEvent().

import Testing
import UndoKit

/// A target standing for the source's `self` (the test case).
private final class Owner {}

@Suite("Port: the UndoManager tests of a swift-corelibs-foundation fork")
struct CorelibsForkPortTests {
  @Test("test_init: nothing to undo or redo, no group, groupsByEvent on")
  func initialState() {
    let manager = UndoManager()
    #expect(!manager.canUndo && !manager.canRedo)
    #expect(manager.groupingLevel == 0 && manager.groupsByEvent)
  }

  @Test("test_runLoopListening: a registration in one event undoes after the event")
  func eventEnds() {
    let manager = UndoManager()
    let owner = Owner()
    var value = 5
    value = 6
    manager.registerUndo(withTarget: owner) { _ in value = 4 }
    manager.endEvent()
    manager.undo()
    #expect(value == 4)
  }

  @Test("test_simpleUndo and test_simpleRedo")
  func undoThenRedo() {
    let manager = UndoManager()
    let owner = Owner()
    var value = 5
    manager.registerUndo(withTarget: owner) { _ in value = 4 }
    manager.undo()
    #expect(value == 4)
    value = 5
    manager.registerUndo(withTarget: owner) { owner in
      value = 4
      manager.registerUndo(withTarget: owner) { _ in value = 6 }
    }
    manager.undo()
    manager.redo()
    #expect(value == 6)
  }

  @Test("test_simpleRedoNoRegistration: redo of a handler that registered nothing does nothing")
  func redoWithoutRegistration() {
    let manager = UndoManager()
    let owner = Owner()
    var value = 5
    manager.registerUndo(withTarget: owner) { _ in value = 4 }
    manager.undo()
    manager.redo()
    #expect(value == 4)
  }

  @Test("test_simpleRedoUndoNoRegistration: the redo is still a step to undo")
  func redoStillAStep() {
    let manager = UndoManager()
    let owner = Owner()
    var value = 5
    manager.registerUndo(withTarget: owner) { owner in
      value = 4
      manager.registerUndo(withTarget: owner) { _ in value = 6 }
    }
    manager.undo()
    manager.redo()
    #expect(manager.canUndo)
    manager.undo()
    #expect(value == 6)
  }

  @Test("test_simpleRedoUndo: a chain of handlers that register each other")
  func chain() {
    let manager = UndoManager()
    let owner = Owner()
    var value = 5
    func registerChain() {
      manager.registerUndo(withTarget: owner) { owner in
        value = 4
        manager.registerUndo(withTarget: owner) { _ in
          value = 6
          registerChain()
        }
      }
    }
    registerChain()
    manager.undo()
    manager.redo()
    #expect(manager.canUndo)
    manager.undo()
    #expect(value == 4)
  }

  @Test("test_emptyGroup: an empty group is not removed")
  func emptyGroup() {
    let manager = UndoManager()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.canUndo)
  }

  @Test("test_differentActionNames: a handler names the redo step while undoing")
  func actionNames() {
    let manager = UndoManager()
    let owner = Owner()
    manager.registerUndo(withTarget: owner) { owner in
      manager.registerUndo(withTarget: owner) { _ in }
      if manager.isUndoing { manager.setActionName("Set to 6") }
    }
    manager.setActionName("Set to 4")
    #expect(manager.undoActionName == "Set to 4")
    manager.undo()
    #expect(manager.redoActionName == "Set to 6")
  }

  @Test("test_limitEnforcement: five levels keep the last five of six steps")
  func limit() {
    let manager = UndoManager()
    let owner = Owner()
    manager.groupsByEvent = false
    manager.levelsOfUndo = 5
    for index in 0...5 {
      manager.beginUndoGrouping()
      manager.registerUndo(withTarget: owner) { _ in }
      manager.setActionName("\(index)")
      manager.endUndoGrouping()
    }
    for _ in 0..<5 { manager.undo() }
    #expect(manager.undoActionName == "")
    #expect(!manager.canUndo)
  }

  @Test(
    "the invalid uses are refused and reported",
    arguments: [
      // test_cannotUndoOpenGroup
      ("manual [ [ =1 u", UndoManagerError.undoWithNestedGroupsOpen(groupingLevel: 2)),
      // test_cannotEnableUndoRegistrationOffBalance
      ("manual on on", .unbalancedEnableUndoRegistration),
      ("manual off off off off on on on on on", .unbalancedEnableUndoRegistration),
      // test_endUndoGroupingOffBalance
      ("manual ]", .endGroupingWithoutOpenGroup),
      ("manual [ [ ] ] ]", .endGroupingWithoutOpenGroup),
      // test_cannotCallUndoNestedGroupOnOpenGroup
      ("manual [ [ =1 un", .noNestedGroupToUndo),
      // test_cannotRegisterUndoIfNoOpenGroup
      ("manual =1", .registrationWithoutOpenGroup),
    ])
  func refused(script: String, misuse: UndoManagerError) {
    let run = UndoScript()
    run.run(script)
    #expect(run.manager.lastMisuse == misuse)
  }

  @Test("test_cannotRedoWhileUndoing: redo from a handler is refused")
  func redoWhileUndoing() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    manager.registerUndo(withTarget: manager) { $0.redo() }
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.lastMisuse == .redoDuringUndoOrRedo)
  }

  @Test("naming or marking with no group and no step has no effect and is no misuse")
  func noGroup() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.setActionIsDiscardable(true)
    manager.setActionName("Undo the void")
    #expect(manager.lastMisuse == nil)
    #expect(!manager.canUndo && manager.undoActionName == "")
  }
}
