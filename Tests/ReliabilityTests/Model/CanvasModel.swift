/// A deliberately naive model of a scripted canvas, independent of CircleCanvas and UndoKit:
/// the circles are a plain array of values, and history is a pair of stacks of whole states.
///
/// It knows only what README and docs/ say: each change is one step named `Add <id>`, `Remove <id>`, …;
/// a group with a change inside is one step named by its string; undo and redo move whole states
/// between the stacks; a new step clears the redo stack; `limit n` keeps the newest n steps of
/// each stack.
struct CanvasModel {
  /// A circle as plain values; colours are RGBA bytes.
  struct Circle: Equatable, CustomStringConvertible {
    var id: String
    var x: Double
    var y: Double
    var radius: Double
    var fill: [UInt8] = [0, 0, 0, 255]
    var stroke: [UInt8] = [0, 0, 0, 0]
    var width: Double = 1
    var opacity: Double = 1

    var description: String {
      "\(id)@\(x),\(y) r\(radius) f\(fill) s\(stroke) w\(width) o\(opacity)"
    }
  }

  /// One undo step: its name and the whole states on either side of it.
  struct Step {
    var name: String
    var before: [Circle]
    var after: [Circle]
  }

  var circles: [Circle] = []
  var undoStack: [Step] = []
  var redoStack: [Step] = []
  var limit = 0
  /// Steps ever dropped by the limit; when none were, undoing everything reaches the start.
  var droppedSteps = 0
  private var nextAutomaticNumber = 1

  var undoName: String { undoStack.last?.name ?? "" }
  var redoName: String { redoStack.last?.name ?? "" }

  func index(of id: String) -> Int? { circles.firstIndex { $0.id == id } }

  /// The next automatic id: `c<n>` with n counting up forever, skipping ids in use.
  mutating func automaticID() -> String {
    while true {
      let id = "c\(nextAutomaticNumber)"
      nextAutomaticNumber += 1
      if index(of: id) == nil { return id }
    }
  }

  /// Records a finished step whose state before was `before`.
  mutating func commit(_ name: String, before: [Circle]) {
    undoStack.append(Step(name: name, before: before, after: circles))
    redoStack.removeAll()
    trim()
  }

  mutating func setLimit(_ levels: Int) {
    limit = levels
    trim()
  }

  private mutating func trim() {
    guard limit > 0 else { return }
    if undoStack.count > limit {
      droppedSteps += undoStack.count - limit
      undoStack.removeFirst(undoStack.count - limit)
    }
    if redoStack.count > limit {
      droppedSteps += redoStack.count - limit
      redoStack.removeFirst(redoStack.count - limit)
    }
  }

  /// Undoes `count` steps; returns the name of the last one.
  mutating func undo(_ count: Int) -> String {
    var name = ""
    for _ in 0..<count {
      let step = undoStack.removeLast()
      circles = step.before
      redoStack.append(step)
      name = step.name
      trim()
    }
    return name
  }

  /// Redoes `count` steps; returns the name of the last one.
  mutating func redo(_ count: Int) -> String {
    var name = ""
    for _ in 0..<count {
      let step = redoStack.removeLast()
      circles = step.after
      undoStack.append(step)
      name = step.name
      trim()
    }
    return name
  }

  /// The frame file name docs/language.md, "Frames" gives an action, computed here on its own terms.
  static func frameName(number: Int, action: String) -> String {
    var slug = ""
    var run = false
    for scalar in action.lowercased().unicodeScalars {
      let isKept =
        (scalar.value >= 0x61 && scalar.value <= 0x7A)
        || (scalar.value >= 0x30 && scalar.value <= 0x39)
      if isKept {
        if run && !slug.isEmpty { slug += "-" }
        run = false
        slug.unicodeScalars.append(scalar)
      } else {
        run = true
      }
    }
    let digits = String(number)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return slug.isEmpty ? padded : "\(padded)-\(slug)"
  }
}
