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

  /// Runs the program with arguments in a folder, feeding `input` on standard input.
  ///
  /// - Parameter environment: variables added to the test process's environment, or the whole
  ///   environment when `inherits` is false.
  public func run(
    _ arguments: [String], in folder: URL, input: String = "", environment: [String: String] = [:],
    inherits: Bool = true
  ) throws -> Executable.Outcome {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment =
      inherits ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
    // Output goes to files rather than pipes, so a chatty child can never block on a full pipe.
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-capture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: capture) }
    let outURL = capture.appendingPathComponent("stdout")
    let errURL = capture.appendingPathComponent("stderr")
    let inURL = capture.appendingPathComponent("stdin")
    try Data(input.utf8).write(to: inURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let inHandle = try FileHandle(forReadingFrom: inURL)
    process.standardInput = inHandle
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    try inHandle.close()
    return Executable.Outcome(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
