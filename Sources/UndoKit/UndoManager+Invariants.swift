/// Consistency checks of the stacks and open groups, run after each change in debug builds.
extension UndoManager {
  /// Stops a debug build when the manager's storage is inconsistent; does nothing in release.
  func checkInvariants() {
    #if DEBUG
      let violations = invariantViolations()
      assert(violations.isEmpty, "UndoManager invariants: \(violations.joined(separator: "; "))")
    #endif
  }

  /// Describes each way the storage breaks its rules; empty when consistent.
  func invariantViolations() -> [String] {
    var problems: [String] = []
    if undoStack.contains(where: { $0.actions.isEmpty }) { problems.append("empty undo group") }
    if redoStack.contains(where: { $0.actions.isEmpty }) { problems.append("empty redo group") }
    if levelsOfUndo > 0, undoStack.count > levelsOfUndo || redoStack.count > levelsOfUndo {
      problems.append("a stack exceeds levelsOfUndo")
    }
    if disableCount < 0 { problems.append("negative disable count") }
    if !inFlight.isEmpty && !isUndoing && !isRedoing { problems.append("actions run outside undo") }
    switch frames.map(\.kind) {
    case [], [.user], [.undoing], [.redoing], [.user, .undoing]: break
    default: problems.append("unexpected open groups \(frames.map(\.kind))")
    }
    for (position, frame) in frames.enumerated() {
      if frame.isAutomatic && (position != 0 || frame.kind != .user) {
        problems.append("automatic group that is not a top-level user group")
      }
      problems += levelViolations(frame, innermost: position == frames.count - 1)
    }
    return problems
  }

  private func levelViolations(_ frame: OpenFrame, innermost: Bool) -> [String] {
    guard let first = frame.levels.first, first.start == 0 else {
      return ["open group without its outer level"]
    }
    var problems: [String] = []
    var previousStart = 0
    for (depth, level) in frame.levels.enumerated() {
      if level.start < previousStart || level.start > frame.actions.count {
        problems.append("level \(depth) starts out of order")
      }
      previousStart = level.start
      if let range = level.lastClosedChild {
        let atEnd = depth == frame.levels.count - 1 && innermost
        if range.lowerBound < level.start || range.upperBound > frame.actions.count
          || (atEnd && range.upperBound != frame.actions.count)
        {
          problems.append("level \(depth) remembers a nested group out of range")
        }
      }
    }
    return problems
  }
}
