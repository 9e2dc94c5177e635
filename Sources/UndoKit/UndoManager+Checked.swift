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
    guard isUndoRegistrationEnabled else { return }
    if frames.isEmpty {
      guard groupsByEvent else { throw .registrationWithoutOpenGroup }
      openGroup(automatic: true)
    }
    if !isUndoing && !isRedoing {
      redoStack.removeAll()
    }
    let index = frames.count - 1
    frames[index].actions.append(UndoAction(target: target, handler: handler))
    frames[index].levels[frames[index].levels.count - 1].lastClosedChild = nil
    isNameTargetDiscarded = false
    checkInvariants()
  }

  /// ``undo()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/undoDuringUndoOrRedo`` from a handler,
  ///   ``UndoManagerError/undoWithNestedGroupsOpen(groupingLevel:)`` with nested groups open.
  public func undoChecked() throws(UndoManagerError) {
    if isUndoing || isRedoing { throw .undoDuringUndoOrRedo }
    if groupingLevel > 1 { throw .undoWithNestedGroupsOpen(groupingLevel: groupingLevel) }
    if groupingLevel == 1 {
      try endUndoGroupingChecked()
    }
    try undoNestedGroupChecked()
  }

  /// ``redo()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/redoDuringUndoOrRedo`` from a handler,
  ///   ``UndoManagerError/redoWithNestedGroupsOpen(groupingLevel:)`` with nested groups open.
  public func redoChecked() throws(UndoManagerError) {
    if isUndoing || isRedoing { throw .redoDuringUndoOrRedo }
    if groupingLevel > 1 { throw .redoWithNestedGroupsOpen(groupingLevel: groupingLevel) }
    if groupingLevel == 1 {
      try endUndoGroupingChecked()
    } else {
      post(.checkpoint)
    }
    // An observer may have opened a group again; acting now would break the nesting.
    if groupingLevel > 0 { throw .redoWithNestedGroupsOpen(groupingLevel: groupingLevel) }
    guard let group = redoStack.popLast() else { return }
    perform(group.actions, name: group.name, userInfo: group.userInfo, as: .redoing)
  }

  /// ``undoNestedGroup()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/undoDuringUndoOrRedo`` from a handler,
  ///   ``UndoManagerError/noNestedGroupToUndo`` when a group is open but holds no closed nested
  ///   group at its end.
  public func undoNestedGroupChecked() throws(UndoManagerError) {
    _ = try nestedUndoTarget()
    post(.checkpoint)
    let actions: [UndoAction]
    var name = ""
    var userInfo: [UserInfoKey: Any] = [:]
    if let range = try nestedUndoTarget() {
      let index = frames.count - 1
      actions = Array(frames[index].actions[range])
      frames[index].actions.removeSubrange(range)
      frames[index].levels[frames[index].levels.count - 1].lastClosedChild = nil
    } else {
      guard let group = undoStack.popLast() else { return }
      actions = group.actions
      name = group.name
      userInfo = group.userInfo
    }
    perform(actions, name: name, userInfo: userInfo, as: .undoing)
  }

  /// ``endUndoGrouping()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/endGroupingWithoutOpenGroup`` when no group is open, or only
  ///   the group an undo or redo is recording.
  public func endUndoGroupingChecked() throws(UndoManagerError) {
    guard canCloseGroup else { throw .endGroupingWithoutOpenGroup }
    post(.checkpoint)
    post(.willCloseUndoGroup)
    guard canCloseGroup else { return }
    let index = frames.count - 1
    let isDiscardable: Bool
    if frames[index].levels.count > 1 {
      let level = frames[index].levels.removeLast()
      let range = level.start..<frames[index].actions.count
      frames[index].levels[frames[index].levels.count - 1].lastClosedChild = range
      let nested = UndoGroup(actions: Array(frames[index].actions[range]), name: "")
      isDiscardable = nested.isDiscardable
    } else {
      let frame = frames.removeLast()
      isDiscardable = frame.group.isDiscardable
      if frame.actions.isEmpty {
        isNameTargetDiscarded = true
      } else {
        push(frame.group, onto: .undo)
      }
    }
    checkInvariants()
    post(.didCloseUndoGroup(isDiscardable: isDiscardable))
  }

  /// ``enableUndoRegistration()``, throwing instead of reporting misuse.
  ///
  /// - Throws: ``UndoManagerError/unbalancedEnableUndoRegistration`` when registration is not
  ///   disabled.
  public func enableUndoRegistrationChecked() throws(UndoManagerError) {
    guard disableCount > 0 else { throw .unbalancedEnableUndoRegistration }
    disableCount -= 1
  }

  /// Whether the innermost open group is one the caller may close.
  var canCloseGroup: Bool {
    guard let frame = frames.last else { return false }
    return frame.kind == .user || frame.levels.count > 1
  }

  /// What `undoNestedGroup()` would reverse: a range of the open group's operations, or `nil`
  /// for the top of the undo stack.
  func nestedUndoTarget() throws(UndoManagerError) -> Range<Int>? {
    if isUndoing || isRedoing { throw .undoDuringUndoOrRedo }
    guard let frame = frames.last else { return nil }
    guard let range = frame.levels[frame.levels.count - 1].lastClosedChild else {
      throw .noNestedGroupToUndo
    }
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
