/// The keys of the values attached to undo steps, beside their action names.
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
}
