import Testing
import UndoKit

/// A text editor: each change re-registers in its handler, and registration is skipped while an
/// input method composes marked text, so that only the committed text is one step.
private final class TextEditor {
  let undoManager: UndoManager
  private(set) var text = ""
  private var textBeforeComposition: String?

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func replaceText(with newText: String, actionName: String) {
    let oldText = text
    text = newText
    undoManager.registerUndo(withTarget: self) { editor in
      editor.replaceText(with: oldText, actionName: actionName)
    }
    undoManager.setActionName(actionName)
  }

  func type(_ characters: String) {
    replaceText(with: text + characters, actionName: "Typing")
  }

  func beginComposition() {
    textBeforeComposition = text
    undoManager.disableUndoRegistration()
  }

  func updateComposition(_ marked: String) {
    replaceText(with: (textBeforeComposition ?? "") + marked, actionName: "Typing")
  }

  func commitComposition(_ final: String) {
    guard let before = textBeforeComposition else { return }
    text = before
    textBeforeComposition = nil
    undoManager.enableUndoRegistration()
    type(final)
  }
}

@Suite("Port: a text editor with re-registering handlers and composition")
struct TextEditorPortTests {
  @Test("composition is one step and undo/redo restore each text")
  func composition() {
    let manager = UndoManager()
    let editor = TextEditor(undoManager: manager)
    editor.type("Hello")
    manager.endEvent()
    editor.beginComposition()
    for marked in [" w", " wo", " wor"] {
      editor.updateComposition(marked)
      manager.endEvent()
    }
    #expect(manager.undoCount == 1)
    editor.commitComposition(" world")
    manager.endEvent()
    #expect(editor.text == "Hello world")
    #expect(manager.undoCount == 2)
    #expect(manager.undoMenuItemTitle == "Undo Typing")
    manager.undo()
    #expect(editor.text == "Hello")
    manager.undo()
    #expect(editor.text == "")
    manager.redo()
    manager.redo()
    #expect(editor.text == "Hello world")
    #expect(manager.isUndoRegistrationEnabled)
  }

  @Test("keystrokes within one event form one step")
  func keystrokes() {
    let manager = UndoManager()
    let editor = TextEditor(undoManager: manager)
    for character in "abc" {
      editor.type(String(character))
    }
    manager.endEvent()
    editor.type("d")
    manager.endEvent()
    manager.undo()
    #expect(editor.text == "abc")
    manager.undo()
    #expect(editor.text == "")
    manager.redo()
    #expect(editor.text == "abc")
  }
}
