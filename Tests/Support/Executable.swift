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

  /// Why no `circles` binary can be run.
  public struct Missing: Error, CustomStringConvertible {
    /// What is missing and what to do.
    public var description: String
  }

  /// The `circles` binary of the build these tests belong to: the one in the folder of the
  /// test bundle.
  ///
  /// - Throws: `Missing` when that folder holds none, rather than running some other build's.
  public static var url: URL {
    get throws(Missing) { try located.get() }
  }

  private static let located = binary(besideBundleIn: testBundleFolder)

  /// The build folder holding the running test bundle: the folder of the test executable, or,
  /// where tests run as a bundle (`.xctest`) loaded into a runner, the bundle's folder.
  public static var testBundleFolder: URL {
    let bundle = Bundle(for: TemporaryFolder.self).bundleURL.resolvingSymlinksInPath()
    return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
  }

  /// The `circles` executable in a build folder.
  ///
  /// - Returns: its URL, or `Missing` saying where it was looked for and how to build it.
  public static func binary(besideBundleIn folder: URL) -> Result<URL, Missing> {
    let candidate = folder.appendingPathComponent("circles")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
      return .failure(
        Missing(
          description: "no circles executable in \(folder.path), the build folder of these "
            + "tests: build it with 'swift build --build-tests' before 'swift test --skip-build'"
        ))
    }
    return .success(candidate)
  }

  /// Runs `circles` with arguments in a folder, feeding `input` on standard input.
  public static func run(
    _ arguments: [String], in folder: URL, input: String = "", environment: [String: String] = [:]
  ) throws -> Outcome {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env.merge(environment) { $1 }
    return try run(program: try url, arguments, in: folder, input: input, environment: env)
  }

  /// Runs any program with arguments in a folder, with exactly `environment`, feeding `input`
  /// on standard input.
  public static func run(
    program: URL, _ arguments: [String], in folder: URL, input: String = "",
    environment: [String: String]
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment
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
