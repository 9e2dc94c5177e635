/// What the manager holds, as its own logic reads it: the `open` properties that report it to
/// callers may be overridden by a subclass.
///
/// A top-level group still being recorded counts as the most recent undo step as soon as it holds
/// an operation or a closed nested group, because `undo()` closes and undoes it.
extension UndoManager {
  /// The number of steps `undo()` can reverse.
  var undoStepCount: Int {
    undoStack.count + (pendingUndoGroup == nil ? 0 : 1)
  }

  /// How many operations the manager holds: in its stacks, in the groups being recorded, and
  /// those of an undo or redo running. What a host bounds the memory of a history by (each
  /// holds a closure and what it captured, some hundreds of bytes).
  package var heldActionCount: Int {
    undoStack.actionCount + redoStack.actionCount + frames.reduce(0) { $0 + $1.actions.count }
      + inFlight.count
  }

  /// Whether no `disableUndoRegistration()` is in effect.
  var registrationIsEnabled: Bool {
    disableCount == 0
  }

  /// The number of open groups, counting the event's group and the group an undo or redo records.
  var openLevelCount: Int {
    frames.reduce(0) { $0 + $1.levels.count }
  }

  /// The group the next `undo()` reverses: the caller's open group once it has content, else the
  /// top of the undo stack.
  var nextUndoGroup: UndoGroup? {
    pendingUndoGroup ?? undoStack.last
  }

  /// The open top-level group of the caller, once it holds an operation or a closed nested group.
  var pendingUndoGroup: UndoGroup? {
    guard let first = frames.first, first.kind == .user, first.hasContent else {
      return nil
    }
    return first.group
  }
}
