/// Where statements use a variable, as the parser read them: for an editor that renames a
/// parameter everywhere its procedure reads or binds it, and nowhere else.
extension Statement {
  /// Every place in the statement, and in the blocks it holds, that reads the variable numbered
  /// `index` or binds it (`let`, `repeat … as`), in the order written.
  package func sites(ofVariable index: Int) -> [SourceRange] {
    var sites: [SourceRange] = []
    visit { expression in
      sites += expression.sites(ofVariable: index)
    } binding: { name in
      if name.index == index { sites.append(name.range) }
    }
    return sites
  }

  /// Calls `expression` with each number expression of the statement and of the blocks it
  /// holds, and `binding` with each name a `let` or a `repeat … as` binds.
  private func visit(
    expression: (NumberExpression) -> Void, binding: (VariableName) -> Void
  ) {
    func text(_ value: InterpolatedText?) {
      guard case .computed(let template) = value?.form else { return }
      for case .number(let part) in template.parts { expression(part) }
    }
    func colour(_ value: ColourExpression?) {
      guard case .computed(let call) = value?.form else { return }
      call.arguments.forEach(expression)
    }
    func point(_ value: PointExpression?) {
      guard let value else { return }
      expression(value.x)
      expression(value.y)
    }
    func properties(_ value: CircleProperties) {
      point(value.center)
      value.radius.map(expression)
      colour(value.fill)
      colour(value.stroke)
      value.strokeWidth.map(expression)
      value.opacity.map(expression)
    }
    func body(_ statements: [Statement]) {
      for statement in statements { statement.visit(expression: expression, binding: binding) }
    }
    switch command {
    case .canvas(let settings):
      colour(settings.background)
      settings.scale.map(expression)
    case .add(let id, let values):
      text(id)
      properties(values)
    case .remove(let id), .front(let id), .back(let id):
      text(id)
    case .move(let id, _, let to):
      text(id)
      point(to)
    case .set(let id, let values):
      text(id)
      properties(values)
    case .clear, .return:
      break
    case .undo(let count), .redo(let count):
      count.map(expression)
    case .group(let name, let statements):
      text(name)
      body(statements)
    case .limit(let value), .seed(let value):
      expression(value)
    case .render(let path):
      text(path)
    case .expect(let expectation):
      switch expectation {
      case .count(let value): expression(value)
      case .undo(let name), .redo(let name): text(name)
      case .pixel(let at, let value, let tolerance):
        point(at)
        colour(value)
        tolerance.map(expression)
      }
    case .let(let name, let value):
      expression(value)
      binding(name)
    case .repeat(let count, let variable, let statements):
      expression(count)
      variable.map(binding)
      body(statements)
    case .if(let branches, let otherwise):
      for branch in branches {
        expression(branch.condition)
        body(branch.body)
      }
      body(otherwise ?? [])
    case .call(_, _, let arguments):
      arguments.forEach(expression)
    }
  }
}

extension NumberExpression {
  /// Where the expression reads the variable numbered `index`.
  package func sites(ofVariable index: Int) -> [SourceRange] {
    guard case .computed(let compiled) = form else { return [] }
    return compiled.code.compactMap { instruction in
      guard case .variable(let number, let site) = instruction, number == index else {
        return nil
      }
      return compiled.sites[site]
    }
  }
}

extension Procedure {
  /// Every place the procedure reads or binds the variable numbered `index`: its parameter of
  /// that number, if any, and its body.
  package func sites(ofVariable index: Int) -> [SourceRange] {
    parameters.filter { $0.index == index }.map(\.range)
      + body.flatMap { $0.sites(ofVariable: index) }
  }

  /// Why `name` cannot name a procedure, or `nil` when it can (docs/language.md,
  /// "Procedures").
  package static func nameProblem(_ name: String) -> String? {
    guard LineParser.isID(name) else {
      return "'\(name)' is not a valid procedure name; a name is a letter or '_' followed by "
        + "letters, digits, '_' or '-'"
    }
    return LineParser.procedureNameProblem(name)
  }

  /// Why `name` cannot name a parameter, or `nil` when it can.
  package static func parameterNameProblem(_ name: String) -> String? {
    guard let first = name.first, first.isNameStart, name.allSatisfy(\.isNamePart) else {
      return "'\(name)' is not a valid parameter name; a name is a letter or '_' followed by "
        + "letters, digits or '_'"
    }
    do {
      try ExpressionParser.checkVariableName(
        name, at: SourceRange.startOfFile())
      return nil
    } catch {
      return error.message
    }
  }
}
