import CircleCanvas
import CircleSystem

extension Interpreter {
  /// Checks an `expect` command against the canvas, its undo history or its pixels.
  func check(_ expectation: Expectation, _ statement: Statement) throws(ScriptFailure) {
    let failure = { (message: String) -> ScriptFailure in
      .expectationFailed(.error(message, at: statement.range))
    }
    switch expectation {
    case .count(let expression):
      let expected = try count(expression, .count("count", 0...LineParser.largestCount))
      let found = canvas.circles.count
      guard found == expected else {
        throw failure(
          "expected \(Self.circles(expected)), found \(found == 0 ? "none" : String(found))")
      }
    case .undo(let name):
      let current = undoManager.canUndo ? undoManager.undoActionName : nil
      try compare(try name.map(text), with: current, verb: "undo", failure)
    case .redo(let name):
      let current = undoManager.canRedo ? undoManager.redoActionName : nil
      try compare(try name.map(text), with: current, verb: "redo", failure)
    case .pixel(let pointExpression, let colourExpression, let toleranceExpression):
      let point = try point(pointExpression)
      let colour = try colour(colourExpression)
      let limit =
        try toleranceExpression.map { expression throws(ScriptFailure) in
          try count(expression, .count("tolerance", 0...255))
        } ?? 0
      let state = canvas.state
      let x = (point.x * state.scale).rounded(.down)
      let y = (point.y * state.scale).rounded(.down)
      guard x >= 0, y >= 0, x < Double(state.pixelWidth), y < Double(state.pixelHeight) else {
        throw .error(
          .error(
            "point \(point) is outside the \(state.width)x\(state.height) canvas",
            at: pointExpression.range))
      }
      let found: Colour
      do {
        found = try host.scriptPixel(in: state, x: Int(x), y: Int(y))
      } catch {
        throw .error(.error("cannot read pixel at \(point): \(error)", at: statement.range))
      }
      guard Self.distance(found, colour) <= limit else {
        let within = limit > 0 ? " within \(limit)" : ""
        throw failure(
          "expected pixel at \(point) to be \(colour)\(within), found \(found)")
      }
    }
  }

  private func compare(
    _ expected: String?, with current: String?, verb: String,
    _ failure: (String) -> ScriptFailure
  ) throws(ScriptFailure) {
    guard expected != current else { return }
    let wanted = expected.map { "the next \(verb) to be '\($0)'" } ?? "nothing to \(verb)"
    let found = current.map { "'\($0)'" } ?? "nothing to \(verb)"
    throw failure("expected \(wanted), found \(found)")
  }

  /// The largest difference between two colours over the four straight-alpha channels.
  static func distance(_ a: Colour, _ b: Colour) -> Int {
    let pairs = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)]
    return pairs.map { abs(Int($0.0) - Int($0.1)) }.max() ?? 0
  }

  private static func circles(_ count: Int) -> String {
    Plural.count(count, "circle")
  }
}
