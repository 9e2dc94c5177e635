import Foundation

/// A file that could not be read or written, as one readable phrase.
package struct FileProblem: Error, Equatable, CustomStringConvertible {
  package var description: String

  package init(_ description: String) {
    self.description = description
  }

  /// A short reason for a Foundation or POSIX file error ("no such file", "permission denied").
  package static func reason(_ error: any Error, url: URL) -> String {
    let nsError = error as NSError
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
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
      return String(cString: strerror(code.rawValue)).lowercased()
    }
    return "\(error)"
  }
}
