import UndoKit

/// The Edit menu at every state of a history, stored compactly: each stack is a chain of
/// entries that later states share.
///
/// A change pushes one entry, an undo moves entries from one stack to the other, and a limit
/// drops the oldest: from one state to the next, most of each stack stays as it was. So an
/// entry is recorded once, as a title and the entry below it, and a stack at a state is its top
/// entry and how many entries it has (the oldest ones past that count were dropped). A history
/// of 5000 steps holds about 5000 entries instead of the 12 million titles of every stack at
/// every state, and recording a state costs what changed, not the stacks' length.
package struct EditMenuTimeline: Hashable, Sendable {
  /// One entry of a stack: its menu title, and the entry below it (`nil` at the bottom).
  package struct Entry: Hashable, Sendable {
    /// An index into `titles`.
    package var title: Int
    /// An index into `entries`, or `nil`.
    package var below: Int?
  }

  /// A stack at one state: its top entry (an index into `entries`) and its length.
  package struct Stack: Hashable, Sendable {
    /// The top entry, `nil` when the stack is empty.
    package var top: Int?
    /// How many entries it has, following `below` from the top.
    package var count: Int
  }

  /// Every menu title used, each once ("Undo Add sun", "Redo Clear").
  package private(set) var titles: [String] = []
  /// Every entry of any stack at any state.
  package internal(set) var entries: [Entry] = []
  /// The undo stack at each recorded state.
  package internal(set) var undoStacks: [Stack] = []
  /// The redo stack at each recorded state.
  package internal(set) var redoStacks: [Stack] = []

  private var titleIndex: [String: Int] = [:]
  /// The action name of each entry, as an index into `names`.
  var entryNames: [Int] = []
  /// Every action name used, each once.
  private(set) var names: [String] = []
  private var nameIndex: [String: Int] = [:]
  /// The manager's limit when the last state was recorded.
  var lastLimit: Int?
  /// How many states were recorded by reading both stacks whole, rather than from their step:
  /// the first, and those after a new limit or with no step given.
  package internal(set) var statesReadWhole = 0

  /// Creates a timeline with no state recorded.
  package init() {}

  /// The number of states recorded.
  package var count: Int { undoStacks.count }

  /// The Edit menu at a recorded state.
  ///
  /// - Parameter state: 0 for the first state recorded.
  package func menu(at state: Int) -> EditMenuHistory {
    EditMenuHistory(
      undoTitles: titles(of: undoStacks[state]), redoTitles: titles(of: redoStacks[state]))
  }

  /// The titles of a stack, top first.
  package func titles(of stack: Stack) -> [String] {
    walk(stack, count: stack.count).map { titles[entries[$0].title] }
  }

  /// The first `count` entries of a stack, top first (fewer when it is shorter).
  func walk(_ stack: Stack, count: Int) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(min(count, stack.count))
    var next = stack.top
    while result.count < min(count, stack.count), let index = next {
      result.append(index)
      next = entries[index].below
    }
    return result
  }

  /// The entry `depth` entries below the top of a stack (`nil` past its bottom).
  func entry(_ stack: Stack, at depth: Int) -> Int? {
    guard depth < stack.count else { return nil }
    var next = stack.top
    for _ in 0..<depth { next = next.flatMap { entries[$0].below } }
    return next
  }

  /// The action name of an entry.
  func name(of entry: Int) -> String { names[entryNames[entry]] }

  /// Records a new entry on top of `below`.
  ///
  /// - Returns: its index.
  mutating func addEntry(name: String, title: String, below: Int?) -> Int {
    let nameNumber = nameIndex[name] ?? Self.add(name, to: &names, index: &nameIndex)
    let titleNumber = titleIndex[title] ?? Self.add(title, to: &titles, index: &titleIndex)
    entries.append(Entry(title: titleNumber, below: below))
    entryNames.append(nameNumber)
    return entries.count - 1
  }

  /// Adds a text to a table (static: a method of the timeline would need a copy of it while
  /// two of its tables are being changed).
  private static func add(
    _ text: String, to list: inout [String], index: inout [String: Int]
  ) -> Int {
    list.append(text)
    index[text] = list.count - 1
    return list.count - 1
  }
}
