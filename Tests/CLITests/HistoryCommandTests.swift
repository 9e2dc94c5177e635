import CirclesTestSupport
import Foundation
import Testing

@Suite("circles history, end to end")
struct HistoryCommandTests {
  @Test("prints both stacks as an Edit menu lists them, next step first")
  func stacks() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      """
      add sun at 10,10 radius 5
      add at 20,20 radius 3
      group "Tidy up" {
        move sun by 1,1
        remove c1
      }
      clear
      undo 2
      render never.png
      """, to: "scene.circles")
    let outcome = try await Executable.run(["history", "scene.circles"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == """
        Undo (2 steps, most recent first):
          Undo Add c1
          Undo Add sun
        Redo (2 steps, next first):
          Redo Tidy up
          Redo Clear

        """)
    #expect(folder.files(in: ".") == ["scene.circles"])
  }

  @Test("empty stacks, standard input")
  func empty() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(
      ["history", "-"], in: folder.url, input: "canvas 10x10\n")
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "Undo: nothing to undo\nRedo: nothing to redo\n")
  }

  @Test(
    "a script that stops prints the stacks at that point, then the diagnostic",
    arguments: [
      (
        "add a at 1,1 r 1\nremove b\nadd c at 2,2 r 1\n", Int32(2),
        "<stdin>:2:8: error: no circle named 'b'"
      ),
      ("add a at 1,1 r 1\nexpect count 2\n", Int32(1), "<stdin>:2:"),
    ])
  func stops(script: String, status: Int32, diagnostic: String) async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["history", "-"], in: folder.url, input: script)
    #expect(outcome.status == status, "\(outcome)")
    #expect(
      outcome.stdout == "Undo (1 step, most recent first):\n  Undo Add a\nRedo: nothing to redo\n")
    #expect(outcome.stderr.hasPrefix(diagnostic), "\(outcome)")
  }

  @Test(
    "repl and history are listed in the tool's help and have their own",
    arguments: ["repl", "history"])
  func help(subcommand: String) async throws {
    let folder = try TemporaryFolder()
    let tool = try await Executable.run(["--help"], in: folder.url)
    #expect(tool.stdout.contains("\n  \(subcommand) "), "\(tool)")
    let own = try await Executable.run([subcommand, "--help"], in: folder.url)
    #expect(own.status == 0)
    #expect(own.stdout.hasPrefix("Usage: circles \(subcommand)"))
  }

  @Test("a syntax error prints no history and exits 2")
  func syntaxError() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(
      ["history", "-"], in: folder.url, input: "ad a at 1,1 r 1\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.hasPrefix("<stdin>:1:1: error: unknown command 'ad'"), "\(outcome)")
  }
}
