import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder that cannot take what is written to it: a tiny or read-only tmpfs when the tests run
/// as root (mounting works there), otherwise a folder without write permission.
///
/// Root ignores permission bits, so a read-only folder alone proves nothing when run as root;
/// a mounted file system refuses root too.
public final class SmallDisk {
  /// How the folder refuses writes.
  public enum Kind: CustomStringConvertible, Sendable {
    /// Writes fail with "no space left on device" once a few kilobytes are used.
    case full
    /// Every write fails with "read-only file system" (or "permission denied").
    case readOnly

    public var description: String { self == .full ? "full" : "read-only" }
  }

  /// The folder.
  public let url: URL
  private var isMounted = false

  /// Makes the folder, or returns `nil` when neither mounting nor permissions can be used.
  public init?(_ kind: Kind, bytes: Int = 16_384) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-disk-\(UUID().uuidString)", isDirectory: true)
    guard
      (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true))
        != nil
    else { return nil }
    if geteuid() == 0 {
      let flags: UInt = kind == .readOnly ? UInt(MS_RDONLY) : 0
      let options = "size=\(bytes),mode=0777"
      guard mount("tmpfs", url.path, "tmpfs", flags, options) == 0 else {
        try? FileManager.default.removeItem(at: url)
        return nil
      }
      isMounted = true
    } else {
      guard kind == .readOnly else { return nil }
      chmod(url.path, 0o555)
    }
  }

  deinit {
    if isMounted { umount2(url.path, Int32(MNT_DETACH)) } else { chmod(url.path, 0o755) }
    try? FileManager.default.removeItem(at: url)
  }
}
