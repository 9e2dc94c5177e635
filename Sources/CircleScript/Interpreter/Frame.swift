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

  /// Creates a frame; the name is made from the number and the action.
  public init(number: Int, action: String, state: CanvasState) {
    self.number = number
    self.action = action
    self.name = FrameName.make(number: number, action: action)
    self.state = state
  }
}
