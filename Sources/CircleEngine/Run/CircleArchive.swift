import CircleCanvas

/// The circles of states of one canvas that follow one another by circles added on top, kept
/// once: each such state is the first so many of them.
final class CircleArchive {
  /// The longest state seen, in storage of the archive's own.
  private var state: CanvasState

  init(_ state: CanvasState) {
    self.state = state.withOwnStorage()
  }

  /// Takes in the circles `state` adds to the archive's when it is of the same lineage.
  ///
  /// - Returns: how many circles were added (0 when `state` is an earlier one), or `nil` when
  ///   `state` is not known to be of this lineage.
  func extend(to state: CanvasState) -> Int? {
    guard state.sharesLineage(with: self.state) else { return nil }
    guard let added = state.circlesAdded(since: self.state) else { return 0 }
    self.state.appendKeepingLineage(added)
    return added.count
  }

  /// Whether `state`'s circles are the first ones of the archive's.
  func begins(_ state: CanvasState) -> Bool {
    self.state.circlesBegin(with: state)
  }
}
