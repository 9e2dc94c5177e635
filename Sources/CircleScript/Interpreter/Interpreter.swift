import CircleCanvas
import UndoKit

/// Runs a parsed script against a canvas, one undo event per top-level command, handing each
/// new canvas state to its host as a frame.
///
/// Frame 0 is the start: the configured (or default) canvas, produced just before the first
/// command other than `canvas` and `limit`, or at the end of a script that has none. Then
/// every top-level command that changes the canvas gives one frame: `add`, `remove`, `move`,
/// `set`, `front`, `back`, `clear`, `undo`, `redo`, and a `group` in which something changed.
/// A group is one undo step named by its string; nested groups fold into the outermost one.
///
/// The first error or failed expectation stops the script: nothing after it runs. Groups left
/// open by an error are closed, so the canvas and its undo manager stay usable.
public final class Interpreter {
  /// The canvas the script draws on.
  public let canvas: Canvas
  let host: ScriptHost
  private var nextFrameNumber = 0
  private var hasProducedStart = false
  /// Where each circle was added by name, for notes on duplicate ids.
  var additions: [String: SourceRange] = [:]

  /// Creates an interpreter.
  ///
  /// - Parameters:
  ///   - canvas: the canvas to draw on; a default 512×512 white canvas unless given.
  ///   - host: receives frames and renders and answers pixel queries; held strongly.
  public init(canvas: Canvas = Canvas(), host: ScriptHost) {
    self.canvas = canvas
    self.host = host
  }

  var undoManager: UndoManager { canvas.undoManager }

  /// Runs every statement of `script` in order.
  ///
  /// - Throws: `.error` for an error in the script or from the host (exit code 2),
  ///   `.expectationFailed` for a failed `expect` (exit code 1).
  public func run(_ script: Script) throws(ScriptFailure) {
    do {
      for statement in script.statements {
        if !hasProducedStart, !isSetup(statement.command) {
          try produceStart(at: statement.range)
        }
        try runTopLevel(statement)
      }
      if !hasProducedStart {
        let start = SourceLocation(file: script.fileName, line: 1, column: 1)
        try produceStart(at: SourceRange(start: start, length: 0))
      }
    } catch {
      closeOpenGroups()
      throw error
    }
  }

  private func isSetup(_ command: Command) -> Bool {
    switch command {
    case .canvas, .limit: true
    default: false
    }
  }

  private func runTopLevel(_ statement: Statement) throws(ScriptFailure) {
    switch statement.command {
    case .canvas(let settings):
      try configure(settings)
    case .undo(let count):
      try undo(count: count, redo: false, statement)
    case .redo(let count):
      try undo(count: count, redo: true, statement)
    case .group(let name, let body):
      var changed = false
      try canvas.group(name.value) { () throws(ScriptFailure) in
        try runBody(body, changed: &changed, depth: 1)
      }
      undoManager.endEvent()
      if changed {
        try produceFrame(action: currentUndoName(fallback: name.value), at: statement.range)
      }
    case .limit, .render, .expect:
      try runSideCommand(statement)
    case .add, .remove, .move, .set, .front, .back, .clear:
      let fallback = try performChange(statement)
      undoManager.endEvent()
      try produceFrame(action: currentUndoName(fallback: fallback), at: statement.range)
    }
  }

  /// Runs the statements of a group; sets `changed` when one of them changed the canvas.
  private func runBody(
    _ body: [Statement], changed: inout Bool, depth: Int
  ) throws(ScriptFailure) {
    for statement in body {
      switch statement.command {
      case .group(_, let inner):
        guard depth < Parser.maximumGroupDepth else {
          throw .error(
            .error(
              "groups nested too deeply; at most \(Parser.maximumGroupDepth) levels are allowed",
              at: statement.keyword))
        }
        try canvas.group("") { () throws(ScriptFailure) in
          try runBody(inner, changed: &changed, depth: depth + 1)
        }
      case .limit, .render, .expect:
        try runSideCommand(statement)
      case .add, .remove, .move, .set, .front, .back, .clear:
        _ = try performChange(statement)
        changed = true
      case .canvas, .undo, .redo:
        throw .error(
          .error(
            "'\(statement.command.word)' cannot be used inside a group", at: statement.keyword))
      }
    }
  }

  /// Runs a command that changes neither the canvas nor the undo history.
  private func runSideCommand(_ statement: Statement) throws(ScriptFailure) {
    switch statement.command {
    case .limit(let levels):
      undoManager.levelsOfUndo = levels.value
    case .render(let path):
      do {
        try host.scriptRender(canvas.state, toPath: path.value, at: statement.range)
      } catch {
        throw .error(
          .error("cannot render '\(path.value)': \(error)", at: path.range))
      }
    case .expect(let expectation):
      try check(expectation, statement)
    default:
      break
    }
  }

  private func configure(_ settings: CanvasSettings) throws(ScriptFailure) {
    do {
      try canvas.configure(
        width: settings.width, height: settings.height, scale: settings.scale?.value ?? 1,
        background: settings.background?.value ?? .white)
    } catch {
      throw .error(.error(error.description, at: settings.sizeRange))
    }
  }

  /// `undo [n]` or `redo [n]`: one frame named after the last step undone or redone.
  private func undo(
    count: Located<Int>?, redo: Bool, _ statement: Statement
  ) throws(ScriptFailure) {
    let steps = count?.value ?? 1
    let available = redo ? undoManager.redoCount : undoManager.undoCount
    let verb = redo ? "redo" : "undo"
    guard available >= steps else {
      let message =
        switch (steps, available) {
        case (1, _): "nothing to \(verb)"
        case (_, 0): "cannot \(verb) \(steps) steps: nothing to \(verb)"
        default: "cannot \(verb) \(steps) steps: only \(available) available"
        }
      throw .error(.error(message, at: count?.range ?? statement.keyword))
    }
    for _ in 0..<steps {
      if redo { undoManager.redo() } else { undoManager.undo() }
    }
    let last = redo ? undoManager.undoActionName : undoManager.redoActionName
    try produceFrame(
      action: (redo ? "Redo " : "Undo ") + last, direction: redo ? .redo : .undo,
      at: statement.range)
  }

  private func currentUndoName(fallback: String) -> String {
    let name = undoManager.undoActionName
    return name.isEmpty ? fallback : name
  }

  private func produceStart(at range: SourceRange) throws(ScriptFailure) {
    hasProducedStart = true
    try produceFrame(action: "start", direction: .start, at: range)
  }

  private func produceFrame(
    action: String, direction: Frame.Direction = .change, at range: SourceRange
  ) throws(ScriptFailure) {
    let frame = Frame(
      number: nextFrameNumber, action: action, state: canvas.state, direction: direction,
      range: range)
    do {
      try host.scriptDidProduceFrame(frame)
    } catch {
      throw .error(.error("cannot write frame '\(frame.name)': \(error)", at: range))
    }
    nextFrameNumber += 1
  }

  private func closeOpenGroups() {
    for _ in 0..<undoManager.groupingLevel where undoManager.groupingLevel > 0 {
      undoManager.endUndoGrouping()
    }
    undoManager.endEvent()
  }
}
