import Testing
import UndoKit

/// A main-actor view model as written for SwiftUI apps, compiled in the Swift 6 language mode.
@MainActor
private final class DocumentViewModel {
  let undoManager = UndoManager()
  private(set) var title = "Untitled"
  private(set) var tags: [String] = []

  func rename(to newTitle: String) {
    let oldTitle = title
    title = newTitle
    undoManager.registerUndo(withTarget: self) { model in model.rename(to: oldTitle) }
    undoManager.setActionName("Rename")
  }

  func addTag(_ tag: String) {
    tags.append(tag)
    undoManager.registerUndo(withTarget: self) { model in model.removeLastTag() }
    undoManager.setActionName("Add Tag")
  }

  private func removeLastTag() {
    let tag = tags.removeLast()
    undoManager.registerUndo(withTarget: self) { model in model.addTag(tag) }
  }
}

@Suite("Port: a main-actor view model in Swift 6 mode")
@MainActor
struct MainActorPortTests {
  @Test("undo and redo from the main actor")
  func mainActor() {
    let model = DocumentViewModel()
    model.rename(to: "Trip")
    model.undoManager.endEvent()
    model.addTag("travel")
    model.undoManager.endEvent()
    #expect(model.undoManager.undoActionNames == ["Add Tag", "Rename"])
    model.undoManager.undo()
    #expect(model.tags.isEmpty)
    model.undoManager.undo()
    #expect(model.title == "Untitled")
    model.undoManager.redo()
    model.undoManager.redo()
    #expect(model.title == "Trip")
    #expect(model.tags == ["travel"])
    #expect(model.undoManager.undoMenuItemTitle == "Undo Add Tag")
  }
}
