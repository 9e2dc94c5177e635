/// `if` chains and procedures (docs/language.md, "if and else", "Procedures") for the random
/// scripts, each predicted on the model as if its chosen branch, or each call's body, were
/// written out.
extension ScriptGenerator {
  /// A condition whose value is known here: a comparison of numbers and variables, perhaps
  /// negated or joined with `and` / `or`, evaluated as the interpreter evaluates it.
  mutating func condition() -> (text: String, holds: Bool) {
    func comparison(_ generator: inout ScriptGenerator) -> (String, Bool) {
      let a = Double(Int.random(in: -3...3, using: &generator.random))
      let (left, value) =
        generator.random.chance(0.5) ? generator.number(a) : generator.expression(around: a)
      let b = Double(Int.random(in: -3...3, using: &generator.random))
      let operators: [(String, (Double, Double) -> Bool)] = [
        ("<", (<)), ("<=", (<=)), (">", (>)), (">=", (>=)), ("==", (==)), ("!=", (!=)),
      ]
      let (symbol, holds) = generator.random.pick(operators)
      return ("\(left) \(symbol) \(generator.format(b))", holds(value, b))
    }
    var (text, holds) = comparison(&self)
    if random.chance(0.2) {
      text = "not " + text
      holds.toggle()
    }
    if random.chance(0.3) {
      let (other, otherHolds) = comparison(&self)
      let joinsWithAnd = random.chance(0.5)
      text += (joinsWithAnd ? " and " : " or ") + other
      holds = joinsWithAnd ? holds && otherHolds : holds || otherHolds
    }
    return (text, holds)
  }

  /// A top-level `if`, with `else if`s and an `else` or not: only the first true branch's change
  /// is a step and a frame.
  mutating func conditional() -> Statement {
    var lines: [String] = []
    var chosen: (text: String, model: CanvasModel)?
    let start = model
    let branches = Int.random(in: 1...3, using: &random)
    for branch in 0..<branches {
      let (condition, holds) = self.condition()
      lines.append((branch == 0 ? "if " : "} else if ") + condition + " {")
      let (text, action) = change()
      lines.append("  " + text)
      if holds, chosen == nil { chosen = (action, model) }
      model = start
    }
    if random.chance(0.5) {
      lines.append("} else {")
      let (text, action) = change()
      lines.append("  " + text)
      if chosen == nil { chosen = (action, model) }
      model = start
    }
    lines.append("}")
    let text = lines.joined(separator: "\n")
    guard let chosen else { return Statement(text: text, expectation: .quiet) }
    model = chosen.model
    model.commit(chosen.text, before: start.circles)
    return Statement(text: text, expectation: .frame(chosen.text))
  }

  /// A procedure of one parameter `n` and calls of it, in one statement: lines that use `n` (as
  /// a loop's body does its variable), perhaps a `return` when `n` passes a bound, perhaps a
  /// call of itself with `n - 1` while `n > 0`. Each call's changes are steps and frames of
  /// their own, in order.
  mutating func procedure() -> Statement {
    procedures += 1
    let name = "p\(procedures)"
    let templates = loopBody(variable: "n", depth: 1)
    let bound = Int.random(in: 0...3, using: &random)
    let returns = templates.count > 1 && random.chance(0.4)
    let recurses = random.chance(0.35)
    var lines = ["def \(name)(n) {", templates[0].text]
    if returns { lines += ["  if n > \(bound) {", "    return", "  }"] }
    lines += templates.dropFirst().map(\.text)
    if recurses { lines += ["  if n > 0 {", "    \(name)(n - 1)", "  }"] }
    lines.append("}")
    // Distinct arguments, so that each call adds circles of its own; a recursive call's chain
    // covers every value below its argument, so it is called once.
    var arguments = Array(0...6).shuffled(using: &random).prefix(
      Int.random(in: 1...3, using: &random))
    if recurses { arguments = arguments.prefix(1) }
    var actions: [String] = []
    for argument in arguments {
      lines.append("\(name)(\(argument))")
      var value = argument
      while true {
        var returned = false
        for (index, template) in templates.enumerated() {
          if returns, index == 1, value > bound {
            returned = true
            break
          }
          let before = model.circles
          if let action = template.apply(&self, value) {
            model.commit(action, before: before)
            actions.append(action)
          }
        }
        guard recurses, !returned, value > 0 else { break }
        value -= 1
      }
    }
    return Statement(
      text: lines.joined(separator: "\n"), expectation: actions.isEmpty ? .quiet : .frames(actions))
  }
}
