import CirclesTestSupport

/// Writes random `.circles` statements and predicts, with a `CanvasModel`, what each must do.
///
/// Most statements are valid; a few are errors on purpose (an unknown or duplicate id, more
/// undo steps than there are), after which a script stops.
struct ScriptGenerator {
  /// What a statement must do when it runs.
  enum Expectation: Equatable {
    /// Change the canvas and give a frame for this action.
    case frame(String)
    /// Change the canvas and give a frame for each of these actions, in order (a loop).
    case frames([String])
    /// Change nothing and give no frame (`expect`, `limit`, an empty group).
    case quiet
    /// Stop the script with an error, changing nothing.
    case error
  }

  /// One top-level statement: its text (several lines for a group) and what it must do.
  struct Statement {
    var text: String
    var expectation: Expectation
  }

  var random: SeededGenerator
  var model = CanvasModel()
  /// The values the script's variables have after the statements so far.
  var variables: [String: Double] = [:]
  /// Adds written in loops so far, each making ids of its own (`l3x0`, `l3x1`, …).
  var loops = 0
  /// Procedures defined so far, each named after its number (`p3`).
  var procedures = 0
  /// Whether a statement other than `let` and `limit` has come: until then a failing `let`
  /// stops a whole script before its start frame, which the statement-by-statement run made.
  var hasRunCommands = false
  private let names = ["a", "b", "sun", "moon", "c1", "c2", "c3", "_x", "left-eye", "Sun2"]
  private let colours: [(text: String, rgba: [UInt8])] = [
    ("red", [255, 0, 0, 255]), ("Gold", [255, 215, 0, 255]), ("none", [0, 0, 0, 0]),
    ("transparent", [0, 0, 0, 0]), ("CornflowerBlue", [100, 149, 237, 255]),
    ("white", [255, 255, 255, 255]), ("black", [0, 0, 0, 255]),
  ]

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  /// A `canvas` line for a small canvas, so that renders stay cheap.
  mutating func canvasLine() -> String {
    let width = Int.random(in: 8...64, using: &random)
    let height = Int.random(in: 8...48, using: &random)
    let scale = random.pick(["", " scale 2", " scale 0.5", " scale 1.5"])
    return "canvas \(width)x\(height) background \(colour().text)\(scale)"
  }

  /// The next top-level statement; the model moves on as the statement predicts.
  mutating func next() -> Statement {
    let statement = nextStatement()
    let setup = ["let ", "limit "].contains { statement.text.hasPrefix($0) }
    if !setup { hasRunCommands = true }
    return statement
  }

  private mutating func nextStatement() -> Statement {
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.04, let bad = mistake() { return bad }
    if roll < 0.14 { return undoOrRedo(redo: random.chance(0.4)) }
    if roll < 0.22 { return group() }
    if roll < 0.27 { return expectation() }
    if roll < 0.35 { return loop() }
    if roll < 0.40 { return assignment() }
    if roll < 0.45 { return conditional() }
    if roll < 0.50 { return procedure() }
    if roll < 0.52 {
      let levels = random.pick([0, 0, 2, 3, 5])
      model.setLimit(levels)
      return Statement(text: "limit \(levels)", expectation: .quiet)
    }
    let before = model.circles
    let (text, name) = change()
    model.commit(name, before: before)
    return Statement(text: text, expectation: .frame(name))
  }

  // MARK: - Changes

  /// A valid change command applied to the model; returns its text and step name.
  mutating func change() -> (String, String) {
    let ids = model.circles.map(\.id)
    let kinds =
      ids.isEmpty
      ? ["add", "clear"]
      : [
        "add", "add", "remove", "move", "set", "set",
        "front", "back", "clear",
      ]
    switch random.pick(kinds) {
    case "remove":
      let id = random.pick(ids)
      model.circles.remove(at: model.index(of: id)!)
      return ("remove \(id)", "Remove \(id)")
    case "move":
      let id = random.pick(ids)
      let index = model.index(of: id)!
      let (text, x, y) = point()
      if random.chance(0.5) {
        model.circles[index].x = x
        model.circles[index].y = y
        return ("move \(id) to \(text)", "Move \(id)")
      }
      model.circles[index].x += x
      model.circles[index].y += y
      return ("move \(id) by \(text)", "Move \(id)")
    case "set":
      let id = random.pick(ids)
      let index = model.index(of: id)!
      var circle = model.circles[index]
      let words = properties(of: &circle, atLeastOne: true, allowCenter: true)
      model.circles[index] = circle
      return ("set \(id) \(words)", "Change \(id)")
    case "front":
      let id = random.pick(ids)
      model.circles.append(model.circles.remove(at: model.index(of: id)!))
      return ("front \(id)", "Bring \(id) to Front")
    case "back":
      let id = random.pick(ids)
      model.circles.insert(model.circles.remove(at: model.index(of: id)!), at: 0)
      return ("back \(id)", "Send \(id) to Back")
    case "clear":
      model.circles.removeAll()
      return ("clear", "Clear")
    default:
      return add()
    }
  }

  private mutating func add() -> (String, String) {
    let free = names.filter { model.index(of: $0) == nil }
    let named = !free.isEmpty && random.chance(0.6)
    let id = named ? random.pick(free) : model.automaticID()
    let (centre, x, y) = point()
    let radius = number(0...40)
    var circle = CanvasModel.Circle(id: id, x: x, y: y, radius: radius.value)
    var words = ["at \(centre)", "\(random.pick(["radius", "r"])) \(radius.text)"]
    words.append(properties(of: &circle, atLeastOne: false, allowCenter: false))
    words.shuffle(using: &random)
    model.circles.append(circle)
    let head = named ? "add \(id)" : "add"
    return ((["\(head)"] + words.filter { !$0.isEmpty }).joined(separator: " "), "Add \(id)")
  }

  /// Random paint properties (and maybe a centre and radius), applied to `circle`.
  private mutating func properties(
    of circle: inout CanvasModel.Circle, atLeastOne: Bool, allowCenter: Bool
  ) -> String {
    var words: [String] = []
    while words.isEmpty && atLeastOne || words.isEmpty && random.chance(0.5) {
      for property in ["at", "radius", "fill", "stroke", "width", "opacity"].shuffled(
        using: &random)
      where random.chance(0.3) {
        switch property {
        case "at" where allowCenter:
          let (text, x, y) = point()
          (circle.x, circle.y) = (x, y)
          words.append("at \(text)")
        case "radius" where allowCenter:
          let radius = number(0...40)
          circle.radius = radius.value
          words.append("r \(radius.text)")
        case "fill":
          let paint = colour()
          circle.fill = paint.rgba
          words.append("fill \(paint.text)")
        case "stroke":
          let paint = colour()
          circle.stroke = paint.rgba
          words.append("stroke \(paint.text)")
        case "width":
          let width = number(0...6)
          circle.width = width.value
          words.append("width \(width.text)")
        case "opacity":
          let opacity = random.pick(["0", "0.25", ".5", "0.3", "1"])
          circle.opacity = Double(opacity)!
          words.append("opacity \(opacity)")
        default:
          break
        }
      }
      if !atLeastOne { break }
    }
    return words.joined(separator: " ")
  }

  // MARK: - History, groups, checks

  private mutating func undoOrRedo(redo: Bool) -> Statement {
    let available = redo ? model.redoStack.count : model.undoStack.count
    let verb = redo ? "redo" : "undo"
    guard available > 0 else { return Statement(text: verb, expectation: .error) }
    let count = random.chance(0.6) ? 1 : Int.random(in: 1...available, using: &random)
    let text = count == 1 && random.chance(0.5) ? verb : "\(verb) \(count)"
    let name = redo ? model.redo(count) : model.undo(count)
    return Statement(text: text, expectation: .frame((redo ? "Redo " : "Undo ") + name))
  }

  private mutating func group() -> Statement {
    let name = random.pick(["Batch", "Batch edit", "Move them all", "Ünïcode ok", "  spaced  "])
    let before = model.circles
    var lines: [String] = []
    let changed = body(into: &lines, depth: 1)
    let text = (["group \"\(name)\" {"] + lines + ["}"]).joined(separator: "\n")
    guard changed else { return Statement(text: text, expectation: .quiet) }
    model.commit(name, before: before)
    return Statement(text: text, expectation: .frame(name))
  }

  /// Writes a group's body; returns whether anything in it changed the canvas.
  private mutating func body(into lines: inout [String], depth: Int) -> Bool {
    var changed = false
    let indent = String(repeating: "  ", count: depth)
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      if depth < 3, random.chance(0.15) {
        lines.append(indent + "group \"inner\" {")
        changed = body(into: &lines, depth: depth + 1) || changed
        lines.append(indent + "}")
      } else if depth < 3, random.chance(0.15) {
        changed = loopInGroup(into: &lines, depth: depth) || changed
      } else if random.chance(0.15) {
        lines.append(indent + "expect count \(model.circles.count)")
      } else {
        lines.append(indent + change().0)
        changed = true
      }
    }
    return changed
  }

  private mutating func expectation() -> Statement {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      return Statement(text: "expect count \(model.circles.count)", expectation: .quiet)
    case 1:
      let name = model.undoName
      let text = model.undoStack.isEmpty ? "none" : quoted(name)
      return Statement(text: "expect undo \(text)", expectation: .quiet)
    default:
      let name = model.redoName
      let text = model.redoStack.isEmpty ? "none" : quoted(name)
      return Statement(text: "expect redo \(text)", expectation: .quiet)
    }
  }

  /// A statement that must fail, or `nil` when none fits the moment.
  private mutating func mistake() -> Statement? {
    let ids = model.circles.map(\.id)
    switch Int.random(in: 0..<7, using: &random) {
    case 0:
      return Statement(text: "remove nobody", expectation: .error)
    case 4 where hasRunCommands:
      return Statement(text: "let broken = (2 / (size * 0))", expectation: .error)
    case 5:
      variables["i"] = 0
      return Statement(text: "repeat 3 as i {\n  move ghost{i} by 1,1\n}", expectation: .error)
    case 6:
      return Statement(text: "add at (nothing_here),1 r 1", expectation: .error)
    case 1 where !ids.isEmpty:
      return Statement(text: "add \(random.pick(ids)) at 1,1 r 1", expectation: .error)
    case 2:
      return Statement(text: "undo \(model.undoStack.count + 1)", expectation: .error)
    default:
      return Statement(text: "move ghost by 1,1", expectation: .error)
    }
  }

  // MARK: - Values

  private mutating func number(_ range: ClosedRange<Int>) -> (text: String, value: Double) {
    let whole = Int.random(in: range, using: &random)
    let text: String
    switch Int.random(in: 0..<4, using: &random) {
    case 0: text = "\(whole).5"
    case 1: text = "\(whole).\(Int.random(in: 0...99, using: &random))"
    default: text = "\(whole)"
    }
    let value = Double(text)!
    return range.contains(Int(value.rounded(.down))) ? (text, value) : ("\(whole)", Double(whole))
  }

  private mutating func point() -> (String, Double, Double) {
    let x = Double(Int.random(in: -20...90, using: &random)) + random.pick([0, 0.5, 0.25])
    let y = Double(Int.random(in: -20...70, using: &random)) + random.pick([0, 0.5, -0.75])
    guard random.chance(0.3) else {
      return ("\(CanvasModel.format(x)),\(CanvasModel.format(y))", x, y)
    }
    let (xText, xValue) = expression(around: x)
    let (yText, yValue) = random.chance(0.5) ? expression(around: y) : number(y)
    return ("\(xText),\(yText)", xValue, yValue)
  }

  private mutating func colour() -> (text: String, rgba: [UInt8]) {
    if random.chance(0.5) { return random.pick(colours) }
    let rgba = (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
    if random.chance(0.5) {
      let hex = rgba.prefix(3).map { byte in
        (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }.joined()
      return ("#" + hex, Array(rgba.prefix(3)) + [255])
    }
    let hex = rgba.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    return ("#" + hex, rgba)
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}

extension CanvasModel {
  /// A number as a script writes it: whole numbers without a fraction.
  static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
