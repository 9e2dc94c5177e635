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
