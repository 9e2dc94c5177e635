/// One registered undo operation: a handler and the target it is called with.
///
/// The target is held weakly, so the manager never keeps a document or view model alive. When the
/// target is gone by the time the action runs, the action does nothing.
final class UndoAction {
  /// The object the handler receives; `nil` once the object has been freed.
  weak var target: AnyObject?
  /// Marks the action as one that may be dropped when a document cannot be saved.
  var isDiscardable = false
  /// Set by `removeAllActions(withTarget:)` for an action that is already on its way to run.
  var isCancelled = false
  private let body: (AnyObject) -> Void

  init<TargetType: AnyObject>(target: TargetType, handler: @escaping (TargetType) -> Void) {
    self.target = target
    body = { object in
      if let typed = object as? TargetType { handler(typed) }
    }
  }

  /// Whether the action was registered for `object`.
  func belongs(to object: AnyObject) -> Bool {
    target === object
  }

  /// Calls the handler with the target, unless the target was freed or the action cancelled.
  ///
  /// - Returns: Whether the handler ran.
  @discardableResult
  func run() -> Bool {
    guard !isCancelled, let target else { return false }
    body(target)
    return true
  }
}
