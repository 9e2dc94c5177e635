// Cases from public reports of what Apple's Foundation does, each with its source:
//
// - swiftlang/swift issue #61949 (2022-11-05, macOS 12.6.1): a handler that registers nothing is
//   undone; `canRedo` was still true afterwards there. Newer Apple Foundation (macOS 26, the CI
//   of code whose undo coordinators are tested there) answers false, with and without
//   groupsByEvent, as Apple documents `canRedo` ("true if the manager has any actions to redo":
//   an empty group holds none). UndoKit follows the newer behaviour (Sources/UndoKit/README.md).
// - Open Radar 46395110, mirrored as lionheart/openradar-mirror issue #20783 (2018-12-01):
//   removeAllActions() from a handler while an undo records its group makes Apple's manager raise
//   in _endUndoGroupRemovingIfEmpty:. The reporter expected no exception; UndoKit does that
//   (a deliberate difference, listed in its README): the undo completes with nothing recorded.
// - seanm/GCUndoManager issue #7: Apple's manager ignores setActionName(_:) while registration
//   is disabled.
//
// Only the sequences of calls and the observed results are used; no code is copied.

import Testing
import UndoKit

private final class Property {
  var value = ""
}

@Suite("Port: behaviour of Apple's manager from public reports")
struct AppleReportsPortTests {
  @Test("a handler that registers nothing leaves nothing to redo (newer Apple Foundation)")
  func emptyRedo() {
    let manager = UndoManager()
    let target = Property()
    manager.registerUndo(withTarget: target) { $0.value = "expected" }
    manager.undo()
    #expect(target.value == "expected")
    #expect(!manager.canRedo)
    manager.redo()
    #expect(target.value == "expected")
  }

  @Test("removeAllActions from a handler: the undo completes and nothing is left")
  func removeAllInHandler() {
    let manager = UndoManager()
    let target = Property()
    manager.beginUndoGrouping()
    manager.registerUndo(withTarget: target) { _ in manager.removeAllActions() }
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.lastMisuse == nil)
    #expect(!manager.canUndo && !manager.canRedo)
    #expect(manager.groupingLevel == 0)
  }

  @Test("setActionName is ignored while registration is disabled")
  func nameWhileDisabled() {
    let manager = UndoManager()
    let target = Property()
    manager.registerUndo(withTarget: target) { _ in }
    manager.setActionName("Typing")
    manager.disableUndoRegistration()
    manager.setActionName("Scroll")
    manager.enableUndoRegistration()
    #expect(manager.undoActionName == "Typing")
  }
}
