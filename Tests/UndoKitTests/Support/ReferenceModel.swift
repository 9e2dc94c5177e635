/// A deliberately simple model of the undo manager's documented rules: whole snapshots of a
/// sheet of cells instead of recorded operations.
struct ReferenceModel {
  struct Step: Equatable {
    var name: String
    var before: [Int]
    var after: [Int]
  }

  struct OpenGroup {
    var name = ""
    var before: [Int]
    var hasChanges = false
    var isAutomatic: Bool
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
    var names = open.flatMap { $0.hasChanges ? [$0.name] : nil } ?? []
    names += undo.reversed().map(\.name)
    return names
  }

  var redoNames: [String] { redo.reversed().map(\.name) }

  mutating func set(_ index: Int, to value: Int) {
    if level == 0 {
      open = OpenGroup(before: cells, isAutomatic: true)
      level = 1
    }
    cells[index] = value
    open?.hasChanges = true
    redo.removeAll()
  }

  mutating func name(_ name: String) {
    open?.name = name
  }

  mutating func begin() {
    if level == 0 {
      open = OpenGroup(before: cells, isAutomatic: false)
    }
    level += 1
  }

  /// Returns false for a misuse the manager must refuse.
  mutating func end() -> Bool {
    guard level > 0 else { return false }
    level -= 1
    if level == 0 { close() }
    return true
  }

  mutating func endEvent() {
    if level == 1, open?.isAutomatic == true {
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
      push(step, onto: &redo)
    }
    return true
  }

  /// Returns false for a misuse the manager must refuse.
  mutating func redoStep() -> Bool {
    guard level <= 1 else { return false }
    if level == 1 {
      level = 0
      close()
    }
    if let step = redo.popLast() {
      cells = step.after
      push(step, onto: &undo)
    }
    return true
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
    if let group = open, group.hasChanges {
      push(Step(name: group.name, before: group.before, after: cells), onto: &undo)
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
