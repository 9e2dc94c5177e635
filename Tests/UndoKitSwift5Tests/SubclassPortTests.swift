import Testing
import UndoKit

/// A text buffer whose edits register their inverses; typing goes through its manager, which
/// coalesces it.
final class TextBuffer {
  let undoManager: CoalescingUndoManager
  private(set) var text = ""
  /// What each edit saw the manager doing: "undo", "redo" or "edit".
  private(set) var activities: [String] = []

  init(undoManager: CoalescingUndoManager) {
    self.undoManager = undoManager
  }

  func type(_ typed: String) {
    text += typed
    undoManager.coalesce(typed, into: self)
  }

  func deleteLast(_ count: Int) {
    let removed = String(text.suffix(count))
    text.removeLast(count)
    noteActivity()
    undoManager.registerUndo(withTarget: self) { $0.insert(removed) }
    if !undoManager.isUndoing && !undoManager.isRedoing {
      undoManager.setActionName("Delete")
    }
  }

  func insert(_ inserted: String) {
    text += inserted
    noteActivity()
    undoManager.registerUndo(withTarget: self) { $0.deleteLast(inserted.count) }
    if !undoManager.isUndoing && !undoManager.isRedoing {
      undoManager.setActionName("Insert")
    }
  }

  private func noteActivity() {
    activities.append(undoManager.isUndoing ? "undo" : undoManager.isRedoing ? "redo" : "edit")
  }
}

/// A text view's manager as Apple-platform editors write it: keystrokes are coalesced and
/// registered as one "Typing" step only when the history is needed, and the state it reports
/// counts the typing that is not registered yet.
final class CoalescingUndoManager: UndoManager {
  private var typed = ""
  private weak var buffer: TextBuffer?
  private var isDiscarding = false
  private var isRestoring = false

  func coalesce(_ text: String, into buffer: TextBuffer) {
    typed += text
    self.buffer = buffer
  }

  /// Registers the coalesced typing as one step.
  func commitTyping() {
    guard let buffer, !typed.isEmpty else { return }
    let count = typed.count
    typed = ""
    registerUndo(withTarget: buffer) { $0.deleteLast(count) }
    setActionName("Typing")
    endEvent()
  }

  /// Takes back the typing not registered yet, which model code sees as an undo.
  func discardTyping() {
    guard let buffer, !typed.isEmpty else { return }
    let count = typed.count
    typed = ""
    isDiscarding = true
    disableUndoRegistration()
    buffer.deleteLast(count)
    enableUndoRegistration()
    isDiscarding = false
  }

  /// Puts text back without recording it, which model code sees as a redo.
  func restore(_ text: String) {
    guard let buffer else { return }
    isRestoring = true
    disableUndoRegistration()
    buffer.insert(text)
    enableUndoRegistration()
    isRestoring = false
  }

  override var canUndo: Bool { !typed.isEmpty || super.canUndo }
  override var isUndoing: Bool { isDiscarding || super.isUndoing }
  override var isRedoing: Bool { isRestoring || super.isRedoing }

  override var undoMenuItemTitle: String {
    typed.isEmpty ? super.undoMenuItemTitle : undoMenuTitle(forUndoActionName: "Typing")
  }

  override var redoMenuItemTitle: String {
    canRedo ? super.redoMenuItemTitle : "Nothing to Redo"
  }

  override func undo() {
    commitTyping()
    super.undo()
  }
}

/// A manager of a locked document: while locked it reports nothing to undo or redo and records
/// nothing, whatever its stacks hold.
final class LockableUndoManager: UndoManager {
  var isLocked = false
  private(set) var limitsSet: [Int] = []

  override var canRedo: Bool { !isLocked && super.canRedo }
  override var undoActionName: String { isLocked ? "" : super.undoActionName }
  override var redoActionName: String { isLocked ? "" : super.redoActionName }
  override var groupingLevel: Int { isLocked ? 0 : super.groupingLevel }
  override var isUndoRegistrationEnabled: Bool { !isLocked && super.isUndoRegistrationEnabled }
  override var undoActionIsDiscardable: Bool { isLocked || super.undoActionIsDiscardable }
  override var redoActionIsDiscardable: Bool { isLocked || super.redoActionIsDiscardable }
  override var groupsByEvent: Bool {
    get { super.groupsByEvent }
    set { super.groupsByEvent = isLocked ? super.groupsByEvent : newValue }
  }
  override var levelsOfUndo: Int {
    didSet { limitsSet.append(levelsOfUndo) }
  }

  override func redo() {
    if !isLocked { super.redo() }
  }
}

@Suite("Swift 5 mode: subclasses override the manager's state, as on Apple platforms")
struct SubclassPortTests {
  @Test("a coalescing manager reports its pending typing as the next undo step")
  func coalescedTyping() {
    let manager = CoalescingUndoManager()
    let buffer = TextBuffer(undoManager: manager)
    let plain: UndoManager = manager
    #expect(!plain.canUndo)
    #expect(plain.undoMenuItemTitle == "Undo")
    buffer.type("Hel")
    buffer.type("lo")
    #expect(plain.canUndo)
    #expect(plain.undoCount == 0)
    #expect(plain.undoMenuItemTitle == "Undo Typing")
    #expect(plain.redoMenuItemTitle == "Nothing to Redo")
    plain.undo()
    #expect(buffer.text == "")
    #expect(!plain.canUndo)
    #expect(plain.redoMenuItemTitle == "Redo Typing")
    plain.redo()
    #expect(buffer.text == "Hello")
    #expect(plain.undoMenuItemTitle == "Undo Typing")
  }

  @Test("model code sees the overridden isUndoing and isRedoing")
  func overriddenActivity() {
    let manager = CoalescingUndoManager()
    let buffer = TextBuffer(undoManager: manager)
    buffer.type("abc")
    manager.discardTyping()
    #expect(buffer.text == "")
    manager.restore("xyz")
    #expect(buffer.text == "xyz")
    buffer.deleteLast(1)
    manager.endEvent()
    #expect(manager.undoMenuItemTitle == "Undo Delete")
    manager.undo()
    manager.redo()
    #expect(buffer.text == "xy")
    #expect(buffer.activities == ["undo", "redo", "edit", "undo", "redo"])
  }

  @Test("every state property is overridable, and reads through the base class see the override")
  func everyProperty() {
    let manager = LockableUndoManager()
    let plain: UndoManager = manager
    let buffer = TextBuffer(undoManager: CoalescingUndoManager())
    // A handler that registers its redo, so that undoing it leaves a step to redo.
    plain.registerUndo(withTarget: buffer) { buffer in
      plain.registerUndo(withTarget: buffer) { _ in }
    }
    plain.setActionName("Edit")
    plain.setActionIsDiscardable(true)
    plain.beginUndoGrouping()
    plain.levelsOfUndo = 5
    #expect(plain.groupingLevel == 2)
    #expect(plain.undoActionName == "Edit")
    #expect(plain.isUndoRegistrationEnabled)
    manager.isLocked = true
    #expect(plain.groupingLevel == 0)
    #expect(plain.undoActionName == "")
    #expect(plain.undoMenuItemTitle == "Undo")
    #expect(!plain.isUndoRegistrationEnabled)
    #expect(plain.undoActionIsDiscardable && plain.redoActionIsDiscardable)
    plain.groupsByEvent = false
    #expect(plain.groupsByEvent)
    manager.isLocked = false
    plain.endUndoGrouping()
    plain.undo()
    #expect(plain.canRedo && plain.redoActionName == "Edit")
    manager.isLocked = true
    #expect(!plain.canRedo && plain.redoMenuItemTitle == "Redo")
    plain.redo()
    manager.isLocked = false
    #expect(plain.canRedo)
    #expect(manager.limitsSet == [5])
  }
}
