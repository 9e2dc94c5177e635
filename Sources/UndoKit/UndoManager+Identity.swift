/// Equality by identity, as Apple's manager has it from `NSObject`.
///
/// Two managers are equal only when they are the same object, so managers can be compared with
/// `==`, kept in a `Set` or used as dictionary keys, as on Apple platforms.
extension UndoManager: Hashable {
  /// Whether the two managers are the same object.
  public static func == (lhs: UndoManager, rhs: UndoManager) -> Bool {
    lhs === rhs
  }

  /// Hashes the manager's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
