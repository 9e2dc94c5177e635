import Testing
import UndoKit

/// A main-actor view model as ported from an iOS app, compiled in the Swift 5 language mode.
@MainActor
final class NotesViewModel {
  let undoManager = UndoManager()
  private(set) var notes: [String] = []

  func add(_ note: String) {
    notes.append(note)
    undoManager.registerUndo(withTarget: self) { model in
      model.delete(at: model.notes.count - 1)
    }
    if !undoManager.isUndoing {
      undoManager.setActionName("Add Note")
    }
  }

  func delete(at index: Int) {
    let note = notes.remove(at: index)
    undoManager.registerUndo(withTarget: self) { model in model.insert(note, at: index) }
    if !undoManager.isUndoing {
      undoManager.setActionName("Delete Note")
    }
  }

  private func insert(_ note: String, at index: Int) {
    notes.insert(note, at: index)
    undoManager.registerUndo(withTarget: self) { model in model.delete(at: index) }
  }
}

@Suite("Swift 5 mode: a main-actor view model")
@MainActor
struct ViewModelPortTests {
  @Test("adding and deleting notes undoes and redoes with menu titles")
  func notes() {
    let model = NotesViewModel()
    model.add("Milk")
    model.undoManager.endEvent()
    model.add("Bread")
    model.undoManager.endEvent()
    model.delete(at: 0)
    model.undoManager.endEvent()
    #expect(model.notes == ["Bread"])
    #expect(model.undoManager.undoMenuItemTitle == "Undo Delete Note")
    model.undoManager.undo()
    #expect(model.notes == ["Milk", "Bread"])
    #expect(model.undoManager.redoMenuItemTitle == "Redo Delete Note")
    model.undoManager.undo()
    model.undoManager.undo()
    #expect(model.notes.isEmpty)
    #expect(model.undoManager.redoActionNames == ["Add Note", "Add Note", "Delete Note"])
    model.undoManager.redo()
    model.undoManager.redo()
    model.undoManager.redo()
    #expect(model.notes == ["Bread"])
  }
}
