import Foundation

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
/// With `groupsByEvent` on (the default), the first registration of an event opens the event's
/// group. When the thread's run loop is running, the group closes at the end of that pass of the
/// loop, as on Apple platforms; without a running run loop (most Linux code) the host closes it by
/// calling ``endEvent()`` where the event (a command, an input line, a gesture) ends. `undo()`
/// closes it too. Hosts without events turn `groupsByEvent` off and group explicitly with
/// `beginUndoGrouping()` and `endUndoGrouping()`.
///
/// The manager posts Apple's notifications (``checkpointNotification`` and the others) on
/// `NotificationCenter.default` with the manager as their object, and announces the same events
/// to closures added with ``addObserver(_:)``. Misuse that Apple answers with an exception is
/// refused and reported through ``misuseHandler`` and ``lastMisuse`` (or thrown by the
/// `…Checked` methods). Targets are held weakly: a freed target's operations are skipped. The
/// class is not thread-safe and not actor-isolated: use each manager from one thread or actor at
/// a time. The README of UndoKit lists every difference from Apple's class.
open class UndoManager {
  var undoStack = GroupStack()
  var redoStack = GroupStack()
  /// Groups being recorded: at most a user group and, inside it, the group an undo records.
  var frames: [OpenFrame] = []
  /// Whether an undo or a redo is running its operations.
  var activity: Activity?
  /// The operations of the group an undo or redo is running.
  var inFlight: [UndoAction] = []
  /// Whether the group the running undo or redo records stays when nothing is registered in it.
  var keepsEmptyRecording = true
  var disableCount = 0
  var observers: [(token: UndoObserverToken, handler: (UndoManagerEvent) -> Void)] = []
  var nextObserverID = 0

  /// Whether the first registration of an event opens a group automatically; `true` by default.
  ///
  /// The event's group stays open until the end of the run-loop pass, ``endEvent()``, `undo()`
  /// or `endUndoGrouping()` closes it. While it is on, `beginUndoGrouping()` with no group open first opens the event's group
  /// and then the requested one inside it, as Apple's does: `groupingLevel` is then 2, and groups
  /// opened one after another in one event undo as one step. With `false`, registering outside a
  /// group is refused and reported as ``UndoManagerError/registrationWithoutOpenGroup``.
  open var groupsByEvent = true

  /// The largest number of groups kept on each stack; 0, the default, keeps all of them.
  ///
  /// When a new group exceeds the limit, the oldest groups are dropped; lowering the limit drops
  /// the oldest groups at once, from the undo and the redo stack. Negative values count as 0.
  open var levelsOfUndo = 0 {
    didSet { trimToLimit() }
  }

  /// The modes of the run loop in whose passes the event's group closes; `[.default]` by default.
  ///
  /// When the event's group opens on a thread whose run loop is running, the group closes at the
  /// end of that pass of the loop in one of these modes.
  open var runLoopModes: [RunLoop.Mode] = [.default]

  /// Whether the end of the current run-loop pass is already set to close the event's group.
  var closesAtEndOfPass = false

  // The state below is `open`, as in Apple's SDK: a subclass may override what it reports. The
  // manager's own logic reads its storage, never these properties.

  /// Whether there is a step to undo (which may require closing nested groups first).
  open var canUndo: Bool { undoStepCount > 0 }

  /// Whether there is a step to redo. Unlike Apple's, reading it announces no checkpoint.
  open var canRedo: Bool { !redoStack.isEmpty }

  /// The number of steps `undo()` can reverse.
  open var undoCount: Int { undoStepCount }

  /// The number of steps `redo()` can repeat.
  open var redoCount: Int { redoStack.count }

  /// Whether an undo is running its handlers.
  open var isUndoing: Bool { activity == .undoing }

  /// Whether a redo is running its handlers.
  open var isRedoing: Bool { activity == .redoing }

  /// Whether registrations are recorded: no `disableUndoRegistration()` is in effect.
  open var isUndoRegistrationEnabled: Bool { registrationIsEnabled }

  /// The number of open groups, counting the event's group and the group an undo or redo is
  /// recording; 0 when none is open.
  open var groupingLevel: Int { openLevelCount }

  /// Whether every operation of the next undo step is discardable.
  open var undoActionIsDiscardable: Bool { nextUndoGroup?.isDiscardable ?? false }

  /// Whether every operation of the next redo step is discardable.
  open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }

  /// The name of the next undo step; empty when there is none or it has no name.
  open var undoActionName: String { nextUndoGroup?.name ?? "" }

  /// The name of the next redo step; empty when there is none or it has no name.
  open var redoActionName: String { redoStack.last?.name ?? "" }

  /// The title of the Undo menu item for the next undo step, such as "Undo Delete Bread".
  open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

  /// The title of the Redo menu item for the next redo step, such as "Redo Delete Bread".
  open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

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
  /// With no group open and `groupsByEvent` on, this opens the event's group, which the end of
  /// the run-loop pass or ``endEvent()`` closes. Nothing is recorded while registration is disabled. The target is not
  /// retained; if it has been freed when the operation runs, the operation is skipped.
  ///
  /// - Parameters:
  ///   - target: The object the handler acts on, usually `self`.
  ///   - handler: The undo operation; it may register its own inverse, which makes redo work.
  public func registerUndo<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping (TargetType) -> Void
  ) {
    reportingMisuse { () throws(UndoManagerError) in
      try registerUndoChecked(withTarget: target, handler: handler)
    }
  }

  /// Closes a group open at level 1, then undoes the most recent group on the undo stack.
  ///
  /// Refused (``UndoManagerError/undoWithNestedGroupsOpen(groupingLevel:)``) while more than one
  /// group is open, and while an undo or redo runs.
  open func undo() {
    reportingMisuse { () throws(UndoManagerError) in try undoChecked() }
  }

  /// Redoes the most recent group on the redo stack, recording its inverse as one group.
  ///
  /// With no group open the inverse lands on the undo stack as a step of its own; with a group
  /// open (for example the event's) it becomes a nested group of that group, as with Apple's.
  /// Refused while an undo or redo runs.
  open func redo() {
    reportingMisuse { () throws(UndoManagerError) in try redoChecked() }
  }

  /// Undoes the last group: the top of the undo stack when no group is open, or else the nested
  /// group closed most recently in the innermost open group.
  ///
  /// Called again, it undoes the nested group closed before that one. The inverse operations are
  /// recorded as one group on the redo stack. Refused when a group is open that does not end with
  /// a closed nested group.
  open func undoNestedGroup() {
    reportingMisuse { () throws(UndoManagerError) in try undoNestedGroupChecked() }
  }

  /// Opens a group; groups nest, and a nested group becomes part of its enclosing group.
  ///
  /// With no group open and `groupsByEvent` on, the event's group is opened first, and the new
  /// group nests in it.
  open func beginUndoGrouping() {
    if frames.isEmpty && groupsByEvent {
      // As Apple's: the event's group opens without a checkpoint of its own, so the one
      // checkpoint comes at level 1.
      openGroup(automatic: true, checkpoint: false)
    }
    openGroup(automatic: false)
  }

  /// Closes the innermost open group.
  ///
  /// A group stays on the stack even when it holds no operation: it can be named, counts in
  /// `canUndo`, and the next `undo()` reverses it (doing nothing). Refused when no group is open.
  open func endUndoGrouping() {
    reportingMisuse { () throws(UndoManagerError) in try endUndoGroupingChecked() }
  }

  /// Names the group being recorded, or, with none open, the group on top of the undo stack.
  ///
  /// The name appears in ``undoActionName`` and the menu titles ("Undo Delete Bread"). Ignored
  /// while registration is disabled, as Apple's is.
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

  /// Attaches a value to the group being recorded or, with none open, to the top of the undo
  /// stack, in the same way as ``setActionName(_:)``; `nil` removes the value.
  ///
  /// A group recorded by an undo or redo starts with the values of the group it reverses.
  ///
  /// - Parameters:
  ///   - info: The value to attach.
  ///   - key: The key to read it back with.
  open func setActionUserInfoValue(_ info: Any?, forKey key: UserInfoKey) {
    if let index = frames.indices.last {
      frames[index].userInfo[key] = info
    } else if let top = undoStack.indices.last {
      undoStack[top].userInfo[key] = info
    }
  }

  /// The value attached under `key` to the next undo step, if any.
  ///
  /// - Parameter key: The key the value was attached with.
  /// - Returns: The value, or `nil`.
  open func undoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    (pendingUndoGroup ?? undoStack.last)?.userInfo[key]
  }

  /// The value attached under `key` to the next redo step, if any.
  ///
  /// - Parameter key: The key the value was attached with.
  /// - Returns: The value, or `nil`.
  open func redoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    redoStack.last?.userInfo[key]
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
  /// Groups left without operations by the removal disappear from the stacks.
  ///
  /// - Parameter target: The object given to `registerUndo(withTarget:handler:)`; a value that is
  ///   not an object matches nothing.
  open func removeAllActions(withTarget target: Any) {
    removeActions(of: target as AnyObject)
  }

  /// The Undo menu title for an action name: "Undo" alone for an empty name.
  ///
  /// ``undoMenuItemTitle`` calls this method; override it to localise the titles, as with
  /// Apple's class.
  ///
  /// - Parameter actionName: The name given with `setActionName(_:)`.
  /// - Returns: "Undo", a space and the name; titles are in English.
  open func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Undo" : "Undo \(actionName)"
  }

  /// The Redo menu title for an action name: "Redo" alone for an empty name.
  ///
  /// ``redoMenuItemTitle`` calls this method; override it to localise the titles.
  ///
  /// - Parameter actionName: The name given with `setActionName(_:)`.
  /// - Returns: "Redo", a space and the name; titles are in English.
  open func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Redo" : "Redo \(actionName)"
  }
}

/// Which of undo and redo is running its operations.
enum Activity: Equatable {
  case undoing
  case redoing
}
