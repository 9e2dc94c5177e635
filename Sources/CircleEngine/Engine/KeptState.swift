import CircleCanvas

/// A copy of the latest canvas state a run has shown, kept without holding the canvas's own
/// storage: a canvas whose circles are also held elsewhere copies all of them at its next change,
/// which for a run that adds circles one by one costs time in the square of their number.
///
/// While circles are only added on top, the copy catches up by the new circles alone (as
/// `IncrementalRenderer` keeps the state it drew); any other change copies the circles once.
struct KeptState {
  private(set) var state: CanvasState?

  /// Keeps `new` in place of the state kept before.
  mutating func keep(_ new: CanvasState) {
    if let kept = state, kept.width == new.width, kept.height == new.height,
      kept.scale == new.scale, kept.background == new.background,
      let added = new.circlesAdded(since: kept)
    {
      // Appended in place: `state` is the only holder of its storage.
      state!.appendKeepingLineage(added)
    } else {
      state = new.withOwnStorage()
    }
  }
}
