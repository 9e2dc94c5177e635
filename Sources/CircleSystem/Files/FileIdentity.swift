import Foundation

/// Which file a name held when it was written: its inode, size and modification time.
///
/// A file replaced since (saved over by an editor, copied in, restored from a backup) has
/// another inode or time; one edited in place has another time or size. So a program that
/// recorded the identity of a file it wrote can tell later whether the name still holds that
/// very file, and leave it alone when it does not.
package struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
  /// The file's inode number.
  package var inode: UInt64
  /// The size in bytes.
  package var size: Int64
  /// The modification time: whole seconds since 1970.
  package var seconds: Int64
  /// The modification time: nanoseconds within the second (0…999,999,999).
  package var nanoseconds: Int64

  /// Creates an identity from its parts.
  package init(inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
    self.inode = inode
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// The identity of the file at `url` now (following links), or `nil` when there is none:
  /// what a watch compares to notice a save, whether in place or by replacing the file.
  package static func of(_ url: URL) -> FileIdentity? {
    var info = stat()
    guard RawPath.withCString(url.path, { stat($0, &info) }) == 0 else { return nil }
    return FileIdentity(info)
  }

  /// The identity `stat` reports.
  init(_ info: stat) {
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    self.init(
      inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int64(time.tv_sec),
      nanoseconds: Int64(time.tv_nsec))
  }

  /// `inode size seconds.nanoseconds`, the form `init?(_:)` reads: `1234 5678 1700000000.000000001`.
  package var description: String {
    let fraction = String(nanoseconds)
    return "\(inode) \(size) \(seconds)."
      + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
  }

  /// Reads the form `description` writes; `nil` for anything else.
  package init?<Text: StringProtocol>(_ text: Text) {
    let fields = text.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count == 3, let inode = UInt64(fields[0]), let size = Int64(fields[1]),
      size >= 0
    else { return nil }
    let time = fields[2].split(separator: ".", omittingEmptySubsequences: false)
    guard time.count == 2, time[1].count == 9, let seconds = Int64(time[0]),
      let nanoseconds = Int64(time[1]), nanoseconds >= 0
    else { return nil }
    self.init(inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds)
  }
}
