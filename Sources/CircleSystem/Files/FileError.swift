import Foundation

/// A file or folder that could not be opened, read, written, renamed or removed: the path, what
/// was being done and why.
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path concerned as messages show it (below a folder's `displayPath`), as ``RawPath``
  /// text.
  package var path: String
  /// What was being done: `open`, `create`, `read`, `write`, `rename`, `move` or `delete`.
  package var action: String
  /// Why it failed: the system's reason in lower case (`permission denied`, `no space left on
  /// device`) or circles' own (`'..' leads out of 'out'`, `is a symbolic link`).
  package var reason: String

  /// Creates an error from its parts.
  package init(path: String, action: String, reason: String) {
    self.path = path
    self.action = action
    self.reason = reason
  }

  /// The error for a failed system call, from the `errno` it set.
  package init(path: String, action: String, errno code: Int32) {
    self.init(path: path, action: action, reason: systemReason(code))
  }

  /// The error for a reason alone, to follow a message that already names the file and what
  /// was being done (`cannot render 'a/b.png': ` + the reason).
  package init(reason: String) {
    self.init(path: "", action: "", reason: reason)
  }

  /// The error for a file that a Foundation call or a library of circles failed to read or
  /// write, with the reason alone of `error` (see ``reason(of:)``).
  package init(path: String, action: String, error: any Error) {
    self.init(path: path, action: action, reason: Self.reason(of: error))
  }

  /// `cannot write 'out/a.png': no space left on device`; without an action (the message
  /// around it says what was being done) `'out/a.png': no space left on device`, or the reason
  /// alone without a path either.
  package var description: String {
    guard action.isEmpty else { return "cannot \(action) '\(path)': \(reason)" }
    return path.isEmpty ? reason : "'\(path)': \(reason)"
  }

  /// The reason alone of an error from reading or writing a file, for messages that name the
  /// file themselves: a `FileError`'s reason, the system's
  /// reason for a Foundation or POSIX error (`permission denied`), else the error's text.
  package static func reason(of error: any Error) -> String {
    if let error = error as? FileError { return error.reason }
    let nsError = error as NSError
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return systemReason(ENOENT)
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    case NSFileWriteOutOfSpaceError: return "no space left on device"
    case NSFileReadCorruptFileError: return "is a folder or unreadable"
    default: break
    }
    // Otherwise the system's reason, from the innermost error: an `NSError` on Apple platforms,
    // a Swift error on Linux.
    var underlying = nsError
    while let next = underlying.userInfo[NSUnderlyingErrorKey] as? any Error {
      underlying = next as NSError
    }
    if underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return systemReason(code.rawValue)
    }
    return "\(error)"
  }
}

/// The system's reason for the failure that set `errno`, in lower case; a missing file or
/// folder is `no such file or folder` (the system's `no such file or directory`), as every
/// message of circles says it.
package func systemReason(_ code: Int32 = errno) -> String {
  // The system says "directory" where every message of circles says "folder": one word.
  switch code {
  case ENOENT: return "no such file or folder"
  case EISDIR: return "is a folder"
  case ENOTDIR: return "not a folder"
  case ENOTEMPTY: return "folder not empty"
  default: break
  }
  return String(cString: strerror(code)).lowercased()
}
