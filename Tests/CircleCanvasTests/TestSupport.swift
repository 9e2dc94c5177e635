import CircleCanvas
import UndoKit

/// Three circles back to front: `a`, `b`, `c`.
func threeCircles() -> CanvasState {
  CanvasState(
    width: 200, height: 100,
    circles: [
      Circle(id: "a", center: Point(x: 10, y: 20), radius: 5),
      Circle(
        id: "b", center: Point(x: 30, y: 40), radius: 7, fill: Colour(red: 200, green: 0, blue: 0),
        stroke: Colour(red: 0, green: 0, blue: 90), strokeWidth: 2, opacity: 0.5),
      Circle(id: "c", center: Point(x: 0.3, y: -0.1), radius: 0),
    ])
}

extension Canvas {
  /// Runs one command as one event, as the script runner does.
  func step(_ body: (Canvas) throws -> Void) rethrows {
    defer { undoManager.endEvent() }
    try body(self)
  }
}
