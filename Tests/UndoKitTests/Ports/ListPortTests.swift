import Testing
import UndoKit

/// A list whose delete registers an insert at the same index, and the other way round.
private final class GroceryList {
  let undoManager: UndoManager
  private(set) var items: [String]

  init(_ items: [String], undoManager: UndoManager) {
    self.items = items
    self.undoManager = undoManager
  }

  func insert(_ item: String, at index: Int) {
    items.insert(item, at: index)
    undoManager.registerUndo(withTarget: self) { list in list.delete(at: index) }
    if !undoManager.isUndoing {
      undoManager.setActionName("Add \(item)")
    }
  }

  func delete(at index: Int) {
    let item = items.remove(at: index)
    undoManager.registerUndo(withTarget: self) { list in list.insert(item, at: index) }
    if !undoManager.isUndoing {
      undoManager.setActionName("Delete \(item)")
    }
  }
}

@Suite("Port: a list whose delete registers an insert")
struct ListPortTests {
  @Test(
    "deleting, undoing and redoing keep order, names and titles",
    arguments: [
      (1, ["Milk", "Eggs"], "Undo Delete Bread"),
      (0, ["Bread", "Eggs"], "Undo Delete Milk"),
      (2, ["Milk", "Bread"], "Undo Delete Eggs"),
    ])
  func deleteOne(index: Int, after: [String], title: String) {
    let manager = UndoManager()
    let list = GroceryList(["Milk", "Bread", "Eggs"], undoManager: manager)
    list.delete(at: index)
    manager.endEvent()
    #expect(list.items == after)
    #expect(manager.undoMenuItemTitle == title)
    manager.undo()
    #expect(list.items == ["Milk", "Bread", "Eggs"])
    #expect(manager.redoMenuItemTitle == "Redo" + title.dropFirst(4))
    manager.redo()
    #expect(list.items == after)
    #expect(manager.undoMenuItemTitle == title)
  }

  @Test("a chain of edits unwinds in order")
  func chain() {
    let manager = UndoManager()
    let list = GroceryList([], undoManager: manager)
    list.insert("Milk", at: 0)
    manager.endEvent()
    list.insert("Bread", at: 1)
    manager.endEvent()
    list.delete(at: 0)
    manager.endEvent()
    list.insert("Tea", at: 0)
    manager.endEvent()
    #expect(list.items == ["Tea", "Bread"])
    #expect(manager.undoActionNames == ["Add Tea", "Delete Milk", "Add Bread", "Add Milk"])
    var states: [[String]] = []
    while manager.canUndo {
      manager.undo()
      states.append(list.items)
    }
    #expect(states == [["Bread"], ["Milk", "Bread"], ["Milk"], []])
    #expect(manager.redoActionNames == ["Add Milk", "Add Bread", "Delete Milk", "Add Tea"])
    while manager.canRedo {
      manager.redo()
    }
    #expect(list.items == ["Tea", "Bread"])
    #expect(manager.undoActionNames == ["Add Tea", "Delete Milk", "Add Bread", "Add Milk"])
  }
}
