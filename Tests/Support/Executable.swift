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
    /// Whether a signal ended the program (`status` is then the signal's number).
    public var signalled = false

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
  }

  /// Why no `circles` binary can be run.
  public struct Missing: Error, CustomStringConvertible {
    /// What is missing and what to do.
    public var description: String
  }

  /// A program that was still running at its deadline, and was killed.
  public struct Unfinished: Error, CustomStringConvertible {
    /// The program, its deadline and what it printed.
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

  /// Runs `circles` with arguments in a folder, feeding `input` on standard input, and waits
  /// for its end without holding a thread.
  ///
  /// It runs as in CI (`CI=true`), wherever the tests run, so that a check records nothing it
  /// was not asked to; a test of a person's first run passes `"CI": ""`. It runs outside GitHub
  /// Actions (`GITHUB_ACTIONS` empty), so that the suite prints the same there; a test of the
  /// workflow commands passes `"GITHUB_ACTIONS": "true"`.
  public static func run(
    _ arguments: [String], in folder: URL, input: String = "", environment: [String: String] = [:]
  ) async throws -> Outcome {
    try await start(arguments, in: folder, input: input, environment: environment).outcome()
  }

  /// Starts `circles` with arguments in a folder, feeding `input` (or the file `inputFile`) on
  /// standard input, and leaves it running in the background (as in CI, as `run` does).
  public static func start(
    _ arguments: [String], in folder: URL, input: String = "", inputFile: URL? = nil,
    environment: [String: String] = [:], capture: RunningProgram.Capture = .separate
  ) throws -> RunningProgram {
    try Program(url: try url).start(
      arguments, in: folder, input: input, inputFile: inputFile,
      environment: ["NO_COLOR": "1", "CI": "true", "GITHUB_ACTIONS": ""].merging(environment) {
        $1
      }, capture: capture)
  }

  /// Runs any program with arguments in a folder, with exactly `environment`, feeding `input`
  /// on standard input.
  public static func run(
    program: URL, _ arguments: [String], in folder: URL, input: String = "",
    environment: [String: String]
  ) async throws -> Outcome {
    try await Program(url: program).run(
      arguments, in: folder, input: input, environment: environment, inherits: false)
  }
}

/// The repository's root folder (for the samples).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
