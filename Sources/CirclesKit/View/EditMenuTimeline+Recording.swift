import CircleScript
import UndoKit

/// Recording a state: from what the step did, when the manager's counts and top names say it,
/// else by reading both stacks whole.
extension EditMenuTimeline {
  /// Records the stacks of a manager as the next state.
  ///
  /// When the state follows the last one by `step` (one change, or an undo or a redo of some
  /// steps) under an unchanged limit, the state is recorded from the manager's counts and the
  /// names at the tops of its stacks, which must agree with that step: the entries it moved or
  /// pushed are added, the rest is shared, and the cost is that of the step, not of the stacks.
  /// Otherwise (no step given, the first state, a new limit, counts or names that do not fit)
  /// both stacks are read whole, sharing what they can.
  ///
  /// - Parameters:
  ///   - manager: the manager after the step.
  ///   - step: what led from the last state recorded to this one, if known.
  package mutating func record(_ manager: UndoManager, after step: Frame.Direction? = nil) {
    var stacks: (undo: Stack, redo: Stack)?
    if let step, step != .start, lastLimit == manager.levelsOfUndo {
      stacks = following(step, manager)
    }
    // (Not `??`: its closure would hold a copy of the timeline, and every addition would copy
    // the tables.)
    if stacks == nil { stacks = readWhole(manager) }
    undoStacks.append(stacks!.undo)
    redoStacks.append(stacks!.redo)
    lastLimit = manager.levelsOfUndo
  }

  /// The stacks after one change, undo or redo from the last state, when the manager agrees.
  private mutating func following(
    _ step: Frame.Direction, _ manager: UndoManager
  ) -> (undo: Stack, redo: Stack)? {
    guard let undo = undoStacks.last, let redo = redoStacks.last else { return nil }
    let (undoCount, redoCount) = (manager.undoCount, manager.redoCount)
    let limit = manager.levelsOfUndo
    func clamped(_ count: Int) -> Int { limit > 0 ? min(count, limit) : count }
    switch step {
    case .undo:
      // An undo of `steps` steps: they go, in order, on top of the redo stack.
      let steps = undo.count - undoCount
      guard steps > 0, redoCount == clamped(redo.count + steps) else { return nil }
      return move(steps, from: undo, to: redo, counts: (undoCount, redoCount), manager, redo: true)
        .map { ($0.from, $0.to) }
    case .redo:
      let steps = redo.count - redoCount
      guard steps > 0, undoCount == clamped(undo.count + steps) else { return nil }
      return move(steps, from: redo, to: undo, counts: (redoCount, undoCount), manager, redo: false)
        .map { ($0.to, $0.from) }
    case .start, .change:
      break
    }
    // A change: one new step on top, nothing left to redo.
    guard redoCount == 0, undoCount == clamped(undo.count + 1) else { return nil }
    let name = manager.undoActionName
    let top = addEntry(
      name: name, title: manager.undoMenuTitle(forUndoActionName: name), below: undo.top)
    return (Stack(top: top, count: undoCount), Stack(top: nil, count: 0))
  }

  /// Moves the top `steps` entries of `from` onto `to`, one by one, when the manager's top
  /// names are those the move gives.
  ///
  /// - Parameters:
  ///   - counts: the manager's counts of the two stacks after the move.
  ///   - redo: whether `to` is the redo stack (its entries are titled "Redo …").
  private mutating func move(
    _ steps: Int, from: Stack, to: Stack, counts: (from: Int, to: Int), _ manager: UndoManager,
    redo: Bool
  ) -> (from: Stack, to: Stack)? {
    let moved = walk(from, count: steps)
    guard moved.count == steps else { return nil }
    let rest = entry(from, at: steps)
    let (fromTop, toTop) =
      redo
      ? (manager.undoActionName, manager.redoActionName)
      : (manager.redoActionName, manager.undoActionName)
    guard name(of: moved[steps - 1]) == toTop, counts.from == 0 || rest.map(name(of:)) == fromTop
    else { return nil }
    var top = to.top
    for entry in moved {
      let name = name(of: entry)
      let title =
        redo
        ? manager.redoMenuTitle(forUndoActionName: name)
        : manager.undoMenuTitle(forUndoActionName: name)
      top = addEntry(name: name, title: title, below: top)
    }
    return (Stack(top: rest, count: counts.from), Stack(top: top, count: counts.to))
  }

  /// Both stacks read whole, each sharing with the last state's what it can.
  private mutating func readWhole(_ manager: UndoManager) -> (undo: Stack, redo: Stack) {
    statesReadWhole += 1
    let empty = Stack(top: nil, count: 0)
    let undo = share(undoStacks.last ?? empty, with: manager.undoActionNames) {
      manager.undoMenuTitle(forUndoActionName: $0)
    }
    let redo = share(redoStacks.last ?? empty, with: manager.redoActionNames) {
      manager.redoMenuTitle(forUndoActionName: $0)
    }
    return (undo, redo)
  }

  /// The stack of `names` (top first), sharing with `previous` the longest run it can.
  private mutating func share(
    _ previous: Stack, with names: [String], title: (String) -> String
  ) -> Stack {
    let old = walk(previous, count: previous.count)
    let (fresh, shared) = Self.overlap(old.map(name(of:)), names) ?? (names.count, 0)
    var top = shared < old.count && fresh < names.count ? old[shared] : nil
    for name in names[..<fresh].reversed() {
      top = addEntry(name: name, title: title(name), below: top)
    }
    return Stack(top: top, count: names.count)
  }

  /// How `new` is made from `old`: `fresh` new names on top of `old[shared...]` (as many of
  /// them as `new` has left). Tried are the changes one state to the next makes: a few names
  /// pushed or gone from the top, or all the difference in length pushed or popped (`undo 5`);
  /// `nil` when none fits.
  static func overlap(_ old: [String], _ new: [String]) -> (fresh: Int, shared: Int)? {
    let difference = new.count - old.count
    var candidates = [(0, 0), (1, 0), (0, 1), (2, 0), (0, 2), (1, 1)]
    if difference > 2 { candidates.append((difference, 0)) }
    if difference < -2 { candidates.append((0, -difference)) }
    for (fresh, shared) in candidates where fresh <= new.count {
      let rest = new.count - fresh
      guard shared + rest <= old.count else { continue }
      guard rest > 0 else { return (fresh, shared) }
      if old[shared] == new[fresh], old[shared + rest - 1] == new[new.count - 1],
        old[shared..<(shared + rest)].elementsEqual(new[fresh...])
      {
        return (fresh, shared)
      }
    }
    return nil
  }
}
