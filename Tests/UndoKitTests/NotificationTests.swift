import Foundation
import Synchronization
import Testing
import UndoKit

/// What arrived through `NotificationCenter.default`, from whichever thread posted it.
private final class Received: Sendable {
  let notes = Mutex<[String]>([])

  func append(_ text: String) {
    notes.withLock { $0.append(text) }
  }

  var text: String { notes.withLock { $0.joined(separator: " ") } }
}

@Suite("Apple's notifications on NotificationCenter.default")
struct NotificationTests {
  static let names: [(Notification.Name, String)] = [
    (.NSUndoManagerCheckpoint, "cp"), (.NSUndoManagerWillUndoChange, "willUndo"),
    (.NSUndoManagerDidUndoChange, "didUndo"), (.NSUndoManagerWillRedoChange, "willRedo"),
    (.NSUndoManagerDidRedoChange, "didRedo"), (.NSUndoManagerDidOpenUndoGroup, "open"),
    (.NSUndoManagerWillCloseUndoGroup, "willClose"),
    (.NSUndoManagerDidCloseUndoGroup, "didClose"),
  ]

  /// Runs `script` with every notification of its manager observed; returns them in order, a
  /// closing one followed by its discardable flag (`*` discardable, `-` not).
  static func observe(_ script: String, before setup: String = "") -> String {
    let run = UndoScript()
    run.run(setup)
    let received = Received()
    let tokens = names.map { name, short in
      NotificationCenter.default.addObserver(forName: name, object: run.manager, queue: nil) {
        note in
        var text = short
        if let discardable = note.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool {
          text += discardable ? "*" : "-"
        }
        received.append(text)
      }
    }
    defer { tokens.forEach(NotificationCenter.default.removeObserver) }
    run.run(script)
    return received.text
  }

  @Test(
    "each operation posts Apple's notifications in the order of the observer events",
    arguments: [
      ("=1 ;", "", "cp open cp willClose- didClose- cp"),
      ("=1 disc ;", "", "cp open cp willClose* didClose* cp"),
      ("[ =1 ]", "", "open cp open cp willClose- didClose-"),
      ("u", "=1 ;", "cp willUndo open willClose- didClose- didUndo"),
      ("r", "=1 ; u", "cp willRedo open willClose- didClose- didRedo"),
      (";", "", "cp"),
    ])
  func order(script: String, setup: String, expected: String) {
    #expect(Self.observe(script, before: setup) == expected)
  }

  @Test("the notifications carry the manager as their object and Apple's names")
  func objectAndNames() {
    let manager = UndoManager()
    let other = UndoManager()
    let received = Received()
    let identity = ObjectIdentifier(manager)
    let token = NotificationCenter.default.addObserver(
      forName: nil, object: manager, queue: nil
    ) { note in
      if note.object.map({ ObjectIdentifier($0 as AnyObject) }) == identity {
        received.append(note.name.rawValue)
      }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    other.endEvent()
    manager.endEvent()
    #expect(received.text == "NSUndoManagerCheckpointNotification")
    #expect(UndoManager.checkpointNotification == .NSUndoManagerCheckpoint)
    #expect(
      UndoManager.didCloseUndoGroupNotification.rawValue
        == "NSUndoManagerDidCloseUndoGroupNotification")
    #expect(UndoManager.groupIsDiscardableKey == "NSUndoManagerGroupIsDiscardableKey")
  }

  @Test("the observer closures still hear every event, before the notification")
  func observersFirst() {
    let manager = UndoManager()
    let received = Received()
    manager.addObserver { event in
      if event == .checkpoint { received.append("observer") }
    }
    let token = NotificationCenter.default.addObserver(
      forName: .NSUndoManagerCheckpoint, object: manager, queue: nil
    ) { _ in received.append("notification") }
    defer { NotificationCenter.default.removeObserver(token) }
    manager.endEvent()
    #expect(received.text == "observer notification")
  }
}
