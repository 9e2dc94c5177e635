import CircleCanvas

/// The canvas's setup, undo and redo, and the frames a run hands to its host.
extension Interpreter {
  /// `canvas`: the size, and the scale and background, computed now if they are expressions.
  func configure(_ settings: CanvasSettings) throws(ScriptFailure) {
    let background = try settings.background.map { expression throws(ScriptFailure) in
      try colour(expression)
    }
    var scale = 1.0
    if let expression = settings.scale {
      scale = try number(expression, .positive("scale"))
      try diagnosing { () throws(Diagnostic) in
        try LineParser.checkScale(
          scale, width: settings.width, height: settings.height, shown: Point.format(scale),
          at: expression.range)
      }
    }
    do {
      try canvas.configure(
        width: settings.width, height: settings.height, scale: scale,
        background: background ?? .white)
    } catch {
      throw .error(.error(error.description, at: settings.sizeRange))
    }
  }

  /// `undo [n]` or `redo [n]`: one frame named after the last step undone or redone.
  func undo(
    count: NumberExpression?, redo: Bool, _ statement: Statement
  ) throws(ScriptFailure) {
    let verb = redo ? "redo" : "undo"
    let steps =
      try count.map { expression throws(ScriptFailure) in
        try self.count(expression, .count("\(verb) count", 1...LineParser.largestCount))
      } ?? 1
    let available = redo ? undoManager.redoCount : undoManager.undoCount
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

  func currentUndoName(fallback: String) -> String {
    let name = undoManager.undoActionName
    return name.isEmpty ? fallback : name
  }

  func produceStart(at range: SourceRange) throws(ScriptFailure) {
    hasProducedStart = true
    try produceFrame(action: "start", direction: .start, at: range, changes: [])
  }

  /// Hands a frame to the host; one made inside a top-level `repeat` or call carries it.
  ///
  /// - Parameters:
  ///   - range: the command that made the frame.
  ///   - changes: the change commands that made it, with the circles they changed: the command
  ///     itself, or those inside a group.
  func produceFrame(
    action: String, direction: Frame.Direction = .change, at range: SourceRange,
    changes: [Frame.Change]? = nil
  ) throws(ScriptFailure) {
    let frame = Frame(
      number: nextFrameNumber, action: action, state: canvas.state, direction: direction,
      range: range, anchor: anchor,
      changes: changes ?? [Frame.Change(circle: nil, range: range)], contexts: contexts)
    do {
      try host.scriptDidProduceFrame(frame)
    } catch {
      throw frame.site.failure(error)
    }
    nextFrameNumber += 1
  }

  func closeOpenGroups() {
    for _ in 0..<undoManager.groupingLevel where undoManager.groupingLevel > 0 {
      undoManager.endUndoGrouping()
    }
    undoManager.endEvent()
  }
}
