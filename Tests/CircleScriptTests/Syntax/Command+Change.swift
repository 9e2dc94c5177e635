@testable import CircleScript

extension Command {
  /// Whether running the command changes the canvas and so makes an undo step and a frame.
  ///
  /// A group or a loop changes the canvas only if something inside it does, which is known
  /// only when it runs; it is counted here as a change.
  var isChange: Bool {
    switch self {
    case .add, .remove, .move, .set, .front, .back, .clear, .undo, .redo, .group, .repeat, .if,
      .call:
      true
    case .canvas, .limit, .render, .expect, .let, .seed, .return: false
    }
  }
}
