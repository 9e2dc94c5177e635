import UndoKit

/// The Edit menu at every state of a history, stored compactly: each stack is a chain of
/// entries that later states share.
///
/// A change pushes one entry, an undo moves entries from one stack to the other, and a limit
/// drops the oldest: from one state to the next, most of each stack stays as it was. So an
/// entry is recorded once, as a title and the entry below it, and a stack at a state is its top
/// entry and how many entries it has (the oldest ones past that count were dropped). A history
/// of 5000 steps holds about 5000 entries instead of the 12 million titles of every stack at
/// every state.
public struct EditMenuTimeline: Hashable, Sendable {
  /// One entry of a stack: its menu title, and the entry below it (`nil` at the bottom).
  public struct Entry: Hashable, Sendable {
    /// An index into `titles`.
    public var title: Int
    /// An index into `entries`, or `nil`.
    public var below: Int?
  }

  /// A stack at one state: its top entry (an index into `entries`) and its length.
  public struct Stack: Hashable, Sendable {
    /// The top entry, `nil` when the stack is empty.
    public var top: Int?
    /// How many entries it has, following `below` from the top.
    public var count: Int
  }

  /// Every menu title used, each once ("Undo Add sun", "Redo Clear").
  public private(set) var titles: [String] = []
  /// Every entry of any stack at any state.
  public private(set) var entries: [Entry] = []
  /// The undo stack at each recorded state.
  public private(set) var undoStacks: [Stack] = []
  /// The redo stack at each recorded state.
  public private(set) var redoStacks: [Stack] = []

  private var titleIndex: [String: Int] = [:]
  /// The latest state's stacks as action names and entry indices, most recent first, to find
  /// what the next state shares with it.
  private var lastUndo = Chain()
  private var lastRedo = Chain()

  /// A stack's action names and the entries recorded for them, top first.
  private struct Chain: Hashable, Sendable {
    var names: [String] = []
    var entries: [Int] = []
  }

  /// Creates a timeline with no state recorded.
  public init() {}

  /// The number of states recorded.
  public var count: Int { undoStacks.count }

  /// Records the stacks of a manager as the next state.
  public mutating func record(_ manager: UndoManager) {
    let undo = extend(lastUndo, to: manager.undoActionNames) {
      manager.undoMenuTitle(forUndoActionName: $0)
    }
    let redo = extend(lastRedo, to: manager.redoActionNames) {
      manager.redoMenuTitle(forUndoActionName: $0)
    }
    undoStacks.append(Stack(top: undo.entries.first, count: undo.entries.count))
    redoStacks.append(Stack(top: redo.entries.first, count: redo.entries.count))
    lastUndo = undo
    lastRedo = redo
  }

  /// The Edit menu at a recorded state.
  ///
  /// - Parameter state: 0 for the first state recorded.
  public func menu(at state: Int) -> EditMenuHistory {
    EditMenuHistory(
      undoTitles: titles(of: undoStacks[state]), redoTitles: titles(of: redoStacks[state]))
  }

  /// The titles of a stack, top first.
  public func titles(of stack: Stack) -> [String] {
    var result: [String] = []
    result.reserveCapacity(stack.count)
    var next = stack.top
    while result.count < stack.count, let index = next {
      result.append(titles[entries[index].title])
      next = entries[index].below
    }
    return result
  }

  /// The chain for `names`, sharing with `previous` the longest run it can: the stack after a
  /// push, a pop, an undo or redo of a few steps, or a limit that dropped the oldest entries
  /// is a few new entries on top of a run of the previous stack.
  private mutating func extend(
    _ previous: Chain, to names: [String], title: (String) -> String
  ) -> Chain {
    let (fresh, shared) = Self.overlap(previous.names, names) ?? (names.count, 0)
    var chain = Chain(names: names, entries: [])
    chain.entries.reserveCapacity(names.count)
    let kept = previous.entries[shared..<(shared + names.count - fresh)]
    var below = kept.first
    var created: [Int] = []
    for name in names[..<fresh].reversed() {
      let text = title(name)
      let titleNumber = titleIndex[text] ?? addTitle(text)
      entries.append(Entry(title: titleNumber, below: below))
      below = entries.count - 1
      created.append(entries.count - 1)
    }
    chain.entries = created.reversed() + kept
    return chain
  }

  private mutating func addTitle(_ text: String) -> Int {
    titles.append(text)
    titleIndex[text] = titles.count - 1
    return titles.count - 1
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
