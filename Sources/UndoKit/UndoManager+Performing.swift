/// Running a group's operations and recording their inverses.
extension UndoManager {
  /// Which stack a closed group lands on.
  enum Stack {
    case undo
    case redo
  }

  /// Runs `actions` newest first inside a new group that lands on the opposite stack.
  ///
  /// The new group starts with `name` and `userInfo`; a handler may rename it with `setActionName(_:)`. Groups
  /// a handler leaves open are folded into the new group and reported.
  func perform(
    _ actions: [UndoAction], name: String, userInfo: [UserInfoKey: Any] = [:],
    as kind: OpenFrame.Kind
  ) {
    let undoing = kind == .undoing
    post(undoing ? .willUndoChange : .willRedoChange)
    frames.append(OpenFrame(kind: kind, name: name, userInfo: userInfo))
    inFlight = actions
    isNameTargetDiscarded = false
    checkInvariants()
    post(.didOpenUndoGroup)
    for action in actions.reversed() {
      action.run()
    }
    inFlight = []
    let index = frames.count - 1
    let leftOpen = frames[index].levels.count - 1
    if leftOpen > 0 {
      frames[index].levels.removeLast(leftOpen)
      frames[index].levels[0].lastClosedChild = nil
      report(.groupsLeftOpenByHandler(count: leftOpen))
    }
    post(.willCloseUndoGroup)
    let frame = frames.removeLast()
    if !frame.actions.isEmpty {
      push(frame.group, onto: undoing ? .redo : .undo)
    }
    checkInvariants()
    post(.didCloseUndoGroup(isDiscardable: frame.group.isDiscardable))
    post(undoing ? .didUndoChange : .didRedoChange)
  }

  /// Puts a closed group on a stack, dropping the oldest groups beyond `levelsOfUndo`.
  func push(_ group: UndoGroup, onto stack: Stack) {
    switch stack {
    case .undo: undoStack.append(group)
    case .redo: redoStack.append(group)
    }
    isNameTargetDiscarded = false
    trimToLimit()
  }

  /// Drops the oldest groups of both stacks beyond `levelsOfUndo`.
  func trimToLimit() {
    let limit = levelsOfUndo
    guard limit > 0 else { return }
    if undoStack.count > limit {
      undoStack.removeFirst(undoStack.count - limit)
    }
    if redoStack.count > limit {
      redoStack.removeFirst(redoStack.count - limit)
    }
    checkInvariants()
  }
}
