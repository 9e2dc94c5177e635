/// Action names and the menu titles made from them.
extension UndoManager {
  /// The name of the next undo step; empty when there is none or it has no name.
  public var undoActionName: String {
    (pendingUndoGroup ?? undoStack.last)?.name ?? ""
  }

  /// The name of the next redo step; empty when there is none or it has no name.
  public var redoActionName: String {
    redoStack.last?.name ?? ""
  }

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

  /// The title of the Undo menu item for the next undo step, such as "Undo Delete Bread".
  public var undoMenuItemTitle: String {
    undoMenuTitle(forUndoActionName: undoActionName)
  }

  /// The title of the Redo menu item for the next redo step, such as "Redo Delete Bread".
  public var redoMenuItemTitle: String {
    redoMenuTitle(forUndoActionName: redoActionName)
  }

  /// Names the group being recorded, or the top of the undo stack when none is open; nothing
  /// while registration is disabled.
  func applyActionName(_ name: String) {
    guard isUndoRegistrationEnabled else { return }
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
