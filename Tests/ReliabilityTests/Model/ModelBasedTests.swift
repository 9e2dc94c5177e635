import CircleCanvas
import CircleRender
import CircleScript
import Testing

/// Random scripts run through the interpreter and through `CanvasModel`, which must agree after
/// every statement: the circles, the undo and redo names and counts, and the frames.
@Suite("Model-based scripts")
struct ModelBasedTests {
  static let seedBlocks = 0..<8
  static let scriptsPerBlock: UInt64 = 250
  static let statementsPerScript = 40

  @Test(
    "random scripts agree with the model after every statement", .timeLimit(.minutes(5)),
    arguments: seedBlocks)
  func agreeWithModel(block: Int) throws {
    let first = UInt64(block) * Self.scriptsPerBlock
    for seed in first..<first + Self.scriptsPerBlock {
      try check(seed: seed)
    }
  }

  @Test(
    "the random scripts hold loops, variables, expressions, loops inside groups, conditions and procedures"
  )
  func scriptsUseTheWholeLanguage() {
    var counts: [String: Int] = [:]
    for seed in 0..<Self.scriptsPerBlock {
      var generator = ScriptGenerator(seed: seed)
      _ = generator.canvasLine()
      for _ in 0..<Self.statementsPerScript {
        let text = generator.next().text
        for (kind, marker) in [
          ("loop", "repeat "), ("let", "let "), ("expression", "),"), ("interpolation", "{"),
          ("hsl", "hsl("), ("loop in group", "  repeat "), ("undo loop", "{\n  undo\n}"),
          ("if", "if "), ("else", "} else"), ("def", "def "), ("return", "return"),
          ("recursion", "    p"),
        ] where text.contains(marker) {
          counts[kind, default: 0] += 1
        }
      }
    }
    for kind in [
      "loop", "let", "expression", "interpolation", "hsl", "loop in group", "undo loop", "if",
      "else", "def", "return", "recursion",
    ] {
      #expect(counts[kind, default: 0] >= 20, "\(kind): \(counts)")
    }
  }

  /// Runs one random script statement by statement, then undoes and redoes everything.
  private func check(seed: UInt64) throws {
    var generator = ScriptGenerator(seed: seed)
    let host = FrameRecorder()
    let interpreter = Interpreter(host: host)
    var texts = [generator.canvasLine()]
    try interpreter.run(Parser.parse(texts[0], fileName: "model.circles"))
    // A run of a script made only of `canvas` ends with the start frame.
    var expectedActions = ["start"]
    for _ in 0..<Self.statementsPerScript {
      let statement = generator.next()
      let before = interpreter.canvas.state
      let script = try Parser.parse(statement.text, fileName: "model.circles")
      var failure: ScriptFailure?
      do { try interpreter.run(script) } catch { failure = error }
      texts.append(statement.text)
      switch statement.expectation {
      case .error:
        guard let failure, failure.isError else {
          Issue.record(
            "seed \(seed): '\(statement.text)' should fail, got \(String(describing: failure))")
          return
        }
        #expect(
          interpreter.canvas.state == before, "seed \(seed): a failed command changed the canvas")
      case .quiet:
        #expect(failure == nil, "seed \(seed): '\(statement.text)' failed: \(failure!)")
      case .frame(let action):
        #expect(failure == nil, "seed \(seed): '\(statement.text)' failed: \(failure!)")
        expectedActions.append(action)
      case .frames(let actions):
        #expect(failure == nil, "seed \(seed): '\(statement.text)' failed: \(failure!)")
        expectedActions += actions
      }
      let agrees = compare(
        interpreter, host, generator.model, expectedActions, seed, statement.text)
      if !agrees || failure != nil { break }
    }
    try checkWholeScript(texts.joined(separator: "\n"), against: host, seed: seed)
    try undoAndRedoEverything(interpreter, host, generator.model, seed: seed)
  }

  /// Whether the canvas, its history and the frames match the model; records issues if not.
  private func compare(
    _ interpreter: Interpreter, _ host: FrameRecorder, _ model: CanvasModel,
    _ actions: [String], _ seed: UInt64, _ text: String
  ) -> Bool {
    let manager = interpreter.canvas.undoManager
    let circles = interpreter.canvas.circles.map(CanvasModel.Circle.init)
    let context = "seed \(seed), after '\(text)'"
    let frameNames = actions.enumerated().map { CanvasModel.frameName(number: $0, action: $1) }
    let checks: [(Bool, String)] = [
      (circles == model.circles, "circles \(circles) != model \(model.circles)"),
      (manager.undoCount == model.undoStack.count, "undo count \(manager.undoCount)"),
      (manager.redoCount == model.redoStack.count, "redo count \(manager.redoCount)"),
      (manager.undoActionName == model.undoName, "undo name '\(manager.undoActionName)'"),
      (manager.redoActionName == model.redoName, "redo name '\(manager.redoActionName)'"),
      (manager.canUndo == !model.undoStack.isEmpty, "canUndo \(manager.canUndo)"),
      (manager.canRedo == !model.redoStack.isEmpty, "canRedo \(manager.canRedo)"),
      (host.frames.map(\.action) == actions, "frames \(host.frames.map(\.action)) != \(actions)"),
      (host.frames.map(\.name) == frameNames, "names \(host.frames.map(\.name)) != \(frameNames)"),
      (host.frames.last.map { $0.state == interpreter.canvas.state } ?? true, "last frame state"),
    ]
    for (holds, message) in checks where !holds {
      Issue.record("\(context): \(message)")
    }
    return checks.allSatisfy(\.0)
  }

  /// Running the script in one piece gives the same frames as running it statement by statement.
  private func checkWholeScript(_ text: String, against host: FrameRecorder, seed: UInt64) throws {
    let whole = FrameRecorder()
    let interpreter = Interpreter(host: whole)
    try? interpreter.run(Parser.parse(text, fileName: "model.circles"))
    #expect(whole.frames == host.frames, "seed \(seed): the whole script gave other frames")
  }

  /// Undoing every step renders the start frame again; redoing them renders the last frame.
  private func undoAndRedoEverything(
    _ interpreter: Interpreter, _ host: FrameRecorder, _ model: CanvasModel, seed: UInt64
  ) throws {
    guard let start = host.frames.first, let last = host.frames.last else { return }
    var model = model
    let final = interpreter.canvas.state
    let steps = model.undoStack.count
    guard steps > 0 else { return }
    try interpreter.run(Parser.parse("undo \(steps)", fileName: "model.circles"))
    _ = model.undo(steps)
    #expect(interpreter.canvas.circles.map(CanvasModel.Circle.init) == model.circles)
    if model.droppedSteps == 0 {
      #expect(interpreter.canvas.state == start.state, "seed \(seed): undo all is not the start")
      #expect(
        try Renderer.render(interpreter.canvas.state) == Renderer.render(start.state),
        "seed \(seed): undoing everything does not render the start frame")
    }
    try interpreter.run(Parser.parse("redo \(steps)", fileName: "model.circles"))
    #expect(interpreter.canvas.state == final, "seed \(seed): redo all is not the final state")
    #expect(
      try Renderer.render(interpreter.canvas.state) == Renderer.render(last.state),
      "seed \(seed): redoing everything does not render the last frame")
  }
}

extension CanvasModel.Circle {
  /// The model's view of a canvas circle.
  init(_ circle: CircleCanvas.Circle) {
    self.init(
      id: circle.id, x: circle.center.x, y: circle.center.y, radius: circle.radius,
      fill: Self.bytes(circle.fill), stroke: Self.bytes(circle.stroke),
      width: circle.strokeWidth, opacity: circle.opacity)
  }

  private static func bytes(_ colour: Colour) -> [UInt8] {
    [colour.red, colour.green, colour.blue, colour.alpha]
  }
}
