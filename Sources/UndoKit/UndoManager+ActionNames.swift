/// The names of the steps on each stack, and naming the group being recorded.
extension UndoManager {
  /// The names of all undo steps, most recent first. An extension beyond Apple's API.
  ///
  /// This is what an Edit menu's undo history would list; unnamed steps appear as "".
  public var undoActionNames: [String] {
    var names = pendingUndoGroup.map { [$0.name] } ?? []
    names += undoStack.reversed().map(\.name)
    return names
  }

  /// The names of all redo steps, most recent first. An extension beyond Apple's API.
  public var redoActionNames: [String] {
    redoStack.reversed().map(\.name)
  }

  /// Names the group being recorded, or the top of the undo stack when none is open; nothing
  /// while registration is disabled.
  func applyActionName(_ name: String) {
    guard registrationIsEnabled else { return }
    if let index = frames.indices.last {
      frames[index].name = name
    } else if let top = undoStack.indices.last {
      undoStack[top].name = name
    }
  }

  /// Sets the discardable flag of the most recently registered operation.
  func markLatestAction(discardable: Bool) {
    if let frame = frames.last {
      frame.actions.last?.isDiscardable = discardable
    } else {
      undoStack.last?.actions.last?.isDiscardable = discardable
    }
  }
}
