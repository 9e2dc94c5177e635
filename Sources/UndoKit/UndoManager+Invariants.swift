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
    if levelsOfUndo > 0, undoStack.count > levelsOfUndo || redoStack.count > levelsOfUndo {
      problems.append("a stack exceeds levelsOfUndo")
    }
    if disableCount < 0 { problems.append("negative disable count") }
    if !inFlight.isEmpty && activity == nil { problems.append("actions run outside undo") }
    switch frames.map(\.kind) {
    case [], [.user], [.undoing], [.redoing], [.user, .undoing]: break
    default: problems.append("unexpected open groups \(frames.map(\.kind))")
    }
    if activity == nil, frames.count > 1 || frames.contains(where: { $0.kind != .user }) {
      problems.append("an undo or redo group open outside undo and redo")
    }
    for (position, frame) in frames.enumerated() {
      if frame.isAutomatic && (position != 0 || frame.kind != .user) {
        problems.append("automatic group that is not a top-level user group")
      }
      let recording = frame.levels.filter(\.recordsRedo).count
      if recording > (activity == .redoing && frame.kind == .user ? 1 : 0) {
        problems.append("a redo's level where no redo runs")
      }
      problems += levelViolations(frame)
    }
    return problems
  }

  private func levelViolations(_ frame: OpenFrame) -> [String] {
    guard let first = frame.levels.first, first.start == 0 else {
      return ["open group without its outer level"]
    }
    var problems: [String] = []
    for (depth, level) in frame.levels.enumerated() {
      let end =
        depth + 1 < frame.levels.count ? frame.levels[depth + 1].start : frame.actions.count
      if level.start > end || end > frame.actions.count {
        problems.append("level \(depth) starts out of order")
      }
      var previousEnd = level.start
      for child in level.children {
        if child.lowerBound < previousEnd || child.upperBound > end {
          problems.append("level \(depth) holds a nested group out of range")
        }
        previousEnd = child.upperBound
      }
    }
    return problems
  }
}
