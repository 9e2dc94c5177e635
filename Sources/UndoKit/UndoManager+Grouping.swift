/// Opening groups and marking the end of an event.
extension UndoManager {
  /// The number of open groups, counting the group an undo or redo is recording; 0 when none is
  /// open.
  public var groupingLevel: Int {
    frames.reduce(0) { $0 + $1.levels.count }
  }

  /// Tells the manager that one event is over: closes the group `groupsByEvent` opened, then
  /// announces a checkpoint. An extension beyond Apple's API.
  ///
  /// Apple's manager closes its automatic group when the run loop finishes an event; here the
  /// host calls this method instead, for example after each script command, each input line or
  /// each gesture. Only a group that registration opened automatically, at level 1, is closed:
  /// explicit groups and nested groups are left alone, and so is an undo or redo in progress.
  /// Calling it with nothing open only announces the checkpoint.
  public func endEvent() {
    if frames.count == 1, frames[0].kind == .user, frames[0].isAutomatic,
      frames[0].levels.count == 1
    {
      try? endUndoGroupingChecked()
    }
    isNameTargetDiscarded = false
    post(.checkpoint)
  }

  /// Opens a group: a new top-level group when none is open, or a nested level inside the
  /// innermost one.
  func openGroup(automatic: Bool) {
    if !isUndoing && !isRedoing {
      post(.checkpoint)
    }
    if let index = frames.indices.last {
      frames[index].levels.append(OpenFrame.Level(start: frames[index].actions.count))
    } else {
      frames.append(OpenFrame(kind: .user, isAutomatic: automatic))
    }
    isNameTargetDiscarded = false
    checkInvariants()
    post(.didOpenUndoGroup)
  }
}
