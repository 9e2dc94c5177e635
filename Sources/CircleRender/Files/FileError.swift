import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or folder that could not be opened, read, written, renamed or removed: the path, what
/// was being done and why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path concerned as messages show it (below a folder's `displayPath`), as ``RawPath``
  /// text.
  public var path: String
  /// What was being done: `open`, `create`, `read`, `write`, `rename`, `move` or `delete`.
  public var action: String
  /// Why it failed: the system's reason in lower case (`permission denied`, `no space left on
  /// device`) or circles' own (`'..' leads out of 'out'`, `is a symbolic link`).
  public var reason: String

  /// Creates an error from its parts.
  public init(path: String, action: String, reason: String) {
    self.path = path
    self.action = action
    self.reason = reason
  }

  /// The error for a failed system call, from the `errno` it set.
  public init(path: String, action: String, errno code: Int32) {
    self.init(path: path, action: action, reason: systemReason(code))
  }

  /// `cannot write 'out/a.png': no space left on device`.
  public var description: String { "cannot \(action) '\(path)': \(reason)" }
}

/// The system's reason for the failure that set `errno`, in lower case.
func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code)).lowercased()
}
