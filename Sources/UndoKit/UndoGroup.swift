/// A closed group of undo operations on one of the manager's stacks.
struct UndoGroup {
  /// The operations in the order they were registered; undo runs them in reverse.
  var actions: [UndoAction]
  /// The action name shown in menus ("Delete Bread"); empty when none was set.
  var name: String
  /// Values attached with `setActionUserInfoValue(_:forKey:)`.
  var userInfo: [UndoManager.UserInfoKey: Any] = [:]

  /// A group is discardable when it holds operations and every one of them is discardable.
  var isDiscardable: Bool {
    !actions.isEmpty && actions.allSatisfy(\.isDiscardable)
  }
}

/// A group that is still being recorded, with the nested groups opened inside it.
///
/// Nested groups keep no storage of their own: their operations are appended to the enclosing
/// frame's list, and each open level remembers where it started. Closing a nested level folds it
/// into its parent while remembering its range, so that `undoNestedGroup()` can reverse it.
struct OpenFrame {
  /// Who opened the frame, which decides the stack it lands on when it closes.
  enum Kind: Equatable {
    /// Opened by `beginUndoGrouping()` or by registration under `groupsByEvent`; lands on the
    /// undo stack.
    case user
    /// Opened by an undo to record the inverse operations; lands on the redo stack.
    case undoing
    /// Opened by a redo; lands on the undo stack.
    case redoing
  }

  /// One open level of nesting inside the frame.
  struct Level {
    /// Index into `actions` where this level's operations begin.
    var start: Int
    /// The range of the nested group closed most recently inside this level, as long as nothing
    /// was registered at this level after it.
    var lastClosedChild: Range<Int>?
  }

  let kind: Kind
  var actions: [UndoAction] = []
  var name: String
  var userInfo: [UndoManager.UserInfoKey: Any] = [:]
  /// The open levels, outermost first; never empty while the frame exists.
  var levels: [Level] = [Level(start: 0)]
  /// Whether `groupsByEvent` opened the frame, so that `endEvent()` may close it.
  var isAutomatic = false

  init(
    kind: Kind, name: String = "", userInfo: [UndoManager.UserInfoKey: Any] = [:],
    isAutomatic: Bool = false
  ) {
    self.kind = kind
    self.name = name
    self.userInfo = userInfo
    self.isAutomatic = isAutomatic
  }

  /// The group this frame becomes when its outermost level closes.
  var group: UndoGroup {
    UndoGroup(actions: actions, name: name, userInfo: userInfo)
  }
}
