/// Loops, variables and expressions for the random scripts, predicted by the model on its own
/// terms: a loop is its body written out once per pass, a variable is a value in a dictionary,
/// and an expression's value is the same arithmetic done here in the same order.
extension ScriptGenerator {
  /// `let <name> = <expression>`: a new value for a variable, no frame.
  mutating func assignment() -> Statement {
    let name = random.pick(["size", "dx", "r", "half_w", "k"])
    let whole = Double(Int.random(in: -5...30, using: &random))
    let (text, value) = random.chance(0.5) ? number(whole) : expression(around: whole)
    variables[name] = value
    return Statement(text: "let \(name) = \(text)", expectation: .quiet)
  }

  /// A top-level `repeat`: each change in its body is a step and a frame of its own.
  mutating func loop() -> Statement {
    let count = Int.random(in: 0...4, using: &random)
    let name = random.pick(["i", "n", "step"])
    if !model.undoStack.isEmpty, random.chance(0.2) {
      let times = min(count, model.undoStack.count)
      var actions: [String] = []
      for _ in 0..<times { actions.append("Undo " + model.undo(1)) }
      if times > 0 { variables[name] = Double(times - 1) }
      return Statement(
        text: "repeat \(times) as \(name) {\n  undo\n}",
        expectation: actions.isEmpty ? .quiet : .frames(actions))
    }
    let templates = loopBody(variable: name, depth: 1)
    var actions: [String] = []
    for pass in 0..<count {
      variables[name] = Double(pass)
      for template in templates {
        let before = model.circles
        if let action = template.apply(&self, pass) {
          model.commit(action, before: before)
          actions.append(action)
        }
      }
    }
    let lines = templates.map(\.text).joined(separator: "\n")
    return Statement(
      text: "repeat \(count) as \(name) {\n\(lines)\n}",
      expectation: actions.isEmpty ? .quiet : .frames(actions))
  }

  /// A `repeat` inside a group: its changes belong to the group. Returns whether it changed
  /// anything.
  mutating func loopInGroup(into lines: inout [String], depth: Int) -> Bool {
    let count = Int.random(in: 0...3, using: &random)
    let name = random.pick(["j", "m"])
    let templates = loopBody(variable: name, depth: depth + 1)
    var changed = false
    for pass in 0..<count {
      variables[name] = Double(pass)
      for template in templates where template.apply(&self, pass) != nil { changed = true }
    }
    let indent = String(repeating: "  ", count: depth)
    lines.append(indent + "repeat \(count) as \(name) {")
    lines.append(contentsOf: templates.map { indent + $0.text })
    lines.append(indent + "}")
    return changed
  }

  /// One line of a loop's body and what it does to the model on pass `pass`, with the step's
  /// name when it makes a step of its own.
  struct Template {
    var text: String
    var apply: (inout ScriptGenerator, Int) -> String?
  }

  /// Lines that hold on every pass: an `add` of an id made of the loop variable (new on each
  /// pass), moves and changes of circles that were there before the loop, and a group.
  mutating func loopBody(variable name: String, depth: Int) -> [Template] {
    let indent = String(repeating: "  ", count: depth)
    let existing = model.circles.map(\.id)
    var templates: [Template] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let dx = Double(Int.random(in: -3...3, using: &random))
      let kind = existing.isEmpty ? 0 : Int.random(in: 0..<4, using: &random)
      switch kind {
      case 1:
        let id = random.pick(existing)
        templates.append(
          Template(text: "\(indent)move \(id) by (\(name) * \(format(dx))),(1 - \(name))") {
            generator, pass in
            let index = generator.model.index(of: id)!
            generator.model.circles[index].x += Double(pass) * dx
            generator.model.circles[index].y += 1 - Double(pass)
            return "Move \(id)"
          })
      case 2:
        let id = random.pick(existing)
        let colour = random.pick(hueColours)
        templates.append(
          Template(
            text:
              "\(indent)set \(id) r (\(name) % 3 + .5) fill hsl((\(name) * 360 + \(colour.hue)), 100%, 50%)"
          ) { generator, pass in
            let index = generator.model.index(of: id)!
            generator.model.circles[index].radius =
              Double(pass).truncatingRemainder(dividingBy: 3) + 0.5
            generator.model.circles[index].fill = colour.rgba
            return "Change \(id)"
          })
      case 3:
        let id = random.pick(existing)
        templates.append(
          Template(
            text: "\(indent)group \"Lift {\(name) + 1}\" {\n\(indent)  front \(id)\n\(indent)}"
          ) {
            generator, pass in
            let index = generator.model.index(of: id)!
            generator.model.circles.append(generator.model.circles.remove(at: index))
            return "Lift \(pass + 1)"
          })
      default:
        loops += 1
        let prefix = "l\(loops)x"
        let x = Double(Int.random(in: 0...40, using: &random))
        templates.append(
          Template(
            text:
              "\(indent)add \(prefix){\(name)} at (\(format(x)) + \(name) * 2),\(name) r (\(name) + 1)"
          ) {
            generator, pass in
            let id = "\(prefix)\(pass)"
            let circle = CanvasModel.Circle(
              id: id, x: x + Double(pass) * 2, y: Double(pass), radius: Double(pass) + 1)
            generator.model.circles.append(circle)
            return "Add \(id)"
          })
      }
    }
    return templates
  }

  /// Colours `hsl()` gives exactly, by hue.
  var hueColours: [(hue: String, rgba: [UInt8])] {
    [("0", [255, 0, 0, 255]), ("120", [0, 255, 0, 255]), ("240", [0, 0, 255, 255])]
  }

  /// A number as written, and its value.
  func number(_ value: Double) -> (String, Double) { (format(value), value) }

  /// An expression whose value is computed here with the same operations, in the same order,
  /// as the interpreter will: exactly the value it will find.
  mutating func expression(around base: Double) -> (String, Double) {
    let known = variables.sorted { $0.key < $1.key }
    let b = format(base)
    guard !known.isEmpty else { return ("(-(\(format(-base))))", -(-base)) }
    let (name, value) = random.pick(known)
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return ("(\(name) * 0 + \(b))", value * 0 + base)
    case 1: return ("(\(b) + \(name) - \(name))", base + value - value)
    case 2: return ("max(\(b), \(name))", max(base, value))
    case 3:
      return (
        "(\(b) + abs(\(name)) % 3 - abs(\(name)) % 3)",
        base + abs(value).truncatingRemainder(dividingBy: 3)
          - abs(value).truncatingRemainder(dividingBy: 3)
      )
    default: return ("round(\(b) + cos(0) * \(name) * 0)", (base + 1 * value * 0).rounded())
    }
  }

  func format(_ value: Double) -> String { CanvasModel.format(value) }
}
