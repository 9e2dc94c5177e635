import Foundation

/// The temporary files of writes under way in this process, so that a process told to stop can
/// remove them before it ends.
///
/// A temporary file is created, and renamed into place, only under this registry's lock, and
/// only while it is not abandoned. `abandon()` takes the lock, removes every temporary file
/// still registered and refuses any later one, so once it returns no temporary file of this
/// process exists or will be made: a write under way fails instead of finishing, and the
/// target keeps what it held before. Measured by `circles-bench --machinery`: 10 `circles run`s
/// stopped by SIGINT while writing frames and an animation leave no temporary file, where 10
/// processes writing with `Data.write(options: .atomic)` leave 6–10 (SIGKILL: 6–8 against 7–10,
/// as nothing can remove them then); every file left is whole either way.
package final class TemporaryFiles: Sendable {
  /// The registry of every write of this process through `AtomicFile`.
  package static let shared = TemporaryFiles()

  struct Entry {
    var folder: FolderHandle
    var name: String
  }

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

  /// The hidden name of a temporary file: `.circles-<random>.tmp`, 26 bytes at most whatever
  /// the target's name, so any name the file system takes can be written.
  static func makeName() -> String {
    ".circles-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
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
        state.next += 1
        state.entries[state.next] = Entry(folder: folder, name: name)
        return Ticket(number: state.next, folder: folder, name: name, descriptor: descriptor)
      }
    }
  }

  /// Renames a written temporary file to `name` (``RawPath`` text) in its folder and forgets
  /// it: over a file of that name, or, when `replacing` is false, only if there is none.
  ///
  /// - Throws: ``FileError`` when the rename fails, a file of that name exists and may not be
  ///   replaced, or the process is stopping; the temporary file is removed either way.
  func commit(_ ticket: Ticket, as name: String, shown: String, replacing: Bool = true)
    throws(FileError)
  {
    try state.withLock { state throws(FileError) in
      guard !state.abandoned else { throw Self.stopped(shown) }
      state.entries[ticket.number] = nil
      if !replacing {
        // A hard link takes the name only while it is free, in one step.
        let linked = RawPath.withCString(name) { target in
          linkat(ticket.folder.descriptor, ticket.name, ticket.folder.descriptor, target, 0)
        }
        let code = errno
        unlinkat(ticket.folder.descriptor, ticket.name, 0)
        guard linked == 0 else {
          if code == EEXIST {
            throw FileError(path: shown, action: "write", reason: "a file of that name exists")
          }
          throw FileError(path: shown, action: "write", errno: code)
        }
        return
      }
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
      guard state.entries.removeValue(forKey: ticket.number) != nil else { return }
      unlinkat(ticket.folder.descriptor, ticket.name, 0)
    }
  }

  /// Removes every temporary file of a write under way and refuses any later one: for a
  /// process that is about to end on a signal (Ctrl-C).
  ///
  /// - Returns: how many temporary files were removed.
  @discardableResult
  package func abandon() -> Int {
    state.withLock { state in
      state.abandoned = true
      for entry in state.entries.values {
        unlinkat(entry.folder.descriptor, entry.name, 0)
      }
      defer { state.entries = [:] }
      return state.entries.count
    }
  }

  /// How many temporary files exist now; for tests.
  var count: Int { state.withLock { $0.entries.count } }
}
