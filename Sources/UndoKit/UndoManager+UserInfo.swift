/// Values attached to undo steps, beside their action names.
extension UndoManager {
  /// A key for a value attached to an undo step with ``setActionUserInfoValue(_:forKey:)``.
  public struct UserInfoKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String

    /// Creates a key from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Creates a key from its name.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }
  }

  /// Attaches a value to the group being recorded or, with none open, to the top of the undo
  /// stack, in the same way as ``setActionName(_:)``; `nil` removes the value.
  ///
  /// A group recorded by an undo or redo starts with the values of the group it reverses.
  ///
  /// - Parameters:
  ///   - info: The value to attach.
  ///   - key: The key to read it back with.
  public func setActionUserInfoValue(_ info: Any?, forKey key: UserInfoKey) {
    if let index = frames.indices.last {
      frames[index].userInfo[key] = info
    } else if let top = undoStack.indices.last {
      undoStack[top].userInfo[key] = info
    }
  }

  /// The value attached under `key` to the next undo step, if any.
  ///
  /// - Parameter key: The key the value was attached with.
  /// - Returns: The value, or `nil`.
  public func undoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    (pendingUndoGroup ?? undoStack.last)?.userInfo[key]
  }

  /// The value attached under `key` to the next redo step, if any.
  ///
  /// - Parameter key: The key the value was attached with.
  /// - Returns: The value, or `nil`.
  public func redoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    redoStack.last?.userInfo[key]
  }
}
