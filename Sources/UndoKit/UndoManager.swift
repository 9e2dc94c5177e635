/// A recorder of undo and redo operations with the API and the documented behaviour of the
/// `UndoManager` in Apple's Foundation, for platforms whose Foundation has none.
///
/// Code written against Apple's class compiles unchanged after `import UndoKit`:
///
/// ```swift
/// final class Counter {
///   let undoManager = UndoManager()
///   var value = 0 {
///     didSet {
///       undoManager.registerUndo(withTarget: self) { [oldValue] counter in
///         counter.value = oldValue
///       }
///       undoManager.setActionName("Change Value")
///     }
///   }
/// }
/// ```
///
/// Operations are recorded in groups. A group is one step of undo: `undo()` reverses the
/// operations of the most recent group, newest first, while recording what the handlers register
/// as one group on the redo stack, so that a handler that registers its own inverse makes redo
/// work. Registration made while undoing lands on the redo stack, registration made while redoing
/// lands on the undo stack, and any other registration lands on the undo stack and clears the
/// redo stack.
///
/// There is no run loop: with `groupsByEvent` on (the default), the first registration opens a
/// group and the host closes it by calling ``endEvent()`` once an event (a command, an input
/// line, a gesture) is over. Undo and redo close such a group themselves, as Apple's do.
///
/// Differences from Apple's class: targets are held weakly and a freed target's operations are
/// skipped; misuse that Apple answers with an exception is refused and reported through
/// ``misuseHandler`` and ``lastMisuse`` (or thrown by the `…Checked` methods); observation is
/// through ``addObserver(_:)`` instead of `NotificationCenter`. The class is not thread-safe and
/// not actor-isolated: use each manager from one thread or actor at a time.
open class UndoManager {
  var undoStack: [UndoGroup] = []
  var redoStack: [UndoGroup] = []
  /// Groups being recorded: at most a user group and, inside it, the group an undo records.
  var frames: [OpenFrame] = []
  /// The operations of the group an undo or redo is running.
  var inFlight: [UndoAction] = []
  var disableCount = 0
  /// Set when `endUndoGrouping()` discarded an empty group, so that a following
  /// `setActionName(_:)` does not rename an older step.
  var isNameTargetDiscarded = false
  var observers: [(token: UndoObserverToken, handler: (UndoManagerEvent) -> Void)] = []
  var nextObserverID = 0

  /// Whether the first registration outside any group opens a group automatically; `true` by
  /// default.
  ///
  /// The automatic group stays open until ``endEvent()``, `undo()`, `redo()` or
  /// `endUndoGrouping()` closes it. With `false`, registering outside a group is refused and
  /// reported as ``UndoManagerError/registrationWithoutOpenGroup``.
  open var groupsByEvent = true

  /// The largest number of groups kept on each stack; 0, the default, keeps all of them.
  ///
  /// When a new group exceeds the limit, the oldest groups are dropped; lowering the limit drops
  /// the oldest groups at once, from the undo and the redo stack. Negative values count as 0.
  open var levelsOfUndo = 0 {
    didSet { trimToLimit() }
  }

  /// Called with each misuse a non-throwing method refused (Apple raises an exception there).
  ///
  /// The manager's state is unchanged by a refused call. `nil` by default: misuse is then only
  /// recorded in ``lastMisuse``.
  public var misuseHandler: ((UndoManagerError) -> Void)?

  /// The most recent misuse reported to ``misuseHandler``; `nil` until one happens.
  public internal(set) var lastMisuse: UndoManagerError?

  /// Creates a manager with empty stacks, `groupsByEvent` on and no limit.
  public init() {}

  /// Records an operation that undoes a change: `handler` is called with `target` on undo.
  ///
  /// Outside any group, with `groupsByEvent` on, this opens a group that ``endEvent()`` closes.
  /// Nothing is recorded while registration is disabled. The target is not retained; if it has
  /// been freed when the operation runs, the operation is skipped.
  ///
  /// - Parameters:
  ///   - target: The object the handler acts on, usually `self`.
  ///   - handler: The undo operation; it may register its own inverse, which makes redo work.
  open func registerUndo<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping (TargetType) -> Void
  ) {
    reportingMisuse { () throws(UndoManagerError) in
      try registerUndoChecked(withTarget: target, handler: handler)
    }
  }

  /// Closes a group open at level 1, then undoes the most recent group on the undo stack.
  ///
  /// Refused (``UndoManagerError/undoWithNestedGroupsOpen(groupingLevel:)``) while nested
  /// groups are open, and while an undo or redo runs.
  open func undo() {
    reportingMisuse { () throws(UndoManagerError) in try undoChecked() }
  }

  /// Closes a group open at level 1, then redoes the most recent group on the redo stack.
  ///
  /// Refused while nested groups are open, and while an undo or redo runs.
  open func redo() {
    reportingMisuse { () throws(UndoManagerError) in try redoChecked() }
  }

  /// Undoes the last group: the top of the undo stack when no group is open, or else the nested
  /// group closed most recently inside the open one.
  ///
  /// The inverse operations are recorded as one group on the redo stack. Refused when a group is
  /// open but no nested group was closed in it since the last registration.
  open func undoNestedGroup() {
    reportingMisuse { () throws(UndoManagerError) in try undoNestedGroupChecked() }
  }

  /// Opens a group; groups nest, and a nested group becomes part of its enclosing group.
  open func beginUndoGrouping() {
    openGroup(automatic: false)
  }

  /// Closes the innermost open group.
  ///
  /// A top-level group with no operations is discarded. Refused when no group is open.
  open func endUndoGrouping() {
    reportingMisuse { () throws(UndoManagerError) in try endUndoGroupingChecked() }
  }

  /// Names the group being recorded, or, with none open, the group on top of the undo stack.
  ///
  /// The name appears in ``undoActionName`` and the menu titles ("Undo Delete Bread"). Right
  /// after `endUndoGrouping()` discarded an empty group, the name is ignored rather than given
  /// to an older step.
  open func setActionName(_ actionName: String) {
    applyActionName(actionName)
  }

  /// Marks the most recently registered operation as discardable (or not).
  ///
  /// The operation is the latest one in the group being recorded or, with none open, the latest
  /// one of the group on top of the undo stack.
  open func setActionIsDiscardable(_ discardable: Bool) {
    markLatestAction(discardable: discardable)
  }

  /// Stops recording registrations until a matching ``enableUndoRegistration()``; calls nest.
  open func disableUndoRegistration() {
    disableCount += 1
  }

  /// Balances one ``disableUndoRegistration()``; refused when none is in effect.
  open func enableUndoRegistration() {
    reportingMisuse { () throws(UndoManagerError) in try enableUndoRegistrationChecked() }
  }

  /// Empties both stacks, discards the groups being recorded and re-enables registration.
  ///
  /// Called from a handler during an undo or redo, it empties the group that undo or redo is
  /// recording; the handlers that remain still run.
  open func removeAllActions() {
    removeEverything()
  }

  /// Removes every operation registered with `target` from both stacks and the open groups.
  ///
  /// Groups left without operations disappear from the stacks.
  open func removeAllActions(withTarget target: AnyObject) {
    removeActions(of: target)
  }
}
