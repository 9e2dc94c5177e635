import Testing
import UndoKit

/// A subclass as Apple-platform code writes them: it commits pending work before each undo.
private final class CommittingUndoManager: UndoManager {
  var commits = 0

  override func undo() {
    commits += 1
    super.undo()
  }
}

/// A subclass that localises the menu titles, as Apple's documentation suggests.
private final class GermanUndoManager: UndoManager {
  override func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Widerrufen" : "„\(actionName)“ widerrufen"
  }

  override func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Wiederholen" : "„\(actionName)“ wiederholen"
  }
}

@Suite("User info values, subclassing and events inside handlers")
struct UserInfoAndSubclassTests {
  static let selection = UndoManager.UserInfoKey("selection")

  @Test("user info follows its step through undo and redo")
  func userInfo() {
    let run = UndoScript()
    run.run("=1 n:A")
    run.manager.setActionUserInfoValue([1, 2], forKey: Self.selection)
    run.run("; =2 n:B ;")
    #expect(run.manager.undoActionUserInfoValue(forKey: Self.selection) == nil)
    run.run("u")
    #expect(run.manager.redoActionUserInfoValue(forKey: Self.selection) == nil)
    run.run("u")
    #expect(run.manager.redoActionUserInfoValue(forKey: Self.selection) as? [Int] == [1, 2])
    run.run("r")
    #expect(run.manager.undoActionUserInfoValue(forKey: Self.selection) as? [Int] == [1, 2])
    run.manager.setActionUserInfoValue(nil, forKey: Self.selection)
    #expect(run.manager.undoActionUserInfoValue(forKey: Self.selection) == nil)
  }

  @Test("a subclass can override the open methods")
  func subclass() {
    let manager = CommittingUndoManager()
    let cell = Cell(manager: manager)
    cell.set(4)
    manager.undo()
    manager.undo()
    #expect(manager.commits == 2)
    #expect(cell.value == 0)
    #expect(manager.redoCount == 1)
  }

  @Test("a subclass localises the menu item titles by overriding the menu title methods")
  func localisedTitles() {
    let manager = GermanUndoManager()
    let cell = Cell(manager: manager)
    #expect(manager.undoMenuItemTitle == "Widerrufen")
    cell.set(1)
    manager.setActionName("Tippen")
    manager.endEvent()
    #expect(manager.undoMenuItemTitle == "„Tippen“ widerrufen")
    manager.undo()
    #expect(manager.redoMenuItemTitle == "„Tippen“ wiederholen")
    let plain: UndoManager = manager
    #expect(plain.undoMenuTitle(forUndoActionName: "") == "Widerrufen")
  }

  @Test("removeAllActions(withTarget:) takes any value; one that is not a target matches nothing")
  func removeByAnyTarget() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    cell.set(1)
    manager.endEvent()
    manager.removeAllActions(withTarget: 42)
    manager.removeAllActions(withTarget: "cell")
    #expect(manager.canUndo)
    let target: Any = cell
    manager.removeAllActions(withTarget: target)
    #expect(!manager.canUndo)
  }

  @Test("endEvent inside a handler leaves the running undo alone")
  func endEventInHandler() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    cell.set(1)
    manager.registerUndo(withTarget: cell) { _ in manager.endEvent() }
    manager.endEvent()
    manager.undo()
    #expect(cell.value == 0)
    #expect(manager.groupingLevel == 0)
    #expect(manager.redoCount == 1)
    #expect(manager.lastMisuse == nil)
  }
}
