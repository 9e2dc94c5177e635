import UndoKit

/// Steps: one per change, or several changes as one named step.
extension Canvas {
  /// Runs `body` so that every change it makes is part of one undo step named `name`.
  ///
  /// The step's undo group opens at the first change, so a body that changes nothing records no
  /// step at all (and leaves the redo stack alone). Groups nest: an inner group is part of the
  /// outer one, whose name wins. When `body` throws, the changes it made before stay one step and
  /// the error is passed on.
  ///
  /// ```swift
  /// let canvas = Canvas()
  /// try canvas.group("Pair") {
  ///   try canvas.add(Circle(id: "a", center: Point(x: 10, y: 10), radius: 4))
  ///   try canvas.add(Circle(id: "b", center: Point(x: 30, y: 10), radius: 4))
  /// }
  /// canvas.undoManager.undoMenuItemTitle  // "Undo Pair"
  /// ```
  ///
  /// With a manager of the caller's that groups by event, the step is part of the current
  /// event's group, as with Apple's manager: the host ends the event with `endEvent()`.
  ///
  /// - Parameters:
  ///   - name: the step's action name; an empty name leaves the name to the changes.
  ///   - body: the changes.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  public func group<Result, Failure: Error>(
    _ name: String, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    openGroups.append(false)
    defer {
      if openGroups.removeLast() {
        undoManager.endUndoGrouping()
        if !name.isEmpty { undoManager.setActionName(name) }
      }
    }
    return try body()
  }

  /// Records one change: opens the groups ``group(_:_:)`` asked for, and, when the canvas owns
  /// its manager and no group is open, makes the change a step of its own.
  ///
  /// An undo or redo running the change's inverse records into its own group instead.
  func recordingStep(_ change: () -> Void) {
    guard !undoManager.isUndoing, !undoManager.isRedoing else {
      change()
      return
    }
    for index in openGroups.indices where !openGroups[index] {
      undoManager.beginUndoGrouping()
      openGroups[index] = true
    }
    let ownStep = ownsUndoManager && undoManager.groupingLevel == 0
    if ownStep { undoManager.beginUndoGrouping() }
    change()
    if ownStep {
      undoManager.endUndoGrouping()
      // The caller may have turned grouping by event back on: end the event too.
      if undoManager.groupsByEvent { undoManager.endEvent() }
    }
  }
}
