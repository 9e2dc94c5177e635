/// Opening and closing groups, and marking the end of an event.
extension UndoManager {
  /// Tells the manager that one event is over: closes the event's group, then announces a
  /// checkpoint. An extension beyond Apple's API.
  ///
  /// When the thread's run loop is running, the end of its pass closes the event's group, as on
  /// Apple platforms; without one, the host calls this method instead, for example after each
  /// script command, each input line or each gesture. Only the event's group is closed, and only
  /// when no group is open inside it: a group opened with `beginUndoGrouping()` and not yet closed
  /// keeps the event open, and so does an undo or redo in progress. Calling it with nothing open only announces the checkpoint.
  public func endEvent() {
    closeEventGroupIfClosable()
    post(.checkpoint)
  }

  /// Whether the event's group is open with no group open inside it and no undo or redo running.
  var eventGroupIsClosable: Bool {
    activity == nil && frames.count == 1 && frames[0].isAutomatic && frames[0].levels.count == 1
  }

  /// Closes the event's group when it is open with no group open inside it.
  func closeEventGroupIfClosable() {
    if eventGroupIsClosable {
      closeInnermostGroup(keepingEmpty: false)
    }
  }

  /// Opens a group: a new top-level group when none is open, or a nested level inside the
  /// innermost one.
  ///
  /// - Parameters:
  ///   - automatic: whether the group is the event's, opened by `groupsByEvent`.
  ///   - checkpoint: whether a checkpoint comes first (not while an undo or redo runs).
  func openGroup(automatic: Bool, checkpoint: Bool = true) {
    if checkpoint && activity == nil {
      post(.checkpoint)
    }
    if let index = frames.indices.last {
      frames[index].levels.append(OpenFrame.Level(start: frames[index].actions.count))
    } else {
      frames.append(OpenFrame(kind: .user, isAutomatic: automatic))
      if automatic {
        closeEventAtEndOfPass()
      }
    }
    checkInvariants()
    post(.didOpenUndoGroup)
  }

  /// Closes the innermost open group, which the caller may close.
  ///
  /// A nested group becomes a closed child of its parent; a top-level group goes on the undo
  /// stack.
  ///
  /// - Parameter keepingEmpty: whether a top-level group with no operation and no nested group
  ///   stays on the stack (it does when closed by `endUndoGrouping()`, as on Apple platforms).
  func closeInnermostGroup(keepingEmpty: Bool) {
    post(.checkpoint)
    if let frame = frames.last {
      post(.willCloseUndoGroup, groupIsDiscardable: frame.innermostIsDiscardable)
    }
    // An observer of the notifications may have closed the group already.
    guard canCloseGroup else { return }
    let index = frames.count - 1
    let isDiscardable = frames[index].innermostIsDiscardable
    if frames[index].levels.count > 1 {
      let level = frames[index].levels.removeLast()
      let range = level.start..<frames[index].actions.count
      frames[index].levels[frames[index].levels.count - 1].children.append(range)
    } else {
      let frame = frames.removeLast()
      if keepingEmpty || frame.hasContent {
        push(frame.group, onto: .undo)
      }
    }
    checkInvariants()
    if eventGroupIsClosable {
      // The group open inside the event's closed: the pass it closed in ends the event.
      closeEventAtEndOfPass()
    }
    post(.didCloseUndoGroup(isDiscardable: isDiscardable))
  }
}
