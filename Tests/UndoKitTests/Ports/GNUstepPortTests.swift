// Ported from GNUstep's test suite: libs-base Tests/base/NSUndoManager/NSUndoManager_basic.m at
// commit 0e02133729e499d568054db29fa3d47feedfa122, and tests-testsuite
// base/NSUndoManager/NSUndoManager_notifications.m at commit
// 35119d5c90422e7e87513bcd46e3be4db38fb29c; GPL (the test suite's README), Copyright the Free
// Software Foundation.
//
// These tests check GNUstep's own NSUndoManager, not Apple's. Where GNUstep and Apple differ,
// this port follows Apple: the notification test opens groups with groupsByEvent on, where
// Apple first opens the event's group (so endUndoGrouping leaves the event open, and undo closes
// it). The notification test's first block was checked on Mac OS X (its history: "Get all
// NSUndoManager tests to pass in MacOS-X", then "beginUndoGrouping causes one check point"). Only the sequences and expected values are ported; the invocation-based registrations
// (prepareWithInvocationTarget:) become closures, the retain-count checks are left out (Swift
// has no retain counts to read), and the exception becomes a reported misuse.

import Foundation
import Testing
import UndoKit

/// The source's Foo: setters that register their own inverse.
private final class Foo {
  let undoManager: UndoManager
  private(set) var foo: String?
  private(set) var number = 0

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func setFoo(_ newFoo: String?) {
    let old = foo
    undoManager.registerUndo(withTarget: self) { $0.setFoo(old) }
    foo = newFoo
  }

  func setNumber(_ newNumber: Int) {
    let old = number
    undoManager.registerUndo(withTarget: self) { $0.setNumber(old) }
    number = newNumber
  }

  /// Undoes `count` times, then redoes `count` times; returns `foo` after each.
  func undoThenRedo(_ count: Int) -> [String?] {
    var seen: [String?] = []
    for step in [undoManager.undo, undoManager.redo] {
      for _ in 0..<count {
        step()
        seen.append(foo)
      }
    }
    return seen
  }

  /// One explicit group, as the source's main() wraps each change.
  func inGroup(_ change: (Foo) -> Void) {
    undoManager.beginUndoGrouping()
    change(self)
    undoManager.endUndoGrouping()
  }
}

@Suite("Port: GNUstep's NSUndoManager tests, following Apple where they differ")
struct GNUstepPortTests {
  @Test("the initial state, single and multi-level undo and redo, and mixed groups")
  func basic() {
    let manager = UndoManager()
    #expect(manager.levelsOfUndo == 0 && manager.groupingLevel == 0)
    #expect(manager.isUndoRegistrationEnabled && manager.groupsByEvent)
    #expect(!manager.isUndoing && !manager.isRedoing)
    manager.groupsByEvent = false
    let object = Foo(undoManager: manager)
    var flags: [(Bool, Bool)] = []
    manager.addObserver { event in
      if event == .didOpenUndoGroup { flags.append((manager.isUndoing, manager.isRedoing)) }
    }
    object.inGroup { $0.setFoo("one") }
    manager.undo()
    #expect(object.foo == nil)
    manager.redo()
    #expect(object.foo == "one")
    object.inGroup { $0.setFoo("two") }
    object.inGroup { $0.setFoo("three") }
    let seen = object.undoThenRedo(3)
    #expect(seen == ["two", "one", nil, "one", "two", "three"])
    #expect(
      flags.map(\.0) == [false, true, false, false, false, true, true, true, false, false, false])
    #expect(
      flags.map(\.1) == [false, false, true, false, false, false, false, false, true, true, true])

    object.inGroup {
      $0.setNumber(7)
      $0.setFoo("seven")
    }
    object.inGroup {
      $0.setNumber(8)
      $0.setFoo("eight")
    }
    manager.undo()
    #expect(object.number == 7 && object.foo == "seven")
    manager.redo()
    #expect(object.number == 8 && object.foo == "eight")
  }

  @Test("levels of undo really works with undo and with redo")
  func levels() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.levelsOfUndo = 2
    #expect(manager.levelsOfUndo == 2)
    let object = Foo(undoManager: manager)
    for value in ["one", "two", "three", "four"] {
      object.inGroup { $0.setFoo(value) }
    }
    let seen = object.undoThenRedo(3)
    #expect(seen == ["three", "two", "two", "three", "four", "four"])
  }

  @Test("registering outside any group with groupsByEvent off is refused")
  func outsideGroup() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    Foo(undoManager: manager).setFoo(nil)
    #expect(manager.lastMisuse == .registrationWithoutOpenGroup)
    #expect(!manager.canUndo)
  }

  @Test(
    "beginUndoGrouping at level 0 opens two groups with one checkpoint, at level 1, as on Mac OS X"
  )
  func oneCheckpoint() {
    let manager = UndoManager()
    var checkpointLevels: [Int] = []
    var openGroups = 0
    manager.addObserver { event in
      switch event {
      case .checkpoint: checkpointLevels.append(manager.groupingLevel)
      case .didOpenUndoGroup: openGroups += 1
      case .willCloseUndoGroup: openGroups -= 1
      default: break
      }
    }
    #expect(manager.groupingLevel == 0)
    manager.beginUndoGrouping()
    #expect(checkpointLevels == [1])
    #expect(openGroups == 2 && manager.groupingLevel == 2)
    manager.endUndoGrouping()
    #expect(openGroups == 1 && manager.groupingLevel == 1)
    manager.endUndoGrouping()
    #expect(openGroups == 0 && manager.groupingLevel == 0)
    #expect(manager.lastMisuse == nil)
  }

  @Test("undo, redo, begin and end post their notifications, with groupsByEvent on")
  func notifications() {
    let manager = UndoManager()
    let object = Foo(undoManager: manager)
    let center = NotificationCenter.default
    let names: [Notification.Name] = [
      .NSUndoManagerCheckpoint, .NSUndoManagerDidOpenUndoGroup, .NSUndoManagerWillUndoChange,
      .NSUndoManagerDidUndoChange, .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange,
      .NSUndoManagerWillCloseUndoGroup,
    ]
    let recorder = NoteRecorder()
    let tokens = names.map { name in
      center.addObserver(forName: name, object: manager, queue: nil) { recorder.append($0.name) }
    }
    defer { tokens.forEach(center.removeObserver) }

    object.inGroup { $0.setFoo("one") }
    // Apple's rule: the explicit group sat in the event's group, which is still open.
    #expect(manager.groupingLevel == 1)
    _ = recorder.take()
    manager.undo()
    let undo = recorder.take()
    #expect(undo.contains(.NSUndoManagerWillUndoChange))
    #expect(undo.contains(.NSUndoManagerDidUndoChange))
    manager.redo()
    let redo = recorder.take()
    #expect(redo.contains(.NSUndoManagerWillRedoChange))
    #expect(redo.contains(.NSUndoManagerDidRedoChange))
    manager.beginUndoGrouping()
    // Apple's rule again: the event's group opens first, then the explicit one, with one
    // checkpoint between them.
    #expect(
      recorder.take() == [
        .NSUndoManagerDidOpenUndoGroup, .NSUndoManagerCheckpoint, .NSUndoManagerDidOpenUndoGroup,
      ])
    object.setFoo("two")
    manager.endUndoGrouping()
    #expect(recorder.take().contains(.NSUndoManagerWillCloseUndoGroup))
    manager.beginUndoGrouping()
    #expect(recorder.take().first == .NSUndoManagerCheckpoint)
    object.setFoo("three")
    manager.endUndoGrouping()
    #expect(recorder.take().first == .NSUndoManagerCheckpoint)
  }
}

/// Collects notification names from the observer blocks, which must be sendable.
private final class NoteRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [Notification.Name] = []

  func append(_ name: Notification.Name) { lock.withLock { names.append(name) } }

  /// The names collected since the last call.
  func take() -> [Notification.Name] {
    lock.withLock {
      defer { names = [] }
      return names
    }
  }
}
