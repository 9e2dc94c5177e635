import CircleCanvas

/// One canvas state to output: the start, or the state after a command that changed the canvas.
public struct Frame: Hashable, Sendable {
  /// 0 for the start, then 1, 2, … in order.
  public var number: Int
  /// What produced the frame: `start`, `Add sun`, `Undo Clear`, `Batch edit`.
  public var action: String
  /// The file name without extension: `0000-start`, `0001-add-sun`, `0004-undo-clear`.
  public var name: String
  /// The canvas as it is after the action.
  public var state: CanvasState
  /// The command that made the frame (the `undo`, the `group`, …); for the start, the first
  /// command that is not `canvas` or `limit`, or an empty range at 1:1. Not part of the
  /// frame's value (`==` leaves it out).
  public var range: SourceRange?

  /// Creates a frame; the name is made from the number and the action.
  public init(number: Int, action: String, state: CanvasState, range: SourceRange? = nil) {
    self.number = number
    self.action = action
    self.name = FrameName.make(number: number, action: action)
    self.state = state
    self.range = range
  }
}

extension Frame {
  /// Frames are equal when they show the same state under the same number and action; where in
  /// the script they were made is not part of the value.
  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    lhs.number == rhs.number && lhs.action == rhs.action && lhs.name == rhs.name
      && lhs.state == rhs.state
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(action)
    hasher.combine(state)
  }
}
