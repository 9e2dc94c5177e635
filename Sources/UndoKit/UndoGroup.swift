/// A closed group of undo operations on one of the manager's stacks.
///
/// A group may hold no operation at all: `beginUndoGrouping()` followed by `endUndoGrouping()`
/// leaves such a group on the undo stack, as Apple's manager does.
struct UndoGroup {
  /// The operations in the order they were registered; undo runs them in reverse.
  var actions: [UndoAction]
  /// The action name shown in menus ("Delete Bread"); empty when none was set.
  var name: String
  /// Values attached with `setActionUserInfoValue(_:forKey:)`.
  var userInfo: [UndoManager.UserInfoKey: Any] = [:]

  /// A group is discardable when it holds operations and every one of them is discardable.
  var isDiscardable: Bool {
    Self.isDiscardable(actions[...])
  }

  /// Whether a run of operations forms a discardable group.
  static func isDiscardable(_ actions: ArraySlice<UndoAction>) -> Bool {
    !actions.isEmpty && actions.allSatisfy(\.isDiscardable)
  }
}

/// A group that is still being recorded, with the nested groups opened inside it.
///
/// Nested groups keep no storage of their own: their operations are appended to the frame's list,
/// and each open level remembers where it started. Closing a nested level folds it into its parent
/// and records its range among the parent's closed children, so that `undoNestedGroup()` can
/// reverse the nested groups one by one, newest first.
struct OpenFrame {
  /// Who opened the frame, which decides the stack it lands on when it closes.
  enum Kind: Equatable {
    /// Opened by `beginUndoGrouping()` or by registration under `groupsByEvent`; lands on the
    /// undo stack.
    case user
    /// Opened by an undo to record the inverse operations; lands on the redo stack.
    case undoing
    /// Opened by a redo while no group was open; lands on the undo stack.
    case redoing
  }

  /// One open level of nesting inside the frame.
  struct Level {
    /// Index into `actions` where this level's operations begin.
    var start: Int
    /// The nested groups closed directly inside this level, oldest first, as ranges of
    /// `actions`; a group closed with no operation is an empty range.
    var children: [Range<Int>] = []
    /// Whether a redo opened this level to record its inverse inside the caller's open group; the
    /// caller cannot close it.
    var recordsRedo = false
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

  /// Whether the frame holds an operation or a closed nested group (even an empty one).
  var hasContent: Bool {
    !actions.isEmpty || levels.contains { !$0.children.isEmpty }
  }

  /// The nested group `undoNestedGroup()` reverses: the one closed last at the innermost level,
  /// as long as nothing was registered at that level after it.
  var lastClosedChild: Range<Int>? {
    guard let child = levels.last?.children.last, child.upperBound == actions.count else {
      return nil
    }
    return child
  }

  /// Whether the innermost open level forms a discardable group so far.
  var innermostIsDiscardable: Bool {
    UndoGroup.isDiscardable(actions[(levels.last?.start ?? 0)...])
  }
}
