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

/// How frames are named (SPEC §4).
public enum FrameName {
  /// The action in lower case, each run of characters other than `a`–`z` and `0`–`9`
  /// turned into one `-`, with no `-` at either end: `Undo Clear` → `undo-clear`.
  public static func slug(_ action: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in action.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingDash, !slug.isEmpty { slug.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return slug
  }

  /// The frame's number with at least four digits, `-`, and the slug of its action:
  /// `make(number: 4, action: "Undo Clear")` is `0004-undo-clear`.
  ///
  /// An action whose slug is empty gives the number alone.
  public static func make(number: Int, action: String) -> String {
    var digits = String(number)
    if digits.count < 4 { digits = String(repeating: "0", count: 4 - digits.count) + digits }
    let slug = slug(action)
    return slug.isEmpty ? digits : digits + "-" + slug
  }
}
