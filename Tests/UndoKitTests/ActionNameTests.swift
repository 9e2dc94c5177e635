import Testing
import UndoKit

@Suite("Action names and menu titles")
struct ActionNameTests {
  @Test(
    "names follow their groups through undo and redo",
    arguments: [
      // (script, undoActionName, redoActionName, undo menu, redo menu)
      ("", "", "", "Undo", "Redo"),
      ("=1 n:Delete_Bread ;", "Delete Bread", "", "Undo Delete Bread", "Redo"),
      ("=1 n:Delete_Bread ; u", "", "Delete Bread", "Undo", "Redo Delete Bread"),
      ("=1 n:A ; =2 n:B ; u", "A", "B", "Undo A", "Redo B"),
      // With no group open, the name goes to the top of the undo stack.
      ("=1 ; n:Late", "Late", "", "Undo Late", "Redo"),
      ("[ =1 ] n:Deferred", "Deferred", "", "Undo Deferred", "Redo"),
      // A later name in the same group wins.
      ("=1 n:First n:Second ;", "Second", "", "Undo Second", "Redo"),
      // An empty group stays a step of its own and takes the name.
      ("=1 n:Kept ; [ ] n:Empty", "Empty", "", "Undo Empty", "Redo"),
      ("=1 n:Kept ; [ ] ; n:Empty", "Empty", "", "Undo Empty", "Redo"),
      ("manual [ =1 ] n:Kept [ ] n:Empty", "Empty", "", "Undo Empty", "Redo"),
      ("=1 n:Kept ; [ ] n:Empty ; u", "Kept", "", "Undo Kept", "Redo"),
      // While registration is disabled, names are ignored.
      ("=1 n:Kept ; off n:Ignored on", "Kept", "", "Undo Kept", "Redo"),
      ("=1 n:Kept off n:Ignored on ;", "Kept", "", "Undo Kept", "Redo"),
      // Naming after undo names the top of the undo stack.
      ("=1 n:A ; =2 n:B ; u n:Renamed", "Renamed", "B", "Undo Renamed", "Redo B"),
    ])
  func names(script: String, undo: String, redo: String, undoTitle: String, redoTitle: String) {
    let run = UndoScript()
    run.run(script)
    #expect(run.manager.undoActionName == undo)
    #expect(run.manager.redoActionName == redo)
    #expect(run.manager.undoMenuItemTitle == undoTitle)
    #expect(run.manager.redoMenuItemTitle == redoTitle)
  }

  @Test(
    "menu titles for a given name",
    arguments: [("", "Undo", "Redo"), ("Add sun", "Undo Add sun", "Redo Add sun")])
  func menuTitles(name: String, undo: String, redo: String) {
    let manager = UndoManager()
    #expect(manager.undoMenuTitle(forUndoActionName: name) == undo)
    #expect(manager.redoMenuTitle(forUndoActionName: name) == redo)
  }

  @Test("a handler that names its group overrides the inherited name")
  func handlerRenames() {
    let manager = UndoManager()
    let log = Log()
    manager.registerUndo(withTarget: log) { log in
      manager.registerUndo(withTarget: log) { _ in }
      manager.setActionName("Restore")
    }
    manager.setActionName("Remove")
    manager.endEvent()
    manager.undo()
    #expect(manager.redoActionName == "Restore")
    #expect(manager.redoMenuItemTitle == "Redo Restore")
  }

  @Test("the action name lists hold every step, most recent first")
  func nameLists() {
    let run = UndoScript()
    run.run("=1 n:A ; =2 n:B ; =3 n:C ; =4 n:D ; u u")
    #expect(run.manager.undoActionNames == ["B", "A"])
    #expect(run.manager.redoActionNames == ["C", "D"])
  }
}
