/// Running a group's operations and recording their inverses.
extension UndoManager {
  /// Which stack a closed group lands on.
  enum Stack {
    case undo
    case redo
  }

  /// Runs a group's operations newest first while recording what they register as one group.
  ///
  /// An undo records into a new group that lands on the redo stack. A redo records into a new
  /// group that lands on the undo stack or, when the caller has a group open, into a nested group
  /// of that group. The recorded group starts with the name and values of `group`; a handler may
  /// rename it. As with Apple's Foundation now, the group an undo records is dropped when its
  /// handlers registered nothing (there is nothing to redo); the group a redo records stays even
  /// then (undoing it does nothing, and is itself a step), unless registration was disabled when
  /// the redo began or a handler removed all actions (Sources/UndoKit/README.md). Groups a
  /// handler leaves open are folded into the recorded group and reported.
  func perform(_ group: UndoGroup, as activity: Activity) {
    let undoing = activity == .undoing
    keepsEmptyRecording = registrationIsEnabled && !undoing
    post(undoing ? .willUndoChange : .willRedoChange)
    if !undoing, let index = frames.indices.last {
      var level = OpenFrame.Level(start: frames[index].actions.count)
      level.recordsRedo = true
      frames[index].levels.append(level)
    } else {
      let kind: OpenFrame.Kind = undoing ? .undoing : .redoing
      frames.append(OpenFrame(kind: kind, name: group.name, userInfo: group.userInfo))
    }
    self.activity = activity
    inFlight = group.actions
    checkInvariants()
    post(.didOpenUndoGroup)
    for action in group.actions.reversed() {
      action.run()
    }
    inFlight = []
    let isDiscardable = finishRecording(keepingEmpty: keepsEmptyRecording)
    self.activity = nil
    checkInvariants()
    post(.didCloseUndoGroup(isDiscardable: isDiscardable))
    post(undoing ? .didUndoChange : .didRedoChange)
  }

  /// Closes the group an undo or redo recorded, with the groups its handlers left open.
  ///
  /// - Parameter keepingEmpty: whether the group stays when nothing was registered in it.
  /// - Returns: whether the recorded group is discardable.
  private func finishRecording(keepingEmpty: Bool) -> Bool {
    let index = frames.count - 1
    // A redo inside an open group records at a level of its own; otherwise in a frame.
    let recordingLevel = frames[index].levels.lastIndex(where: \.recordsRedo) ?? 0
    let leftOpen = frames[index].levels.count - 1 - recordingLevel
    if leftOpen > 0 {
      frames[index].levels.removeLast(leftOpen)
      report(.groupsLeftOpenByHandler(count: leftOpen))
    }
    let isDiscardable = frames[index].innermostIsDiscardable
    post(.willCloseUndoGroup, groupIsDiscardable: isDiscardable)
    if recordingLevel > 0 {
      let level = frames[index].levels.removeLast()
      let range = level.start..<frames[index].actions.count
      if keepingEmpty || !range.isEmpty {
        frames[index].levels[recordingLevel - 1].children.append(range)
      }
    } else {
      let frame = frames.removeLast()
      if keepingEmpty || !frame.actions.isEmpty {
        push(frame.group, onto: frame.kind == .undoing ? .redo : .undo)
      }
    }
    return isDiscardable
  }

  /// Puts a closed group on a stack, dropping the oldest groups beyond `levelsOfUndo`.
  func push(_ group: UndoGroup, onto stack: Stack) {
    switch stack {
    case .undo: undoStack.append(group)
    case .redo: redoStack.append(group)
    }
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
