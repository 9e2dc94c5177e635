/// What the manager announces to its observers: the Swift form of the notifications Apple's
/// `UndoManager` posts through `NotificationCenter`.
///
/// Observers are closures registered with ``UndoManager/addObserver(_:)``; they are called
/// synchronously, on the caller's thread, in the order they were added. The order of events is:
///
/// - `beginUndoGrouping()`: ``checkpoint`` (not while an undo or redo runs), then
///   ``didOpenUndoGroup``. With no group open and `groupsByEvent` on, the event's group opens
///   first with ``didOpenUndoGroup`` alone, so the one checkpoint comes at `groupingLevel` 1, as
///   on Apple platforms. A group opened by registration under `groupsByEvent` announces
///   ``checkpoint`` and ``didOpenUndoGroup``.
/// - `endUndoGrouping()`: ``checkpoint``, ``willCloseUndoGroup``, then
///   ``didCloseUndoGroup(isDiscardable:)``.
/// - `undo()` / `undoNestedGroup()`: ``checkpoint``, ``willUndoChange``, ``didOpenUndoGroup``
///   for the group that records the inverse, the handlers run, ``willCloseUndoGroup``,
///   ``didCloseUndoGroup(isDiscardable:)``, then ``didUndoChange``. `undo()` with the event's
///   group open first closes it as `endUndoGrouping()` does. `redo()` likewise with
///   ``willRedoChange`` and ``didRedoChange``.
/// - `endEvent()`: the close of the event's group if it was open, then ``checkpoint``. The end
///   of a run-loop pass that closes the event's group announces the close alone.
///
/// Each event is also posted on `NotificationCenter.default` under Apple's name
/// (``UndoManager/checkpointNotification`` and the others), right after the observers.
public enum UndoManagerEvent: Equatable, Sendable {
  /// A point where pending edits should be committed (Apple's `NSUndoManagerCheckpoint`).
  case checkpoint
  /// An undo is about to run its handlers.
  case willUndoChange
  /// An undo finished.
  case didUndoChange
  /// A redo is about to run its handlers.
  case willRedoChange
  /// A redo finished.
  case didRedoChange
  /// A group, top-level or nested, was opened.
  case didOpenUndoGroup
  /// A group is about to close.
  case willCloseUndoGroup
  /// A group closed; `isDiscardable` tells whether every operation in it is discardable
  /// (Apple's `NSUndoManagerGroupIsDiscardableKey`).
  case didCloseUndoGroup(isDiscardable: Bool)
}

/// Identifies an observer added with ``UndoManager/addObserver(_:)``, for removing it.
public struct UndoObserverToken: Hashable, Sendable {
  let id: Int
}
