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

  /// The Undo menu title for an action name: "Undo" alone for an empty name.
  ///
  /// - Parameter actionName: The name given with `setActionName(_:)`.
  /// - Returns: "Undo", a space and the name; titles are in English.
  public func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Undo" : "Undo \(actionName)"
  }

  /// The Redo menu title for an action name: "Redo" alone for an empty name.
  ///
  /// - Parameter actionName: The name given with `setActionName(_:)`.
  /// - Returns: "Redo", a space and the name; titles are in English.
  public func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Redo" : "Redo \(actionName)"
  }

  /// Names the group being recorded, or the top of the undo stack when none is open.
  func applyActionName(_ name: String) {
    if let index = frames.indices.last {
      frames[index].name = name
    } else if !isNameTargetDiscarded, let top = undoStack.indices.last {
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
