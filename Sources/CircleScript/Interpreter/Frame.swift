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
  /// Whether the frame is the start, a change, an undo or a redo.
  public var direction: Direction
  /// The command that made the frame (the `undo`, the `group`, …); for the start, the first
  /// command that is not `canvas` or `limit`, or an empty range at 1:1. Not part of the
  /// frame's value (`==` leaves it out).
  public var range: SourceRange?

  /// How a frame was reached: by the script's own change, or by going back or forth in the
  /// undo history. A group named "Undo all" is still a `change`.
  public enum Direction: String, Hashable, Sendable {
    /// Frame 0: the configured canvas before any command.
    case start
    /// A change command or a group.
    case change
    /// `undo` or `undo <n>`.
    case undo
    /// `redo` or `redo <n>`.
    case redo
  }

  /// Creates a frame; the name is made from the number and the action.
  ///
  /// - Parameters:
  ///   - number: 0 for the start, then 1, 2, …
  ///   - action: what produced it (`Add sun`, `Undo Clear`).
  ///   - state: the canvas after the action.
  ///   - direction: how it was reached; frame 0 is the start, any other a change, by default.
  ///   - range: the command that made it, if known.
  public init(
    number: Int, action: String, state: CanvasState, direction: Direction? = nil,
    range: SourceRange? = nil
  ) {
    self.number = number
    self.action = action
    self.name = FrameName.make(number: number, action: action)
    self.state = state
    self.direction = direction ?? (number == 0 ? .start : .change)
    self.range = range
  }
}

extension Frame {
  /// Frames are equal when they show the same state under the same number and action; where in
  /// the script they were made, and their direction (which the action says), are not part of
  /// the value.
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
