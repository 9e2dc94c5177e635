/// A deliberately simple model of the undo manager's rules, with `groupsByEvent` on: whole
/// snapshots of a sheet of cells instead of recorded operations.
///
/// The rules it follows are Apple's: a `beginUndoGrouping()` with no group open first opens the
/// event's group; a group closed by `endUndoGrouping()` stays a step even when nothing changed in
/// it, and so does the group a redo records; the group an undo records is dropped when the undo
/// registered nothing (an empty step leaves nothing to redo); a redo with a group open becomes
/// part of that group.
struct ReferenceModel {
  struct Step: Equatable {
    var name: String
    var before: [Int]
    var after: [Int]
    /// How many changes it holds: undoing it registers as many inverses.
    var changes = 0
  }

  /// The event's group: every top-level group is one when `groupsByEvent` is on.
  struct OpenGroup {
    var name = ""
    var before: [Int]
    /// Whether the group holds a change or a closed nested group.
    var hasContent = false
    /// How many changes it holds.
    var changes = 0
  }

  var cells: [Int]
  var undo: [Step] = []
  var redo: [Step] = []
  var open: OpenGroup?
  var level = 0
  var limit = 0

  init(cellCount: Int) {
    cells = Array(repeating: 0, count: cellCount)
  }

  var undoNames: [String] {
    var names = open.flatMap { $0.hasContent ? [$0.name] : nil } ?? []
    names += undo.reversed().map(\.name)
    return names
  }

  var redoNames: [String] { redo.reversed().map(\.name) }

  mutating func set(_ index: Int, to value: Int) {
    if level == 0 {
      open = OpenGroup(before: cells)
      level = 1
    }
    cells[index] = value
    open?.hasContent = true
    open?.changes += 1
    redo.removeAll()
  }

  mutating func name(_ name: String) {
    open?.name = name
  }

  mutating func begin() {
    if level == 0 {
      // The event's group, then the explicit one inside it.
      open = OpenGroup(before: cells)
      level = 1
    }
    level += 1
  }

  /// Returns false for a misuse the manager must refuse.
  mutating func end() -> Bool {
    guard level > 0 else { return false }
    level -= 1
    if level == 0 {
      close()
    } else {
      open?.hasContent = true
    }
    return true
  }

  mutating func endEvent() {
    if level == 1 {
      level = 0
      close()
    }
  }

  /// Returns false for a misuse the manager must refuse.
  mutating func undoStep() -> Bool {
    guard level <= 1 else { return false }
    if level == 1 {
      level = 0
      close()
    }
    if let step = undo.popLast() {
      cells = step.before
      // An undo that registered nothing leaves nothing to redo.
      if step.changes > 0 { push(step, onto: &redo) }
    }
    return true
  }

  /// A redo is never refused for open groups: with one open, the step becomes part of it.
  mutating func redoStep() {
    guard let step = redo.popLast() else { return }
    cells = step.after
    if level == 0 {
      push(step, onto: &undo)
    } else {
      open?.hasContent = true
      open?.changes += step.changes
    }
  }

  mutating func setLimit(_ newLimit: Int) {
    limit = newLimit
    trim(&undo)
    trim(&redo)
  }

  mutating func removeAll() {
    undo.removeAll()
    redo.removeAll()
    open = nil
    level = 0
  }

  private mutating func close() {
    if let group = open {
      push(
        Step(name: group.name, before: group.before, after: cells, changes: group.changes),
        onto: &undo)
    }
    open = nil
  }

  private func push(_ step: Step, onto stack: inout [Step]) {
    stack.append(step)
    trim(&stack)
  }

  private func trim(_ stack: inout [Step]) {
    if limit > 0, stack.count > limit {
      stack.removeFirst(stack.count - limit)
    }
  }
}
