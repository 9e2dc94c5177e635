/// Removing recorded operations.
extension UndoManager {
  /// Empties the stacks and open groups and re-enables registration.
  func removeEverything() {
    undoStack.removeAll()
    redoStack.removeAll()
    disableCount = 0
    isNameTargetDiscarded = false
    if let running = frames.last, running.kind != .user {
      frames = [OpenFrame(kind: running.kind, name: running.name, userInfo: running.userInfo)]
    } else {
      frames.removeAll()
    }
    checkInvariants()
  }

  /// Removes the operations registered with `target` everywhere, including those of a running
  /// undo or redo that have not run yet.
  func removeActions(of target: AnyObject) {
    for action in inFlight where action.belongs(to: target) {
      action.isCancelled = true
    }
    undoStack = undoStack.compactMap { removing(target, from: $0) }
    redoStack = redoStack.compactMap { removing(target, from: $0) }
    for index in frames.indices {
      removeActions(of: target, from: &frames[index])
    }
    checkInvariants()
  }

  private func removing(_ target: AnyObject, from group: UndoGroup) -> UndoGroup? {
    var group = group
    group.actions.removeAll { $0.belongs(to: target) }
    return group.actions.isEmpty ? nil : group
  }

  /// Removes operations from an open group, moving the recorded level boundaries with them.
  private func removeActions(of target: AnyObject, from frame: inout OpenFrame) {
    var newIndex: [Int] = []
    newIndex.reserveCapacity(frame.actions.count + 1)
    var kept = 0
    for action in frame.actions {
      newIndex.append(kept)
      if !action.belongs(to: target) { kept += 1 }
    }
    newIndex.append(kept)
    frame.actions.removeAll { $0.belongs(to: target) }
    for index in frame.levels.indices {
      frame.levels[index].start = newIndex[frame.levels[index].start]
      if let range = frame.levels[index].lastClosedChild {
        frame.levels[index].lastClosedChild =
          newIndex[range.lowerBound]..<newIndex[range.upperBound]
      }
    }
  }
}
