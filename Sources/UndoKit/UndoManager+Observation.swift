import Foundation

/// Observers: closures that hear the same events as Apple's undo notifications.
extension UndoManager {
  /// Adds a closure that is called with every event the manager announces.
  ///
  /// Observers are called synchronously, in the order they were added, on the thread that
  /// changed the manager; ``UndoManagerEvent`` lists when each event is announced. An observer
  /// may use the manager, for example to register pending edits on ``UndoManagerEvent/checkpoint``.
  ///
  /// - Parameter handler: Receives each event.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ handler: @escaping (UndoManagerEvent) -> Void) -> UndoObserverToken {
    let token = UndoObserverToken(id: nextObserverID)
    nextObserverID += 1
    observers.append((token, handler))
    return token
  }

  /// Removes an observer; removing one that is already gone does nothing.
  ///
  /// - Parameter token: The token ``addObserver(_:)`` returned.
  public func removeObserver(_ token: UndoObserverToken) {
    observers.removeAll { $0.token == token }
  }

  /// Announces an event: calls every observer, then posts the matching notification on
  /// `NotificationCenter.default`.
  ///
  /// - Parameters:
  ///   - event: what happened.
  ///   - groupIsDiscardable: for a group about to close, whether it is discardable.
  func post(_ event: UndoManagerEvent, groupIsDiscardable: Bool? = nil) {
    for observer in observers {
      observer.handler(event)
    }
    var discardable = groupIsDiscardable
    if case .didCloseUndoGroup(let isDiscardable) = event {
      discardable = isDiscardable
    }
    NotificationCenter.default.post(
      name: event.notificationName, object: self,
      userInfo: discardable.map { [NSUndoManagerGroupIsDiscardableKey: $0] })
  }
}
