// Ported from bitswift/Proton, ProtonTests/PRONSUndoManagerAdditionsTests.m, at commit
// eeb44959c18aa916bebbe3d190703fa33b7e2ecd (2012-04-23); BSD licence (LICENSE.md), Copyright (c)
// 2012 Bitswift, Inc.
//
// The source tests Proton's categories on Apple's NSUndoManager, built and run with Xcode on Mac
// OS X, so its expectations about the manager are Apple's. The categories are rebuilt here from
// what the source's Proton/NSUndoManager+*.m do: a group with an action name that is undone
// without a redo step when its block fails, block-based registration with and without a redo
// block, and an edit grouping that cannot be opened twice. Blocks become closures; the tests of
// block memory management become checks that removing actions releases what the closures hold.

import Testing
import UndoKit

extension UndoManager {
  /// Proton's undoNestedGroupingWithoutRegisteringRedo.
  fileprivate func undoNestedGroupWithoutRedo() {
    disableUndoRegistration()
    undoNestedGroup()
    enableUndoRegistration()
  }

  /// Proton's addGroupingWithActionName:usingBlock:.
  @discardableResult
  fileprivate func addGrouping(named name: String, _ body: () -> Bool) -> Bool {
    beginUndoGrouping()
    let succeeded = body()
    setActionName(name)
    endUndoGrouping()
    if !succeeded { undoNestedGroupWithoutRedo() }
    return succeeded
  }

  /// Proton's registerUndoWithTarget:block:redoBlock:, which registers each block again as the
  /// other one's inverse.
  fileprivate func registerUndo(
    withTarget target: AnyObject, undo: @escaping () -> Void, redo: @escaping () -> Void
  ) {
    registerUndo(withTarget: target) { target in
      self.registerUndo(withTarget: target, undo: redo, redo: undo)
      undo()
    }
  }
}

/// An object for closures to hold, to see that they are released.
private final class Payload {}

/// The source's UndoTestClass: incrementing registers decrementing, and back.
private final class ChangeCounter {
  private(set) var changeCount = 0

  func increment(_ manager: UndoManager) {
    changeCount += 1
    manager.registerUndo(withTarget: self) { $0.decrement(manager) }
  }

  func decrement(_ manager: UndoManager) {
    changeCount -= 1
    manager.registerUndo(withTarget: self) { $0.increment(manager) }
  }
}

@Suite("Port: Proton's tests of NSUndoManager additions on Apple's Foundation")
struct ProtonPortTests {
  static func manager() -> UndoManager {
    let manager = UndoManager()
    manager.groupsByEvent = false
    return manager
  }

  @Test("should undo nested group without registering redo")
  func undoWithoutRedo() {
    let manager = Self.manager()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.canUndo && !manager.canRedo)
    manager.undoNestedGroupWithoutRedo()
    #expect(!manager.canUndo && !manager.canRedo)
  }

  @Test("adding a grouping: the name given afterwards wins, the group is nested and kept")
  func grouping() {
    let manager = Self.manager()
    var level = 0
    manager.addGrouping(named: "foobar") {
      manager.setActionName("fuzzbuzz")
      level = manager.groupingLevel
      return true
    }
    #expect(manager.undoActionName == "foobar")
    #expect(level == 1)
    #expect(manager.canUndo)
  }

  @Test("should not add on failure")
  func failedGrouping() {
    let manager = Self.manager()
    manager.addGrouping(named: "foobar") { false }
    #expect(!manager.canUndo && !manager.canRedo)
  }

  @Test("registering undo with a block: undoable, redoable, removable with its target")
  func blocks() {
    let manager = Self.manager()
    var called = false
    manager.addGrouping(named: "") {
      manager.registerUndo(withTarget: manager) { manager in
        manager.registerUndo(withTarget: manager) { _ in called = true }
      }
      return true
    }
    manager.undo()
    #expect(!called && manager.canRedo)
    manager.redo()
    #expect(called)

    let target = Payload()
    manager.addGrouping(named: "") {
      manager.registerUndo(withTarget: target) { _ in }
      return true
    }
    manager.removeAllActions(withTarget: target)
    #expect(manager.undoActionName == "")
    #expect(manager.undoCount == 1)
  }

  @Test("undo and redo blocks, with and without a target, and mixed with other operations")
  func undoAndRedoBlocks() {
    let manager = Self.manager()
    let counter = ChangeCounter()
    var changes = 0
    manager.addGrouping(named: "") {
      manager.registerUndo(withTarget: counter) { $0.increment(manager) }
      manager.registerUndo(withTarget: manager, undo: { changes += 1 }, redo: { changes -= 1 })
      return true
    }
    var mixed: Int { counter.changeCount }
    #expect(manager.canUndo && !manager.canRedo)
    manager.undo()
    #expect(changes == 1 && mixed == 1)
    #expect(!manager.canUndo && manager.canRedo)
    manager.redo()
    #expect(changes == 0 && mixed == 0)
    #expect(manager.canUndo && !manager.canRedo)
    manager.undo()
    #expect(changes == 1 && mixed == 1)
  }

  @Test("removing all actions releases what the closures hold", arguments: [false, true])
  func release(byTarget: Bool) {
    let manager = Self.manager()
    let target = Payload()
    weak var held: Payload?
    do {
      let payload = Payload()
      held = payload
      manager.addGrouping(named: "") {
        manager.registerUndo(withTarget: target) { _ in _ = payload }
        return true
      }
    }
    #expect(held != nil)
    if byTarget {
      manager.removeAllActions(withTarget: target)
    } else {
      manager.removeAllActions()
    }
    #expect(held == nil)
  }

  @Test("an edit grouping cannot be opened twice, and can again after it closes")
  func editGrouping() {
    let manager = Self.manager()
    var editing = false
    func tryEditGrouping() -> Bool {
      guard !editing else { return false }
      editing = true
      manager.beginUndoGrouping()
      return true
    }
    func endEditGrouping() {
      manager.endUndoGrouping()
      editing = false
    }
    var undone = 0
    #expect(tryEditGrouping())
    #expect(!tryEditGrouping())
    manager.registerUndo(withTarget: manager) { _ in undone += 1 }
    endEditGrouping()
    #expect(manager.canUndo)
    #expect(tryEditGrouping())
    manager.registerUndo(withTarget: manager) { _ in undone += 1 }
    manager.setActionName("fuzzbuzz")
    manager.setActionName("foobar")
    endEditGrouping()
    #expect(manager.undoActionName == "foobar")
    manager.undo()
    manager.undo()
    #expect(undone == 2)
  }
}
