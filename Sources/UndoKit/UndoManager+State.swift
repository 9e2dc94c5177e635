/// What the manager holds: counts, flags and whether undo or redo is possible.
///
/// A top-level group still being recorded counts as the most recent undo step as soon as it holds
/// an operation or a closed nested group, because `undo()` closes and undoes it.
extension UndoManager {
  /// Whether there is a step to undo (which may require closing nested groups first).
  public var canUndo: Bool {
    undoCount > 0
  }

  /// Whether there is a step to redo.
  ///
  /// Unlike Apple's, reading this property announces no checkpoint.
  public var canRedo: Bool {
    !redoStack.isEmpty
  }

  /// The number of steps `undo()` can reverse.
  public var undoCount: Int {
    undoStack.count + (pendingUndoGroup == nil ? 0 : 1)
  }

  /// The number of steps `redo()` can repeat.
  public var redoCount: Int {
    redoStack.count
  }

  /// Whether an undo is running its handlers.
  public var isUndoing: Bool {
    activity == .undoing
  }

  /// Whether a redo is running its handlers.
  public var isRedoing: Bool {
    activity == .redoing
  }

  /// Whether registrations are recorded: no `disableUndoRegistration()` is in effect.
  public var isUndoRegistrationEnabled: Bool {
    disableCount == 0
  }

  /// Whether every operation of the next undo step is discardable.
  public var undoActionIsDiscardable: Bool {
    (pendingUndoGroup ?? undoStack.last)?.isDiscardable ?? false
  }

  /// Whether every operation of the next redo step is discardable.
  public var redoActionIsDiscardable: Bool {
    redoStack.last?.isDiscardable ?? false
  }

  /// The open top-level group of the caller, once it holds an operation or a closed nested group.
  var pendingUndoGroup: UndoGroup? {
    guard let first = frames.first, first.kind == .user, first.hasContent else {
      return nil
    }
    return first.group
  }
}
