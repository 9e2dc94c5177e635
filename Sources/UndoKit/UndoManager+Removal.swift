/// Removing recorded operations.
extension UndoManager {
  /// Empties the stacks and open groups and re-enables registration.
  ///
  /// During an undo or redo, the group it records is kept, emptied, so that the running handlers
  /// still have a group to register into; it is dropped at the end if they register nothing.
  func removeEverything() {
    undoStack.removeAll()
    redoStack.removeAll()
    disableCount = 0
    if let activity {
      keepsEmptyRecording = false
      let recording = frames.last.map { $0.kind == .user ? OpenFrame(kind: .redoing) : $0 }
      frames = [
        OpenFrame(
          kind: activity == .undoing ? .undoing : .redoing, name: recording?.name ?? "",
          userInfo: recording?.userInfo ?? [:])
      ]
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
    undoStack.compactMapInPlace { removing(target, from: $0) }
    redoStack.compactMapInPlace { removing(target, from: $0) }
    for index in frames.indices {
      removeActions(of: target, from: &frames[index])
    }
    checkInvariants()
  }

  /// The group without the target's operations; `nil` when the removal left it empty.
  private func removing(_ target: AnyObject, from group: UndoGroup) -> UndoGroup? {
    var group = group
    let count = group.actions.count
    group.actions.removeAll { $0.belongs(to: target) }
    return count > 0 && group.actions.isEmpty ? nil : group
  }

  /// Removes operations from an open group, moving the recorded level boundaries and nested
  /// groups with them; nested groups the removal empties disappear.
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
      frame.levels[index].children = frame.levels[index].children.compactMap { child in
        let moved = newIndex[child.lowerBound]..<newIndex[child.upperBound]
        return !child.isEmpty && moved.isEmpty ? nil : moved
      }
    }
  }
}
