import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program a test started, running in the background, what it prints captured in files.
///
/// Nothing here blocks a thread of the tests' pool: the end of the program is awaited, and
/// Foundation's `Process` tells it from a thread of its own. A program still running when this
/// value goes away is killed.
public final class RunningProgram: @unchecked Sendable {
  /// Where standard output and standard error go.
  public enum Capture: Sendable {
    /// Each to a file of its own: the outcome's `stdout` and `stderr`.
    case separate
    /// Both to one file, in the order they were written: the outcome's `stdout` (and `text`).
    case together
  }

  /// The process.
  public let process: Process
  private let capture: URL
  private let handles: [FileHandle]
  private let lock = NSLock()
  private var ended = false
  /// The status read by reaping the program here, when Foundation never heard of its end.
  private var reaped: (status: Int32, signalled: Bool)?
  /// Who waits for the end: each is resumed with true at the end, or false at its deadline.
  private var waiting: [UUID: CheckedContinuation<Bool, Never>] = [:]

  /// Starts a program with arguments in a folder, feeding `input` on standard input.
  ///
  /// - Parameters:
  ///   - environment: the whole environment of the program.
  ///   - inputFile: a file to read standard input from instead of `input`.
  /// - Throws: when the program cannot be started or its output files cannot be made.
  init(
    _ url: URL, _ arguments: [String], in folder: URL, input: String, inputFile: URL? = nil,
    environment: [String: String], capture mode: Capture
  ) throws {
    process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment
    // Output goes to files rather than pipes, so a chatty child can never block on a full pipe.
    capture = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-capture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    let names = ["stdin", "stdout", "stderr"]
    try Data(input.utf8).write(to: capture.appendingPathComponent("stdin"))
    for name in names.dropFirst() {
      _ = FileManager.default.createFile(
        atPath: capture.appendingPathComponent(name).path, contents: nil)
    }
    let input = try FileHandle(forReadingFrom: inputFile ?? capture.appendingPathComponent("stdin"))
    let output = try FileHandle(forWritingTo: capture.appendingPathComponent("stdout"))
    let errors =
      mode == .together
      ? output : try FileHandle(forWritingTo: capture.appendingPathComponent("stderr"))
    handles = mode == .together ? [input, output] : [input, output, errors]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    process.terminationHandler = { [weak self] _ in self?.finished() }
    do {
      try process.run()
    } catch {
      closeHandles()
      try? FileManager.default.removeItem(at: capture)
      throw error
    }
  }

  deinit {
    if !ended, process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    closeHandles()
    try? FileManager.default.removeItem(at: capture)
  }

  private func finished() {
    let resumed = lock.withLock {
      ended = true
      defer { waiting = [:] }
      return waiting.values
    }
    for continuation in resumed { continuation.resume(returning: true) }
  }

  /// Waits, without holding a thread, for the end or for `limit` to pass.
  ///
  /// - Returns: whether the program has ended.
  private func end(within limit: Duration?) async -> Bool {
    let id = UUID()
    return await withCheckedContinuation { continuation in
      let now = lock.withLock {
        if ended { return true }
        waiting[id] = continuation
        return false
      }
      if now {
        continuation.resume(returning: true)
        return
      }
      Task { [weak self] in await self?.reapIfForgotten() }
      if let limit {
        Task { [weak self] in
          try? await Task.sleep(for: limit)
          self?.expire(id)
        }
      }
    }
  }

  /// Foundation on Linux sometimes never hears that a child ended (it stays a zombie, and the
  /// termination handler never runs): a program that has been a zombie for two seconds is
  /// reaped here and its end announced, so that no test waits for ever.
  private func reapIfForgotten() async {
    var zombieFor = 0
    while !lock.withLock({ ended }) {
      try? await Task.sleep(for: .milliseconds(100))
      guard isZombie else {
        zombieFor = 0
        continue
      }
      zombieFor += 1
      guard zombieFor >= 20 else { continue }
      var status: Int32 = 0
      guard waitpid(process.processIdentifier, &status, WNOHANG) == process.processIdentifier
      else { continue }
      let signal = status & 0x7f
      lock.withLock {
        reaped = signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
      }
      finished()
    }
  }

  /// Whether the system holds the program as a zombie: ended, not yet reaped.
  private var isZombie: Bool {
    let stat = "/proc/\(process.processIdentifier)/stat"
    guard let text = try? String(contentsOfFile: stat, encoding: .utf8),
      let close = text.range(of: ") ", options: .backwards)
    else { return false }
    return text[close.upperBound...].first == "Z"
  }

  private func expire(_ id: UUID) {
    lock.withLock { waiting.removeValue(forKey: id) }?.resume(returning: false)
  }

  private func closeHandles() {
    for handle in handles { try? handle.close() }
  }

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Whether the program has not ended yet.
  ///
  /// Told by the system (a process that has ended is a zombie until Foundation reaps it), so
  /// that it is exact at once, however late Foundation's thread hears of the end.
  public var isRunning: Bool {
    guard !lock.withLock({ ended }) else { return false }
    let stat = "/proc/\(process.processIdentifier)/stat"
    guard let text = try? String(contentsOfFile: stat, encoding: .utf8),
      let close = text.range(of: ") ", options: .backwards)
    else { return false }
    return text[close.upperBound...].first != "Z"
  }

  /// What the program has written to standard output so far (with standard error, when they
  /// are captured together).
  public var stdout: String { text(of: "stdout") }

  /// What the program has written to standard error so far (nothing when it is captured with
  /// standard output).
  public var stderr: String { text(of: "stderr") }

  private func text(of name: String) -> String {
    let url = capture.appendingPathComponent(name)
    return String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
  }

  /// Sends a signal to the program, if it is still running.
  public func signal(_ signal: Int32) {
    if isRunning { Glibc.kill(process.processIdentifier, signal) }
  }

  /// Waits, without holding a thread, for the program to end.
  ///
  /// - Returns: its exit status and everything it printed.
  public func outcome() async -> Executable.Outcome {
    _ = await end(within: nil)
    closeHandles()
    if let reaped = lock.withLock({ reaped }) {
      return Executable.Outcome(
        status: reaped.status, stdout: stdout, stderr: stderr, signalled: reaped.signalled)
    }
    return Executable.Outcome(
      status: process.terminationStatus, stdout: stdout, stderr: stderr,
      signalled: process.terminationReason == .uncaughtSignal)
  }

  /// Waits up to `limit` for the program to end.
  ///
  /// - Returns: its outcome, or nil when it is still running (it is then left running).
  public func outcome(within limit: Duration) async -> Executable.Outcome? {
    guard await end(within: limit) else { return nil }
    return await outcome()
  }

  /// Kills the program after `delay`, timed on a thread of its own (a test's task may wait
  /// seconds for a thread on a busy machine, and the kill would land late), and waits for its
  /// end.
  ///
  /// - Returns: whether it was still running when killed.
  public func kill(after delay: Duration) async -> Bool {
    let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    let wasRunning = await onThreadOfItsOwn {
      usleep(UInt32(max(0, seconds) * 1_000_000))
      let running = self.isRunning
      self.signal(SIGKILL)
      return running
    }
    _ = await outcome()
    return wasRunning
  }

  /// Ends the program: SIGTERM, as Ctrl-C or a service manager would, then SIGKILL if it is
  /// still there after `grace`.
  ///
  /// - Returns: its outcome.
  @discardableResult
  public func stop(grace: Duration = .seconds(30)) async -> Executable.Outcome {
    signal(SIGTERM)
    if let outcome = await outcome(within: grace) { return outcome }
    signal(SIGKILL)
    return await outcome()
  }
}

/// Waits, without holding a thread, until a condition holds or `limit` has passed, looking
/// every 20 ms.
///
/// Deadlines are for conditions that may never hold; they are generous, as a loaded machine is
/// several times slower than a quiet one.
///
/// - Returns: whether the condition held.
public func eventually(
  within limit: Duration = .seconds(60), _ condition: () throws -> Bool
) async rethrows -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return try condition()
}
