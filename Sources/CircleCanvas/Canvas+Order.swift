import UndoKit

/// Changes of drawing order, and clearing.
extension Canvas {
  /// Draws a circle above all others; the step is named `Bring <id> to Front`.
  ///
  /// The step is recorded even when the circle is already at the front.
  ///
  /// - Throws: `CanvasError.unknownID` when there is no such circle.
  public func bringToFront(id: String) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    recordingStep {
      reorder(from: index, to: state.circles.count - 1)
      nameStep("Bring \(id) to Front")
    }
  }

  /// Draws a circle below all others; the step is named `Send <id> to Back`.
  ///
  /// The step is recorded even when the circle is already at the back.
  ///
  /// - Throws: `CanvasError.unknownID` when there is no such circle.
  public func sendToBack(id: String) throws(CanvasError) {
    guard let index = index(ofID: id) else { throw .unknownID(id) }
    recordingStep {
      reorder(from: index, to: 0)
      nameStep("Send \(id) to Back")
    }
  }

  /// Removes every circle as one undo group named `Clear`.
  ///
  /// The group is recorded even on an empty canvas, and even when `groupsByEvent` is off or a
  /// group is already open (it then nests in that group). Undo restores every circle, in order,
  /// from a snapshot; redo clears again.
  public func clear() {
    recordingStep {
      let grouped = !undoManager.isUndoing && !undoManager.isRedoing
      if grouped { undoManager.beginUndoGrouping() }
      let snapshot = editCircles { circles in
        defer { circles = [] }
        return circles
      }
      undoManager.registerUndo(withTarget: self) { canvas in
        canvas.restore(snapshot)
      }
      nameStep("Clear")
      if grouped { undoManager.endUndoGrouping() }
    }
  }

  /// Moves the circle at one z-position to another and registers moving it back.
  func reorder(from source: Int, to destination: Int) {
    reorderCircles(from: min(source, destination)) { circles in
      circles.insert(circles.remove(at: source), at: destination)
    }
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.reorder(from: destination, to: source)
    }
  }

  /// Puts back the circles a `clear()` removed and registers clearing again.
  func restore(_ snapshot: [Circle]) {
    assert(state.circles.isEmpty, "restoring a cleared canvas that is not empty")
    editCircles { $0 = snapshot }
    undoManager.registerUndo(withTarget: self) { canvas in
      canvas.clear()
    }
  }
}
