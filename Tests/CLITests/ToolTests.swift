import CirclesTestSupport
import Foundation
import Testing

@Suite("circles: help, version and command-line mistakes")
struct ToolTests {
  @Test("the end-to-end tests run the circles of their own build, and say so when there is none")
  func executableOfThisBuild() throws {
    let folder = Executable.testBundleFolder
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("circlesPackageTests.xctest").path),
      "\(folder.path) holds no test bundle")
    #expect(try Executable.url == folder.appendingPathComponent("circles"))
    let empty = try TemporaryFolder()
    guard case .failure(let missing) = Executable.binary(besideBundleIn: empty.url) else {
      Issue.record("a folder without circles gave an executable")
      return
    }
    #expect(
      missing.description
        == "no circles executable in \(empty.url.path), the build folder of these tests: build "
        + "it with 'swift build --build-tests' before 'swift test --skip-build'")
  }

  @Test("--version prints the version on stdout")
  func version() async throws {
    let outcome = try await Executable.run(["--version"], in: repositoryRoot)
    #expect(outcome.status == 0)
    #expect(outcome.stdout.hasPrefix("circles "))
    #expect(outcome.stderr == "")
  }

  @Test(
    "--help lists the subcommands; each subcommand has its own help",
    arguments: ["run", "check", "diff"])
  func help(subcommand: String) async throws {
    let tool = try await Executable.run(["--help"], in: repositoryRoot)
    #expect(tool.status == 0)
    #expect(tool.stdout.contains("  \(subcommand) "))
    let own = try await Executable.run([subcommand, "--help"], in: repositoryRoot)
    #expect(own.status == 0)
    #expect(own.stdout.hasPrefix("Usage: circles \(subcommand)"))
  }

  @Test(
    "mistakes on the command line exit 2 with a clear message",
    arguments: [
      ([], "Usage: circles <subcommand>"),
      (["rnu"], "circles: error: unknown subcommand 'rnu'; did you mean 'run'?"),
      (
        ["version"],
        "circles: error: unknown subcommand 'version'; the version is 'circles --version'"
      ),
      (
        ["scene.circles"],
        "circles: error: unknown subcommand 'scene.circles'; to run a script: circles run scene.circles"
      ),
      (["run", "--", "--help"], "circles: error: cannot read '--help': no such file or folder"),
      (
        ["help", "shapes"],
        "circles: error: no help topic 'shapes'; the topics are 'language', 'colours', a subcommand (run, "
      ),
      (["run"], "circles: error: run needs a script file (or '-' for standard input)"),
      (
        ["run", "a.circles", "--ouput", "x"],
        "circles: error: unknown option '--ouput'; did you mean '--output'?"
      ),
      (["run", "a.circles", "-o"], "circles: error: option '-o' needs a value"),
      (
        ["run", "missing.circles"],
        "circles: error: cannot read 'missing.circles': no such file or folder"
      ),
      (["run", "."], "circles: error: cannot read '.': is a folder, not a script"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let outcome = try await Executable.run(arguments, in: repositoryRoot)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.contains(message), "\(outcome)")
  }

  @Test("AssertExecuteCommand says what differs: the exit code, and each stream line by line")
  func executeComparison() {
    let outcome = Executable.Outcome(status: 1, stdout: "a\nb\n", stderr: "oops")
    #expect(
      ExecuteComparison.report(of: outcome, stdout: "a\nb\n", stderr: "oops", exitCode: 1) == nil)
    #expect(
      ExecuteComparison.report(of: outcome, stdout: "a\nb\n", stderr: "", exitCode: 1)
        == "stderr differs:\n+ oops⏎")
    #expect(
      ExecuteComparison.report(of: outcome, stdout: "a\nc\n", stderr: "oops", exitCode: 2)
        == "exit code 1, expected 2\nstdout differs:\n  a\n- c\n+ b")
    #expect(
      ExecuteComparison.report(of: outcome, stdout: "a\nb\nc\n", stderr: "oops\n", exitCode: 1)
        == "stdout differs:\n  a\n  b\n- c\nstderr differs:\n- oops\n+ oops⏎")
    #expect(
      ExecuteComparison.shell(["run", "a b.circles", "-o", "it's"])
        == "run 'a b.circles' -o 'it'\\''s'")
  }
}
