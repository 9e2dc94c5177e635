import CircleCanvas

extension Interpreter {
  /// Performs one change command on the canvas.
  ///
  /// - Returns: the action name to use should the canvas not have named the step.
  func performChange(_ statement: Statement) throws(ScriptFailure) -> String {
    switch statement.command {
    case .add(let id, let properties):
      return try add(id: id, properties: properties, statement)
    case .remove(let id):
      try requireCircle(id)
      try attempt(at: id.range) { () throws(CanvasError) in try canvas.remove(id: id.value) }
      return "Remove \(id.value)"
    case .move(let id, let motion, let point):
      try requireCircle(id)
      try attempt(at: point.range) { () throws(CanvasError) in
        switch motion {
        case .to: try canvas.move(id: id.value, to: point.value)
        case .by: try canvas.move(id: id.value, by: point.value)
        }
      }
      return "Move \(id.value)"
    case .set(let id, let properties):
      try requireCircle(id)
      let change = CircleChange(
        center: properties.center?.value, radius: properties.radius?.value,
        fill: properties.fill?.value, stroke: properties.stroke?.value,
        strokeWidth: properties.strokeWidth?.value, opacity: properties.opacity?.value)
      try attempt(at: id.range) { () throws(CanvasError) in
        try canvas.update(id: id.value, with: change)
      }
      return "Change \(id.value)"
    case .front(let id):
      try requireCircle(id)
      try attempt(at: id.range) { () throws(CanvasError) in try canvas.bringToFront(id: id.value) }
      return "Bring \(id.value) to Front"
    case .back(let id):
      try requireCircle(id)
      try attempt(at: id.range) { () throws(CanvasError) in try canvas.sendToBack(id: id.value) }
      return "Send \(id.value) to Back"
    case .clear:
      canvas.clear()
      return "Clear"
    default:
      throw .error(.error("this command does not change the canvas", at: statement.keyword))
    }
  }

  private func add(
    id: Located<String>?, properties: CircleProperties, _ statement: Statement
  ) throws(ScriptFailure) -> String {
    guard let center = properties.center, let radius = properties.radius else {
      throw .error(.error("'add' needs 'at <x>,<y>' and 'radius <r>'", at: statement.keyword))
    }
    let name: String
    if let id {
      if canvas.circle(withID: id.value) != nil {
        let shown = LineParser.shorten(id.value)
        let notes = additions[id.value].map {
          [Diagnostic.Note(range: $0, message: "'\(shown)' is added here")]
        }
        throw .error(
          .error("a circle named '\(shown)' already exists", at: id.range, notes: notes ?? []))
      }
      name = id.value
    } else {
      name = canvas.makeAutomaticID()
    }
    let circle = Circle(
      id: name, center: center.value, radius: radius.value, fill: properties.fill?.value ?? .black,
      stroke: properties.stroke?.value ?? .none,
      strokeWidth: properties.strokeWidth?.value ?? 1, opacity: properties.opacity?.value ?? 1)
    try attempt(at: id?.range ?? statement.keyword) { () throws(CanvasError) in
      try canvas.add(circle)
    }
    additions[name] = id?.range ?? statement.keyword
    return "Add \(name)"
  }

  /// Checks that a circle with the id exists, suggesting a near name when it does not.
  private func requireCircle(_ id: Located<String>) throws(ScriptFailure) {
    guard canvas.circle(withID: id.value) == nil else { return }
    let names = canvas.circles.map(\.id)
    throw .error(
      .error(
        "no circle named '\(LineParser.shorten(id.value))'"
          + Suggestion.didYouMean(id.value, among: names),
        at: id.range))
  }

  /// Runs a canvas call, turning its error into a diagnostic at `range`.
  private func attempt(
    at range: SourceRange, _ body: () throws(CanvasError) -> Void
  ) throws(ScriptFailure) {
    do {
      try body()
    } catch {
      throw .error(.error(error.description, at: range))
    }
  }
}
