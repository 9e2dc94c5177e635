import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles completions, end to end")
struct CompletionsCommandTests {
  @Test("prints the script of each shell on standard output", arguments: CompletionShell.allCases)
  func script(shell: CompletionShell) async throws {
    let outcome = try await Executable.run(["completions", shell.rawValue], in: repositoryRoot)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(outcome.stdout == CommandLineTool.completionScript(for: shell))
    #expect(outcome.stdout.contains("completion for circles \(CommandLineTool.version)"))
  }

  @Test("the tool's help lists the subcommand")
  func listed() async throws {
    let outcome = try await Executable.run(["--help"], in: repositoryRoot)
    #expect(
      outcome.stdout.contains(
        "  completions    Print the shell completion script for bash, zsh or fish.\n"))
  }

  @Test(
    "a missing, unknown or extra shell exits 2 with the whole message",
    arguments: [
      ([], "completions needs a shell: bash, zsh or fish"),
      (["tcsh"], "unknown shell 'tcsh'; use bash, zsh or fish"),
      (["bsah"], "unknown shell 'bsah'; did you mean 'bash'?"),
      (["Fish"], "unknown shell 'Fish'; did you mean 'fish'?"),
      (["bash", "zsh"], "completions takes one shell; 'zsh' is extra"),
      (["--zsh"], "unknown option '--zsh'"),
      (["\u{1B}[31mred"], "unknown shell '\u{241B}[31mred'; use bash, zsh or fish"),
      (["--\u{1B}]0;x\u{7}"], "unknown option '--\u{241B}]0;x\u{2407}'"),
      (["zsh", "--hepl"], "unknown option '--hepl'; did you mean '--help'?"),
    ])
  func mistakes(arguments: [String], message: String) async throws {
    let outcome = try await Executable.run(["completions"] + arguments, in: repositoryRoot)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr
        == "circles: error: \(message)\nRun 'circles completions --help' for its usage.\n")
  }
}
