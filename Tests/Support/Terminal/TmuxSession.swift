import Foundation

/// A program running in a real pseudo-terminal inside tmux, on a tmux server of its own: keys
/// are sent as a person would type them, and the screen is read back.
///
/// The server's socket is in a temporary folder and its configuration is empty, so no other
/// tmux is touched; the server is killed when the session goes away.
public final class TmuxSession {
  /// tmux's executable, installed by `scripts/ensure-deps --test` when missing.
  public static let executable = TestProgram.locate(["/usr/bin/tmux", "/usr/local/bin/tmux"])

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
  ) throws {
    guard let tmux = Self.executable else { throw Failure(description: Self.unavailable) }
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
    try run([
      "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
      "-c", folder.path, line,
    ])
    try run(["set-option", "-t", "main", "remain-on-exit", "on"])
  }

  deinit {
    close()
  }

  /// Ends tmux, as closing the terminal window would: the program's terminal goes away.
  public func close() {
    _ = try? run(["kill-server"])
  }

  /// Quotes a word for the shell that runs the command.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let outcome = try Spawn.run(
      tmux, ["-S", socket.url.appendingPathComponent("socket").path] + arguments)
    guard outcome.status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(outcome.output)")
    }
    return outcome.output
  }

  /// Types text as it is, character by character.
  public func type(_ text: String) throws {
    try run(["send-keys", "-t", "main", "-l", text])
  }

  /// Presses keys by tmux's names: `Enter`, `Left`, `Home`, `C-a`, `Tab`, `DC` (Delete), …
  public func press(_ keys: String...) throws {
    try run(["send-keys", "-t", "main"] + keys)
  }

  /// The screen as it shows now, each line without trailing spaces.
  public func screen() throws -> String {
    try run(["capture-pane", "-p", "-J", "-t", "main"])
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.reversed().drop { $0 == " " }.reversed() }.map { String($0) }
      .joined(separator: "\n")
  }

  /// Waits until the screen shows `text` (checked every 20 ms, for up to 10 s).
  ///
  /// - Returns: the screen then.
  @discardableResult
  public func wait(for text: String, timeout: Duration = .seconds(10)) throws -> String {
    try wait(timeout: timeout, "'\(text)'") { $0.contains(text) }
  }

  /// Waits until the screen passes a test (checked every 20 ms, for up to 10 s).
  ///
  /// - Returns: the screen then.
  @discardableResult
  public func wait(
    timeout: Duration = .seconds(10), _ what: String = "what was waited for",
    until holds: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      let shown = try screen()
      if holds(shown) { return shown }
      guard ContinuousClock.now < deadline else {
        throw Failure(description: "the screen never showed \(what):\n\(shown)")
      }
      usleep(20_000)
    }
  }

  /// The program's exit status once it has ended, waiting for up to 10 s.
  public func exitStatus(timeout: Duration = .seconds(10)) throws -> Int32 {
    let shown = try wait(timeout: timeout, "the program's end") {
      $0.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil
    }
    let range = shown.range(of: #"\[exit \d+\]"#, options: .regularExpression)!
    return Int32(shown[range].dropFirst(6).dropLast())!
  }
}
