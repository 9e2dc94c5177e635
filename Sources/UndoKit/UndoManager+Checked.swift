/// The throwing forms of the calls Apple's `UndoManager` may answer with an exception.
///
/// Each does what its non-throwing namesake does, but throws the misuse instead of reporting it
/// to ``UndoManager/misuseHandler``. A refused call leaves the manager unchanged.
extension UndoManager {
  /// ``registerUndo(withTarget:handler:)``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/registrationWithoutOpenGroup`` when `groupsByEvent` is off and
  ///   no group is open.
  public func registerUndoChecked<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping (TargetType) -> Void
  ) throws(UndoManagerError) {
    guard registrationIsEnabled else { return }
    if frames.isEmpty {
      guard groupsByEvent else { throw .registrationWithoutOpenGroup }
      openGroup(automatic: true)
    }
    if activity == nil {
      redoStack.removeAll()
    }
    frames[frames.count - 1].actions.append(UndoAction(target: target, handler: handler))
    checkInvariants()
  }

  /// ``undo()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/undoDuringUndoOrRedo`` from a handler,
  ///   ``UndoManagerError/undoWithNestedGroupsOpen(groupingLevel:)`` with more than one group
  ///   open.
  public func undoChecked() throws(UndoManagerError) {
    if activity != nil { throw .undoDuringUndoOrRedo }
    let level = openLevelCount
    if level > 1 { throw .undoWithNestedGroupsOpen(groupingLevel: level) }
    if level == 1 {
      try endUndoGroupingChecked()
    }
    try undoNestedGroupChecked()
  }

  /// ``redo()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/redoDuringUndoOrRedo`` from a handler.
  public func redoChecked() throws(UndoManagerError) {
    if activity != nil { throw .redoDuringUndoOrRedo }
    post(.checkpoint)
    guard let group = redoStack.popLast() else { return }
    perform(group, as: .redoing)
  }

  /// ``undoNestedGroup()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/undoDuringUndoOrRedo`` from a handler,
  ///   ``UndoManagerError/noNestedGroupToUndo`` when a group is open that does not end with a
  ///   closed nested group.
  public func undoNestedGroupChecked() throws(UndoManagerError) {
    _ = try nestedUndoTarget()
    post(.checkpoint)
    // An observer of the checkpoint may have registered or opened a group: look again.
    guard let range = try nestedUndoTarget() else {
      guard let group = undoStack.popLast() else { return }
      perform(group, as: .undoing)
      return
    }
    let index = frames.count - 1
    let actions = Array(frames[index].actions[range])
    frames[index].actions.removeSubrange(range)
    frames[index].levels[frames[index].levels.count - 1].children.removeLast()
    perform(UndoGroup(actions: actions, name: ""), as: .undoing)
  }

  /// ``endUndoGrouping()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/endGroupingWithoutOpenGroup`` when no group is open, or only
  ///   the group an undo or redo is recording.
  public func endUndoGroupingChecked() throws(UndoManagerError) {
    guard canCloseGroup else { throw .endGroupingWithoutOpenGroup }
    closeInnermostGroup(keepingEmpty: true)
  }

  /// ``enableUndoRegistration()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/unbalancedEnableUndoRegistration`` when registration is not
  ///   disabled.
  public func enableUndoRegistrationChecked() throws(UndoManagerError) {
    guard disableCount > 0 else { throw .unbalancedEnableUndoRegistration }
    disableCount -= 1
  }

  /// Whether the innermost open group is one the caller may close: not the group an undo or redo
  /// records.
  var canCloseGroup: Bool {
    guard let frame = frames.last, let level = frame.levels.last, !level.recordsRedo else {
      return false
    }
    return frame.levels.count > 1 || frame.kind == .user
  }

  /// What `undoNestedGroup()` would reverse: a range of the open group's operations, or `nil`
  /// for the top of the undo stack.
  func nestedUndoTarget() throws(UndoManagerError) -> Range<Int>? {
    if activity != nil { throw .undoDuringUndoOrRedo }
    guard let frame = frames.last else { return nil }
    guard let range = frame.lastClosedChild else { throw .noNestedGroupToUndo }
    return range
  }

  /// Runs a non-throwing method's body, reporting a refusal through the misuse channel.
  func reportingMisuse(_ body: () throws(UndoManagerError) -> Void) {
    do {
      try body()
    } catch {
      report(error)
    }
  }

  /// Records a misuse and passes it to the misuse handler.
  func report(_ misuse: UndoManagerError) {
    lastMisuse = misuse
    misuseHandler?(misuse)
  }
}
