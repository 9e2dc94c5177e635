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
  /// The command that made the frame (the `undo`, the `group`, …); for the start, the `canvas`
  /// command, or an empty range at 1:1 when there is none. Not part of the frame's value (`==`
  /// leaves it out).
  public var range: SourceRange?
  /// The outermost `repeat` or procedure call running at top level whose body made the frame,
  /// if any: where a report that names the line behind a frame points, as the loop or the call
  /// is what the script says there. Not part of the frame's value.
  package var anchor: SourceRange?
  /// The change commands that made the frame, each with the circle it changed (`nil` for
  /// `clear`, `undo` and `redo`): the command itself, or every change inside a group, so that a
  /// failure reported at a group's or a loop's line can point inside it too. Empty for the
  /// start. Not part of the frame's value.
  package var changes: [Change]
  /// The loop passes and procedure calls around the command that made the frame, outermost
  /// first: what the notes of a failure located at the frame name. Not part of the frame's
  /// value.
  package var contexts: [Context]

  /// A pass of a `repeat`, or a procedure call, around a command.
  package struct Context: Hashable, Sendable {
    /// Which of the two it is.
    package enum Kind: Hashable, Sendable {
      /// A pass of a `repeat`, counting from 0, and the loop's variable, if it has one.
      case pass(index: Int, variable: String?)
      /// A call of a procedure, `depth` calls deep: 1 for a call outside every procedure.
      case call(procedure: String, depth: Int)
    }

    /// The `repeat` keyword, or the name of the procedure where it is called.
    package var range: SourceRange
    /// The pass or the call.
    package var kind: Kind

    /// Creates a context.
    package init(range: SourceRange, kind: Kind) {
      self.range = range
      self.kind = kind
    }

    /// The most notes a failure carries from inside the first call of a chain: the innermost
    /// passes and calls, so that an error 1000 calls deep names a few of them, not a thousand.
    package static let shownInsideChain = 8

    /// The note a failure inside the context carries: `in iteration 3 of this repeat (i = 2)`,
    /// `in this call of 'tree', 4 calls deep`.
    package var note: Diagnostic.Note {
      switch kind {
      case .pass(let index, let variable):
        let value = variable.map { " (\($0) = \(index))" } ?? ""
        return Diagnostic.Note(
          range: range, message: "in iteration \(index + 1) of this repeat\(value)")
      case .call(let procedure, let depth):
        let deep = depth == 1 ? "" : ", \(depth) calls deep"
        return Diagnostic.Note(
          range: range, message: "in this call of '\(LineParser.shorten(procedure))'\(deep)")
      }
    }

    /// The notes of a failure inside `contexts` (outermost first), innermost first: every
    /// pass and call, except that from inside the first call of the chain only the innermost
    /// ``shownInsideChain`` are kept, the first call saying how many were left out.
    package static func notes(for contexts: [Context]) -> [Diagnostic.Note] {
      guard let first = contexts.firstIndex(where: \.isCall) else {
        return contexts.reversed().map(\.note)
      }
      let inside = contexts[(first + 1)...]
      var notes = inside.suffix(shownInsideChain).reversed().map(\.note)
      var start = contexts[first].note
      if inside.count > shownInsideChain {
        let calls = contexts[first...].count(where: \.isCall)
        start.message +=
          ", the first of \(calls) nested calls (\(inside.count - shownInsideChain) "
          + "notes inside it are left out)"
      }
      notes.append(start)
      return notes + contexts[..<first].reversed().map(\.note)
    }

    /// Whether it is a call.
    package var isCall: Bool {
      if case .call = kind { true } else { false }
    }
  }

  /// A change command inside what made a frame, and the circle it changed.
  package struct Change: Hashable, Sendable {
    /// The circle the command changed; `nil` when it changed no single circle.
    package var circle: String?
    /// The command.
    package var range: SourceRange

    /// Creates a change.
    package init(circle: String?, range: SourceRange) {
      self.circle = circle
      self.range = range
    }
  }

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
    self.init(
      number: number, action: action, state: state, direction: direction, range: range,
      anchor: nil, changes: [], contexts: [])
  }

  /// Creates a frame with where the interpreter made it: `anchor`, the outermost `repeat` or
  /// call whose body made it, if any, `changes`, the change commands that made it, and
  /// `contexts`, the loop passes and calls around that command.
  package init(
    number: Int, action: String, state: CanvasState, direction: Direction? = nil,
    range: SourceRange? = nil, anchor: SourceRange?, changes: [Change], contexts: [Context]
  ) {
    self.number = number
    self.action = action
    self.name = FrameName.make(number: number, action: action)
    self.state = state
    self.direction = direction ?? (number == 0 ? .start : .change)
    self.range = range
    self.anchor = anchor
    self.changes = changes
    self.contexts = contexts
  }

  /// Where the frame was asked for, to locate a failure to write it.
  package var site: OutputSite {
    OutputSite(
      output: .frame(name),
      command: range ?? SourceRange.startOfFile(),
      contexts: contexts)
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
