import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting programs with `posix_spawn`, for what Foundation's `Process` does not do here: hand
/// a child descriptors beyond the standard three, and wait for a program that leaves a daemon
/// behind (the daemon keeps `Process`'s end-of-process pipe open, so it never sees the end).
public enum Spawn {
  /// A program that could not be started.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// Starts a program with standard input from `/dev/null` and its output to a file.
  ///
  /// - Parameters:
  ///   - descriptors: descriptors of this process to give the child, by the number it sees.
  ///   - output: where standard output and standard error go.
  /// - Returns: the child's process id.
  public static func start(
    _ executable: URL, _ arguments: [String], descriptors: [Int32: Int32] = [:],
    output: String = "/dev/null"
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (child, mine) in descriptors { posix_spawn_file_actions_adddup2(&actions, mine, child) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The child starts with no signal blocked and every signal at its default, whatever the
    // calling thread has (test threads block most signals, and a child would inherit that).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable.path, &actions, &attributes, &argv, environ)
    guard status == 0 else {
      throw Failure(
        description:
          "cannot start \(executable.lastPathComponent): \(String(cString: strerror(status)))")
    }
    return pid
  }

  /// Runs a program to its end, waiting without holding a thread of the tests' pool.
  ///
  /// - Returns: its exit status (128 + the signal when killed) and what it printed.
  public static func run(_ executable: URL, _ arguments: [String]) async throws -> (
    status: Int32, output: String
  ) {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-spawn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: capture) }
    let pid = try start(executable, arguments, output: capture.path)
    let status = await end(of: pid)
    return (status, String(decoding: (try? Data(contentsOf: capture)) ?? Data(), as: UTF8.self))
  }

  /// Waits for a child to end on a thread of its own, so that no thread of the tests' pool is
  /// held.
  ///
  /// - Returns: its exit status, 128 + the signal when killed.
  @discardableResult
  public static func end(of pid: pid_t) async -> Int32 {
    await onThreadOfItsOwn { reap(pid) }
  }

  /// Reaps a child that has ended or is about to (after SIGKILL), blocking until it has.
  ///
  /// For the clean-up of `deinit`, which cannot wait asynchronously; anything else waits with
  /// `end(of:)`.
  ///
  /// - Returns: its exit status, 128 + the signal when killed.
  @discardableResult
  public static func reap(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
