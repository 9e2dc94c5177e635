import Foundation

/// The names of the notifications the manager posts on `NotificationCenter.default`.
///
/// They carry Apple's names and values, so that observers written for Apple platforms port
/// unchanged: `NotificationCenter.default.addObserver(forName: .NSUndoManagerCheckpoint, object:
/// undoManager, queue: nil) { … }`. The notification's `object` is the manager. The two
/// notifications about closing a group carry ``NSUndoManagerGroupIsDiscardableKey`` in their
/// `userInfo`, `true` when every operation of the group is discardable and `false` otherwise.
/// Notifications are posted synchronously, on the thread that changed the manager, after the
/// closures added with ``addObserver(_:)`` have run.
extension UndoManager {
  /// Posted when a group opens or closes (with a checkpoint first) and before undo and redo: a
  /// point where pending edits should be registered.
  public static let checkpointNotification = Notification.Name.NSUndoManagerCheckpoint
  /// Posted just before an undo runs its operations.
  public static let willUndoChangeNotification = Notification.Name.NSUndoManagerWillUndoChange
  /// Posted just after an undo ran its operations.
  public static let didUndoChangeNotification = Notification.Name.NSUndoManagerDidUndoChange
  /// Posted just before a redo runs its operations.
  public static let willRedoChangeNotification = Notification.Name.NSUndoManagerWillRedoChange
  /// Posted just after a redo ran its operations.
  public static let didRedoChangeNotification = Notification.Name.NSUndoManagerDidRedoChange
  /// Posted when a group, top-level or nested, opens.
  public static let didOpenUndoGroupNotification = Notification.Name.NSUndoManagerDidOpenUndoGroup
  /// Posted before a group closes; `userInfo` holds ``NSUndoManagerGroupIsDiscardableKey``.
  public static let willCloseUndoGroupNotification =
    Notification.Name.NSUndoManagerWillCloseUndoGroup
  /// Posted after a group closed; `userInfo` holds ``NSUndoManagerGroupIsDiscardableKey``.
  public static let didCloseUndoGroupNotification =
    Notification.Name.NSUndoManagerDidCloseUndoGroup
  /// The `userInfo` key of ``NSUndoManagerGroupIsDiscardableKey``.
  public static let groupIsDiscardableKey = NSUndoManagerGroupIsDiscardableKey
}

extension UndoManagerEvent {
  /// The notification that announces the event.
  var notificationName: Notification.Name {
    switch self {
    case .checkpoint: .NSUndoManagerCheckpoint
    case .willUndoChange: .NSUndoManagerWillUndoChange
    case .didUndoChange: .NSUndoManagerDidUndoChange
    case .willRedoChange: .NSUndoManagerWillRedoChange
    case .didRedoChange: .NSUndoManagerDidRedoChange
    case .didOpenUndoGroup: .NSUndoManagerDidOpenUndoGroup
    case .willCloseUndoGroup: .NSUndoManagerWillCloseUndoGroup
    case .didCloseUndoGroup: .NSUndoManagerDidCloseUndoGroup
    }
  }
}

// Apple's Foundation declares these names itself; elsewhere UndoKit declares them, with the same
// values, under the same Swift names.
#if !canImport(ObjectiveC)
  // swift-format-ignore: AlwaysUseLowerCamelCase
  extension Notification.Name {
    /// Apple's `NSUndoManagerCheckpoint`: see ``UndoManager/checkpointNotification``.
    public static let NSUndoManagerCheckpoint = Self("NSUndoManagerCheckpointNotification")
    /// Apple's `NSUndoManagerWillUndoChange`.
    public static let NSUndoManagerWillUndoChange = Self("NSUndoManagerWillUndoChangeNotification")
    /// Apple's `NSUndoManagerDidUndoChange`.
    public static let NSUndoManagerDidUndoChange = Self("NSUndoManagerDidUndoChangeNotification")
    /// Apple's `NSUndoManagerWillRedoChange`.
    public static let NSUndoManagerWillRedoChange = Self("NSUndoManagerWillRedoChangeNotification")
    /// Apple's `NSUndoManagerDidRedoChange`.
    public static let NSUndoManagerDidRedoChange = Self("NSUndoManagerDidRedoChangeNotification")
    /// Apple's `NSUndoManagerDidOpenUndoGroup`.
    public static let NSUndoManagerDidOpenUndoGroup = Self(
      "NSUndoManagerDidOpenUndoGroupNotification")
    /// Apple's `NSUndoManagerWillCloseUndoGroup`.
    public static let NSUndoManagerWillCloseUndoGroup = Self(
      "NSUndoManagerWillCloseUndoGroupNotification")
    /// Apple's `NSUndoManagerDidCloseUndoGroup`.
    public static let NSUndoManagerDidCloseUndoGroup = Self(
      "NSUndoManagerDidCloseUndoGroupNotification")
  }

  /// Apple's `userInfo` key of the notifications about closing a group: `true` when every
  /// operation of the group is discardable.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let NSUndoManagerGroupIsDiscardableKey = "NSUndoManagerGroupIsDiscardableKey"
#endif
