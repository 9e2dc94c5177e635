import CircleCanvas

extension Interpreter {
  /// Performs one change command on the canvas.
  ///
  /// - Returns: the action name to use should the canvas not have named the step.
  ///
  /// - Returns: the step's name when the undo manager has none, and the circle it changed
  ///   (`nil` for `clear`).
  func performChange(
    _ statement: Statement
  ) throws(ScriptFailure) -> (action: String, circle: String?) {
    let change = try applyChange(statement)
    try checkKeptChanges(statement)
    return change
  }

  /// Stops the run at a change past ``maximumKeptChanges``: what the undo history holds grows
  /// with every change a script makes (each keeps the inverse it registered, some hundreds of
  /// bytes), so a loop of changes inside one group would otherwise take the machine's memory.
  private func checkKeptChanges(_ statement: Statement) throws(ScriptFailure) {
    guard maximumKeptChanges > 0, undoManager.heldActionCount > maximumKeptChanges else { return }
    budgetStop = .keptChanges
    throw .error(
      .error(
        "the undo history would keep more than \(maximumKeptChanges) changes (a group keeps "
          + "every change made in it; 'limit <n>' keeps fewer steps); '--max-undo <n>' of run, "
          + "check, history, view or review raises the bound, 0 for none", at: statement.keyword))
  }

  private func applyChange(
    _ statement: Statement
  ) throws(ScriptFailure) -> (action: String, circle: String?) {
    switch statement.command {
    case .add(let id, let properties):
      let action = try add(id: id, properties: properties, statement)
      return (action, String(action.dropFirst("Add ".count)))
    case .remove(let template):
      let id = try requireCircle(template)
      try attempt(at: template.range) { () throws(CanvasError) in try canvas.remove(id: id) }
      return ("Remove \(id)", id)
    case .move(let template, let motion, let expression):
      let id = try requireCircle(template)
      let point = try point(expression)
      try attempt(at: expression.range) { () throws(CanvasError) in
        switch motion {
        case .to: try canvas.move(id: id, to: point)
        case .by: try canvas.move(id: id, by: point)
        }
      }
      return ("Move \(id)", id)
    case .set(let template, let properties):
      let id = try requireCircle(template)
      let change = try change(properties)
      try attempt(at: template.range) { () throws(CanvasError) in
        try canvas.update(id: id, with: change)
      }
      return ("Change \(id)", id)
    case .front(let template):
      let id = try requireCircle(template)
      try attempt(at: template.range) { () throws(CanvasError) in try canvas.bringToFront(id: id) }
      return ("Bring \(id) to Front", id)
    case .back(let template):
      let id = try requireCircle(template)
      try attempt(at: template.range) { () throws(CanvasError) in try canvas.sendToBack(id: id) }
      return ("Send \(id) to Back", id)
    case .clear:
      canvas.clear()
      return ("Clear", nil)
    default:
      throw .error(.error("this command does not change the canvas", at: statement.keyword))
    }
  }

  /// The values of the properties given to `add` or `set`.
  private func change(_ properties: CircleProperties) throws(ScriptFailure) -> CircleChange {
    func value(_ expression: NumberExpression?, _ rule: NumberRule) throws(ScriptFailure)
      -> Double?
    {
      guard let expression else { return nil }
      return try number(expression, rule)
    }
    func paint(_ expression: ColourExpression?) throws(ScriptFailure) -> Colour? {
      guard let expression else { return nil }
      return try colour(expression)
    }
    let center = try properties.center.map { expression throws(ScriptFailure) in
      try point(expression)
    }
    return CircleChange(
      center: center, radius: try value(properties.radius, .nonNegative("radius")),
      fill: try paint(properties.fill), stroke: try paint(properties.stroke),
      strokeWidth: try value(properties.strokeWidth, .nonNegative("width")),
      opacity: try value(properties.opacity, .between("opacity", 0, 1)))
  }

  private func add(
    id template: InterpolatedText?, properties: CircleProperties, _ statement: Statement
  ) throws(ScriptFailure) -> String {
    guard properties.center != nil, properties.radius != nil else {
      throw .error(.error("'add' needs 'at <x>,<y>' and 'radius <r>'", at: statement.keyword))
    }
    let explicit = try template.map { template throws(ScriptFailure) in try id(template) }
    if let template, let id = explicit, canvas.circle(withID: id) != nil {
      let shown = LineParser.shorten(id)
      let notes = additions[id].map {
        [Diagnostic.Note(range: $0, message: "'\(shown)' is added here")]
      }
      throw .error(
        .error("a circle named '\(shown)' already exists", at: template.range, notes: notes ?? []))
    }
    let change = try change(properties)
    let name = explicit ?? canvas.makeAutomaticID()
    let circle = Circle(
      id: name, center: change.center ?? Point(x: 0, y: 0), radius: change.radius ?? 0,
      fill: change.fill ?? .black, stroke: change.stroke ?? .none,
      strokeWidth: change.strokeWidth ?? 1, opacity: change.opacity ?? 1)
    try attempt(at: template?.range ?? statement.keyword) { () throws(CanvasError) in
      try canvas.add(circle)
    }
    additions[name] = template?.range ?? statement.keyword
    return "Add \(name)"
  }

  /// The id of a circle that must exist, suggesting a near name when it does not.
  private func requireCircle(_ template: InterpolatedText) throws(ScriptFailure) -> String {
    let id = try id(template)
    guard canvas.circle(withID: id) == nil else { return id }
    let names = canvas.circles.map(\.id)
    throw .error(
      .error(
        "no circle named '\(LineParser.shorten(id))'"
          + Suggestion.didYouMean(id, among: names),
        at: template.range))
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
