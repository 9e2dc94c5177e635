import Foundation

/// A program running in a real pseudo-terminal inside tmux, on a tmux server of its own: keys
/// are sent as a person would type them, and the screen is read back.
///
/// The server's socket is in a temporary folder and its configuration is empty, so no other
/// tmux is touched; the server is killed when the session goes away.
public final class TmuxSession {
  /// tmux's executable, installed by `scripts/ensure-deps --test` when missing.
  public static var executable: URL? {
    get async { await located.value }
  }

  private static let located = Task {
    await TestProgram.locate(["/usr/bin/tmux", "/usr/local/bin/tmux"])
  }

  /// What a test that needs tmux fails with when it cannot be found or installed.
  public static let unavailable =
    "tmux could not be found or installed (scripts/ensure-deps --test installs Debian's tmux)"

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let tmux: URL
  private let socket: TemporaryFolder
  private let folder: URL

  /// Starts `command` (words, each quoted for the shell) in a terminal of `width` × `height`
  /// characters, in `folder`, with extra environment variables.
  ///
  /// - Parameter statusFile: where the shell writes the program's exit status when it ends,
  ///   even after the terminal has gone (the shell then ignores the hang-up, and so does the
  ///   program); without it the status is printed on the screen (see `exitStatus()`).
  public init(
    _ command: [String], in folder: URL, environment: [String: String] = [:], width: Int = 120,
    height: Int = 40, statusFile: URL? = nil
  ) async throws {
    guard let tmux = await Self.executable else { throw Failure(description: Self.unavailable) }
    self.tmux = tmux
    self.folder = folder
    socket = try TemporaryFolder()
    let assignments = environment.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(Self.quoted($0.value))"
    }
    // The shell prints the exit status when the program ends (tmux may be slow to tell it).
    let program = (["env"] + assignments + command.map(Self.quoted)).joined(separator: " ")
    let line =
      statusFile.map { "trap '' HUP; \(program); echo $? > \(Self.quoted($0.path))" }
      ?? program + "; printf '\\n[exit %d]\\n' $?"
    try await run([
      "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
      "-c", folder.path, line,
    ])
    try await run(["set-option", "-t", "main", "remain-on-exit", "on"])
  }

  deinit {
    // A session not closed by its test: ended without waiting, its child reaped by a thread.
    let arguments = ["-S", socket.url.appendingPathComponent("socket").path, "kill-server"]
    if let pid = try? Spawn.start(tmux, arguments) {
      Thread { Spawn.reap(pid) }.start()
    }
  }

  /// Ends tmux, as closing the terminal window would: the program's terminal goes away.
  public func close() async {
    _ = try? await run(["kill-server"])
  }

  /// Quotes a word for the shell that runs the command.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  private func run(_ arguments: [String]) async throws -> String {
    let outcome = try await Spawn.run(
      tmux, ["-S", socket.url.appendingPathComponent("socket").path] + arguments)
    guard outcome.status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(outcome.output)")
    }
    return outcome.output
  }

  /// Types text as it is, character by character.
  public func type(_ text: String) async throws {
    try await run(["send-keys", "-t", "main", "-l", text])
  }

  /// Presses keys by tmux's names: `Enter`, `Left`, `Home`, `C-a`, `Tab`, `DC` (Delete), …
  public func press(_ keys: String...) async throws {
    try await run(["send-keys", "-t", "main"] + keys)
  }

  /// The screen as it shows now, each line without trailing spaces.
  public func screen() async throws -> String {
    try await run(["capture-pane", "-p", "-J", "-t", "main"])
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.reversed().drop { $0 == " " }.reversed() }.map { String($0) }
      .joined(separator: "\n")
  }

  /// Waits until the screen shows `text` (checked every 20 ms, for up to 10 s).
  ///
  /// - Returns: the screen then.
  @discardableResult
  public func wait(for text: String, timeout: Duration = .seconds(60)) async throws -> String {
    try await wait(timeout: timeout, "'\(text)'") { $0.contains(text) }
  }

  /// Waits until the screen passes a test (checked every 20 ms, for up to 10 s).
  ///
  /// - Returns: the screen then.
  @discardableResult
  public func wait(
    timeout: Duration = .seconds(60), _ what: String = "what was waited for",
    until holds: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      let shown = try await screen()
      if holds(shown) { return shown }
      guard ContinuousClock.now < deadline else {
        throw Failure(description: "the screen never showed \(what):\n\(shown)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The program's exit status once it has ended, waiting for up to 10 s.
  public func exitStatus(timeout: Duration = .seconds(60)) async throws -> Int32 {
    let shown = try await wait(timeout: timeout, "the program's end") {
      $0.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil
    }
    let range = shown.range(of: #"\[exit \d+\]"#, options: .regularExpression)!
    return Int32(shown[range].dropFirst(6).dropLast())!
  }
}
