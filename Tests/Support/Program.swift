import Foundation

/// A program run by the tests (`circles`, a shell, tmux), its output captured whole.
public struct Program {
  /// The executable.
  public var url: URL

  /// A program at a path.
  public init(url: URL) {
    self.url = url
  }

  /// The program of that name on `PATH`.
  ///
  /// - Throws: `Executable.Missing` naming the Debian package to install, so that a test whose
  ///   tool is missing fails saying what to do rather than passing unchecked.
  public init(named name: String, package: String? = nil) throws(Executable.Missing) {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        self.init(url: candidate)
        return
      }
    }
    throw Executable.Missing(
      description: "\(name) is not installed: run scripts/ensure-deps (Debian's "
        + "\(package ?? name) package)")
  }

  /// Starts the program with arguments in a folder, feeding `input` (or the file `inputFile`)
  /// on standard input, and leaves it running.
  ///
  /// - Parameter environment: variables added to the test process's environment, or the whole
  ///   environment when `inherits` is false.
  public func start(
    _ arguments: [String], in folder: URL, input: String = "", inputFile: URL? = nil,
    environment: [String: String] = [:], inherits: Bool = true,
    capture: RunningProgram.Capture = .separate
  ) throws -> RunningProgram {
    try RunningProgram(
      url, arguments, in: folder, input: input, inputFile: inputFile,
      environment: inherits
        ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment,
      capture: capture)
  }

  /// Runs the program with arguments in a folder, feeding `input` on standard input, and
  /// waits for its end without holding a thread.
  ///
  /// The program starts once fewer than twice the cores' programs are running (`ProgramSlots`).
  ///
  /// - Parameters:
  ///   - environment: variables added to the test process's environment, or the whole
  ///     environment when `inherits` is false.
  ///   - limit: how long it may run, from its start: one still running then is killed, and
  ///     `Executable.Unfinished` thrown. Generous, for a machine several times slower than a
  ///     quiet one; a program that hangs fails its test instead of holding the suite.
  public func run(
    _ arguments: [String], in folder: URL, input: String = "", environment: [String: String] = [:],
    inherits: Bool = true, within limit: Duration = .seconds(300)
  ) async throws -> Executable.Outcome {
    await ProgramSlots.shared.take()
    let result: Result<Executable.Outcome, any Error>
    do {
      let program = try start(
        arguments, in: folder, input: input, environment: environment, inherits: inherits)
      if let outcome = await program.outcome(within: limit) {
        result = .success(outcome)
      } else {
        program.signal(SIGKILL)
        let killed = await program.outcome()
        result = .failure(
          Executable.Unfinished(
            description: "\(url.lastPathComponent) \(arguments.joined(separator: " ")) was still "
              + "running after \(limit) and was killed\n\(killed)"))
      }
    } catch {
      result = .failure(error)
    }
    await ProgramSlots.shared.give()
    return try result.get()
  }
}
