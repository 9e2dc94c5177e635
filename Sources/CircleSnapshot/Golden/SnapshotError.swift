/// Errors of the snapshot library that stop work before any comparison.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A record mode that is not `none`, `missing`, `failed`, `all` or a list of them.
  case invalidRecordMode(String)
  /// A golden folder that cannot be opened or read, or that is reached through a symbolic
  /// link: the reason, naming the folder.
  case cannotUseFolder(String)

  /// The error as one phrase naming the fix.
  public var description: String {
    switch self {
    case .invalidRecordMode(let text):
      "invalid record mode '\(text)'; use none, missing, failed, all or missing,failed"
    case .cannotUseFolder(let reason): reason
    }
  }
}
