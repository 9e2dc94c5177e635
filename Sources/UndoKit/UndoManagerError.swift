/// A call that Apple's `UndoManager` answers by raising an exception.
///
/// Here such a call is refused: the manager's stacks and groups stay as they were, and the misuse
/// is reported. The non-throwing methods (`undo()`, `endUndoGrouping()`, …) report it by setting
/// ``UndoManager/lastMisuse`` and calling ``UndoManager/misuseHandler``; the `…Checked` variants
/// (`undoChecked()`, `endUndoGroupingChecked()`, …) throw it instead.
public enum UndoManagerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `endUndoGrouping()` with no group open that the caller may close (none at all, or only the
  /// group an undo or redo is recording).
  case endGroupingWithoutOpenGroup
  /// `undo()` while more than one group is open (with `groupsByEvent` on, an explicit group inside
  /// the event's); close them with `endUndoGrouping()` first.
  case undoWithNestedGroupsOpen(groupingLevel: Int)
  /// `undo()` or `undoNestedGroup()` called from a handler while an undo or redo is running.
  case undoDuringUndoOrRedo
  /// `redo()` called from a handler while an undo or redo is running.
  case redoDuringUndoOrRedo
  /// `undoNestedGroup()` with a group open that does not end with a closed nested group (an
  /// operation was registered in it after the last one, or none was closed).
  case noNestedGroupToUndo
  /// `registerUndo(withTarget:handler:)` with `groupsByEvent == false` and no open group.
  case registrationWithoutOpenGroup
  /// `enableUndoRegistration()` without a matching `disableUndoRegistration()`.
  case unbalancedEnableUndoRegistration
  /// A handler opened groups during an undo or redo and did not close them; the manager closed
  /// them into the group it was recording.
  case groupsLeftOpenByHandler(count: Int)

  /// A terse description of the misuse and its fix.
  public var description: String {
    switch self {
    case .endGroupingWithoutOpenGroup:
      "endUndoGrouping() without a matching beginUndoGrouping()"
    case .undoWithNestedGroupsOpen(let level):
      "undo() with \(level) groups open; close the nested groups first"
    case .undoDuringUndoOrRedo:
      "undo() while an undo or redo is in progress"
    case .redoDuringUndoOrRedo:
      "redo() while an undo or redo is in progress"
    case .noNestedGroupToUndo:
      "undoNestedGroup() with no closed nested group; call endUndoGrouping() first"
    case .registrationWithoutOpenGroup:
      "registration with groupsByEvent off and no open group; call beginUndoGrouping() first"
    case .unbalancedEnableUndoRegistration:
      "enableUndoRegistration() without a matching disableUndoRegistration()"
    case .groupsLeftOpenByHandler(let count):
      "an undo handler left \(count) groups open; they were closed"
    }
  }
}
