import Foundation

/// Runs the built `circles` binary as a user would and captures what it prints.
public struct Executable {
  /// The outcome of one run.
  public struct Outcome: CustomStringConvertible {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
  }

  /// The binary beside the test bundle in the build folder.
  public static let url: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("circles")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/circles")
  }()

  /// Runs `circles` (or another program) with arguments in a folder, feeding `input` on
  /// standard input.
  public static func run(
    _ arguments: [String], in folder: URL, input: String = "", environment: [String: String] = [:],
    program: URL = url
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env.merge(environment) { $1 }
    process.environment = env
    // Output goes to files rather than pipes, so a chatty child can never block on a full pipe.
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-capture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: capture) }
    let outURL = capture.appendingPathComponent("stdout")
    let errURL = capture.appendingPathComponent("stderr")
    let inURL = capture.appendingPathComponent("stdin")
    try Data(input.utf8).write(to: inURL)
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
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
    return Outcome(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

/// The repository's root folder (for the samples).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
