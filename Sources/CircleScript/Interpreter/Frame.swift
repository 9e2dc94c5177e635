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
  public init(number: Int, action: String, state: CanvasState, direction: Direction? = nil) {
    self.number = number
    self.action = action
    self.name = FrameName.make(number: number, action: action)
    self.state = state
    self.direction = direction ?? (number == 0 ? .start : .change)
  }
}
