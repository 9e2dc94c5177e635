import UndoKit

/// A counter as Apple's documentation of UndoManager writes one: its setter registers the old
/// value with the undo manager and names the step.
public final class Counter {
  public let undoManager: UndoManager
  public var count = 0 {
    didSet {
      undoManager.registerUndo(withTarget: self) { [oldValue] counter in
        counter.count = oldValue
      }
      undoManager.setActionName("Change Count")
    }
  }

  public init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }
}
