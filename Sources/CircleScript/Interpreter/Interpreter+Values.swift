import CircleCanvas

/// The values of a command's positions, computed as it runs.
extension Interpreter {
  /// The value of a number position, checked against its rule; a number written as such was
  /// checked when the script was parsed.
  func number(_ expression: NumberExpression, _ rule: NumberRule) throws(ScriptFailure) -> Double {
    if let value = expression.constant { return value }
    return try diagnosing { () throws(Diagnostic) in
      let value = try evaluator.evaluate(expression)
      try rule.checkComputed(value, at: expression.range)
      return value
    }
  }

  /// The value of a count position, a whole number within the rule's bounds.
  func count(_ expression: NumberExpression, _ rule: NumberRule) throws(ScriptFailure) -> Int {
    Int(try number(expression, rule))
  }

  /// The value of a point position.
  func point(_ expression: PointExpression) throws(ScriptFailure) -> Point {
    if let point = expression.constant { return point }
    return Point(x: try number(expression.x, .any), y: try number(expression.y, .any))
  }

  /// The value of a colour position: `rgb()` and `hsl()` are computed from their arguments.
  func colour(_ expression: ColourExpression) throws(ScriptFailure) -> Colour {
    let (name, arguments): (String, [NumberExpression])
    switch expression.form {
    case .literal(let colour): return colour
    case .computed(let call): (name, arguments) = (call.name, call.arguments)
    }
    var values: [Double] = []
    for (argument, rule) in zip(arguments, ColourFunction.rules(name, count: arguments.count)) {
      values.append(try number(argument, rule))
    }
    return ColourFunction.colour(name, values)
  }

  /// The text of an id, string or path, with each interpolation written in as a whole number.
  func text(_ template: InterpolatedText) throws(ScriptFailure) -> String {
    switch template.form {
    case .literal(let text):
      return text
    case .computed(let pieces):
      var text = ""
      for part in pieces.parts {
        switch part {
        case .text(let piece): text += piece
        case .number(let expression):
          let value = try number(expression, LineParser.interpolationRule)
          text += String(Int(value))
        }
      }
      return text
    }
  }

  /// The value of an id position; one made by interpolation is checked to be an id.
  func id(_ template: InterpolatedText) throws(ScriptFailure) -> String {
    let id = try text(template)
    if template.constant == nil {
      try diagnosing { () throws(Diagnostic) in
        try LineParser.checkID(id, at: template.range)
      }
    }
    return id
  }

  /// Runs `body`, turning its diagnostic into a script error.
  func diagnosing<Value>(_ body: () throws(Diagnostic) -> Value) throws(ScriptFailure) -> Value {
    do {
      return try body()
    } catch {
      throw .error(error)
    }
  }
}
