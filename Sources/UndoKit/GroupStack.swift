/// One of the manager's stacks of closed groups, keeping the count of the operations it holds
/// as groups come and go, so that the manager can say how many it holds without walking its
/// history (``UndoManager/heldActionCount``): a script's run asks after every change.
struct GroupStack {
  private(set) var groups: [UndoGroup] = []
  /// The operations of every group, in all.
  private(set) var actionCount = 0

  var count: Int { groups.count }
  var isEmpty: Bool { groups.isEmpty }
  var last: UndoGroup? { groups.last }
  var indices: Range<Int> { groups.indices }

  /// A group; setting it keeps the count.
  subscript(index: Int) -> UndoGroup {
    get { groups[index] }
    set {
      actionCount += newValue.actions.count - groups[index].actions.count
      groups[index] = newValue
    }
  }

  mutating func append(_ group: UndoGroup) {
    groups.append(group)
    actionCount += group.actions.count
  }

  mutating func popLast() -> UndoGroup? {
    guard let group = groups.popLast() else { return nil }
    actionCount -= group.actions.count
    return group
  }

  mutating func removeAll() {
    groups.removeAll()
    actionCount = 0
  }

  /// Drops the `count` oldest groups.
  mutating func removeFirst(_ count: Int) {
    actionCount -= groups.prefix(count).reduce(0) { $0 + $1.actions.count }
    groups.removeFirst(count)
  }

  /// Replaces each group by what `transform` makes of it, dropping those it makes `nil`.
  mutating func compactMapInPlace(_ transform: (UndoGroup) -> UndoGroup?) {
    groups = groups.compactMap(transform)
    actionCount = groups.reduce(0) { $0 + $1.actions.count }
  }

  /// The groups, newest first.
  func reversed() -> ReversedCollection<[UndoGroup]> { groups.reversed() }
}
