import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of writes under way in this process, so that a process told to stop can
/// remove them before it ends.
///
/// A temporary file is created, and renamed into place, only under this registry's lock, and
/// only while it is not abandoned. `abandon()` takes the lock, removes every temporary file
/// still registered and refuses any later one, so once it returns no temporary file of this
/// process exists or will be made: a write under way fails instead of finishing, and the
/// target keeps what it held before.
///
/// Each temporary file is locked (`flock`) from its creation until it is renamed or removed,
/// through a second descriptor kept for that, so that another process can tell the file of a
/// write under way from one a killed process left behind (``removeLeftovers(in:)``).
public final class TemporaryFiles: Sendable {
  /// The registry of every write of this process through `AtomicFile`.
  public static let shared = TemporaryFiles()

  struct Entry {
    var folder: FolderHandle
    var name: String
    /// The descriptor that holds the file's lock until it is renamed or removed.
    var lock: Int32
  }

  /// How long a temporary file nobody holds is left alone: the moment between its creation and
  /// its lock, and a writer of a version of circles that did not lock.
  public static let leftoverAge: Int = 60

  struct State {
    var entries: [UInt64: Entry] = [:]
    var next: UInt64 = 0
    var abandoned = false
  }

  private let state = Locked(State())

  init() {}

  /// A temporary file that was created: where, and its number in the registry.
  struct Ticket {
    var number: UInt64
    var folder: FolderHandle
    var name: String
    var descriptor: Int32
  }

  /// The hidden name of a temporary file: `.circles-<random>.tmp`, the random part 13 digits
  /// and lower-case letters, 26 bytes whatever the target's name, so any name the file system
  /// takes can be written.
  static func makeName() -> String {
    let digits = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return ".circles-" + String(repeating: "0", count: 13 - digits.count) + digits + ".tmp"
  }

  /// Whether `name` has the form of ``makeName()``'s names.
  static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    let prefix = Array(".circles-".utf8)
    let suffix = Array(".tmp".utf8)
    guard bytes.count == prefix.count + 13 + suffix.count,
      bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return false }
    return bytes[prefix.count..<prefix.count + 13].allSatisfy {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
    }
  }

  /// The error for a write the process stopped before it finished.
  private static func stopped(_ shown: String) -> FileError {
    FileError(path: shown, action: "write", reason: "stopped before the file was written")
  }

  /// Creates a new temporary file in a folder, open for writing.
  ///
  /// - Parameter shown: the target as messages name it.
  /// - Throws: ``FileError`` when the file cannot be made, or the process is stopping.
  func create(in folder: FolderHandle, for shown: String) throws(FileError) -> Ticket {
    try state.withLock { state throws(FileError) in
      guard !state.abandoned else { throw Self.stopped(shown) }
      while true {
        let name = Self.makeName()
        let descriptor = openat(
          folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        if descriptor < 0, errno == EEXIST { continue }
        guard descriptor >= 0 else { throw FileError(path: shown, action: "write", errno: errno) }
        // A file system without locks (some network mounts) writes unlocked: such a file is
        // only ever removed as a leftover once it is older than `leftoverAge`.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        let lock = dup(descriptor)
        guard lock >= 0 else {
          let code = errno
          close(descriptor)
          unlinkat(folder.descriptor, name, 0)
          throw FileError(path: shown, action: "write", errno: code)
        }
        state.next += 1
        state.entries[state.next] = Entry(folder: folder, name: name, lock: lock)
        return Ticket(number: state.next, folder: folder, name: name, descriptor: descriptor)
      }
    }
  }

  /// Renames a written temporary file over `name` (``RawPath`` text) in its folder and forgets
  /// it.
  ///
  /// - Throws: ``FileError`` when the rename fails or the process is stopping; the temporary
  ///   file is removed either way.
  func commit(_ ticket: Ticket, as name: String, shown: String) throws(FileError) {
    try state.withLock { state throws(FileError) in
      guard !state.abandoned else { throw Self.stopped(shown) }
      guard let entry = state.entries.removeValue(forKey: ticket.number) else {
        throw Self.stopped(shown)
      }
      defer { close(entry.lock) }
      guard ticket.folder.rename(ticket.name, in: ticket.folder, to: name) == 0 else {
        let code = errno
        unlinkat(ticket.folder.descriptor, ticket.name, 0)
        throw FileError(path: shown, action: "write", errno: code)
      }
    }
  }

  /// Removes a temporary file that will not be renamed, and forgets it.
  func discard(_ ticket: Ticket) {
    state.withLock { state in
      guard let entry = state.entries.removeValue(forKey: ticket.number) else { return }
      unlinkat(ticket.folder.descriptor, ticket.name, 0)
      close(entry.lock)
    }
  }

  /// Removes every temporary file of a write under way and refuses any later one: for a
  /// process that is about to end on a signal (Ctrl-C).
  ///
  /// - Returns: how many temporary files were removed.
  @discardableResult
  public func abandon() -> Int {
    state.withLock { state in
      state.abandoned = true
      for entry in state.entries.values {
        unlinkat(entry.folder.descriptor, entry.name, 0)
        close(entry.lock)
      }
      defer { state.entries = [:] }
      return state.entries.count
    }
  }

  /// Removes the temporary files that writes of killed processes left in a folder: regular
  /// files named as ``makeName()`` names them, locked by no one and older than
  /// ``leftoverAge`` seconds. A file of a write under way, in this process or another, is
  /// locked, and nothing else has such a name.
  ///
  /// - Returns: how many were removed.
  @discardableResult
  public static func removeLeftovers(in folder: FolderHandle) -> Int {
    guard let entries = try? folder.entries() else { return 0 }
    var removed = 0
    let now = time(nil)
    for entry in entries where !entry.isFolder && isTemporaryName(entry.name) {
      let opened = openat(
        folder.descriptor, entry.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard opened >= 0 else { continue }
      defer { close(opened) }
      var info = stat()
      guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let identity = FileIdentity(info)
      guard Int64(now) - identity.seconds > Int64(leftoverAge),
        flock(opened, LOCK_EX | LOCK_NB) == 0
      else { continue }
      if folder.removeFile(named: entry.name, ifStill: identity) { removed += 1 }
    }
    return removed
  }

  /// How many temporary files exist now; for tests.
  var count: Int { state.withLock { $0.entries.count } }
}
