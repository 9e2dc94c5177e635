import CirclesTestSupport
import Foundation
import Testing

/// A shell running in a terminal of tmux's, typed into and read from the screen as a person
/// would: keys go in with `send-keys`, the screen comes back with `capture-pane`.
///
/// Each session has a tmux server of its own (its own socket, no configuration file), ended
/// when the session is.
final class TerminalSession {
  private let tmux: Program
  private let socket = "circles-test-\(UUID().uuidString)"
  private let folder: URL

  /// Starts `command` in a terminal of 160 × 50 characters, in `folder`, with exactly the
  /// environment given.
  init(_ command: [String], in folder: URL, environment: [String: String]) async throws {
    tmux = try Program(named: "tmux")
    self.folder = folder
    let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
    // The server tmux starts stays in the background; it must not keep the descriptors that
    // Foundation's Process watches to see its child end, or the start would never return.
    let detached = Program(url: URL(fileURLWithPath: "/bin/bash"))
    let closeInherited = """
      for fd in /proc/$$/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null; fi
      done
      exec "$@"
      """
    let start = try await detached.run(
      ["-c", closeInherited, "bash", tmux.url.path, "-L", socket, "-f", "/dev/null"]
        + ["new-session", "-d", "-x", "160", "-y", "50", "-c", folder.path, "/usr/bin/env", "-i"]
        + variables + command, in: folder)
    guard start.status == 0 else { throw Failure(description: "tmux did not start: \(start)") }
    let pid = try await tmux.run(
      ["-L", socket, "display-message", "-p", "#{pane_pid}"], in: folder)
    shell = pid_t(pid.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A tmux command that did not work.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The process in the terminal. tmux's server ends once it has, and `kill-server` alone
  /// does not always end it.
  private var shell: pid_t?

  deinit {
    if let shell { kill(shell, SIGKILL) }
    // Ended without waiting: a thread of its own reaps tmux.
    if let pid = try? Spawn.start(tmux.url, ["-L", socket, "kill-server"]) {
      Thread { Spawn.reap(pid) }.start()
    }
  }

  private func run(_ arguments: [String]) async throws {
    let outcome = try await tmux.run(["-L", socket, "-f", "/dev/null"] + arguments, in: folder)
    guard outcome.status == 0 else { throw Failure(description: "tmux \(arguments): \(outcome)") }
  }

  /// Types text as it is (no key names).
  func type(_ text: String) async throws {
    try await run(["send-keys", "-t", "0", "-l", text])
  }

  /// Presses keys by tmux's names: `Tab`, `Enter`, `C-u`.
  func press(_ keys: String...) async throws {
    try await run(["send-keys", "-t", "0"] + keys)
  }

  /// The screen as text, trailing blanks and empty lines dropped.
  func screen() async throws -> String {
    let outcome = try await tmux.run(["-L", socket, "capture-pane", "-p", "-t", "0"], in: folder)
    return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
      .reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
  }

  /// Waits until the screen satisfies `condition` (a minute at most) and returns it.
  @discardableResult
  func waitForScreen(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(60)
    var text = try await screen()
    while !condition(text) {
      guard ContinuousClock.now < deadline else {
        Issue.record("the screen never showed \(what):\n\(text)", sourceLocation: sourceLocation)
        return text
      }
      try await Task.sleep(for: .milliseconds(50))
      text = try await screen()
    }
    return text
  }
}
