import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// Runs `circles` inside a pseudo-terminal through util-linux's `script`, typing `input`.
///
/// `script` copies its standard input to the terminal and ends the input at the end of the file;
/// what comes back is everything the terminal showed: the echoed input and the tool's output.
func runInTerminal(_ arguments: [String], in folder: URL, input: String) async throws -> (
  status: Int32, screen: String
) {
  let script = try Program(named: "script", package: "util-linux")
  let command = ([try Executable.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
  // The history goes to the test's folder, never to the home folder.
  let outcome = try await script.run(
    ["-qfec", command, "/dev/null"], in: folder, input: input,
    environment: [
      "NO_COLOR": "1", "TERM": "dumb",
      "CIRCLES_HISTORY": folder.appendingPathComponent(".history").path,
    ])
  // The terminal shows both of the tool's streams; `script` writes only its own errors apart.
  let screen = outcome.stdout + outcome.stderr
  return (outcome.status, screen.replacingOccurrences(of: "\r\n", with: "\n"))
}

@Suite("circles repl, end to end")
struct ReplCommandTests {
  @Test("piped input: results on stdout, diagnostics on stderr, no prompt, exit 2 after an error")
  func pipedInput() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(
      ["repl", "-o", "live.png"], in: folder.url,
      input: """
        canvas 30x30
        add sun at 15,15 radius 10 fill #0000ff
        remove moon
        undo
        redo
        :history
        :save session.circles

        """)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stdout == """
        Undo Add sun
        Redo Add sun
        Undo (1 step, most recent first):
          Undo Add sun
        Redo: nothing to redo
        saved 4 lines to session.circles

        """)
    #expect(
      outcome.stderr == """
        <repl>:3:8: error: no circle named 'moon'
        remove moon
               ^~~~

        """)
    let live = try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("live.png")))
    #expect(live.width == 30)
    #expect(live.colour(atX: 15, y: 15) == .init(red: 0, green: 0, blue: 255))
    let saved = try String(
      contentsOf: folder.url.appendingPathComponent("session.circles"), encoding: .utf8)
    #expect(saved == "canvas 30x30\nadd sun at 15,15 radius 10 fill #0000ff\nundo\nredo\n")
  }

  @Test("a clean piped session exits 0, a failed expect alone exits 1")
  func pipedExitCodes() async throws {
    let folder = try TemporaryFolder()
    let clean = try await Executable.run(["repl"], in: folder.url, input: "add a at 1,1 r 1\n")
    #expect(clean.status == 0, "\(clean)")
    #expect(clean.stdout == "" && clean.stderr == "")
    let failed = try await Executable.run(["repl"], in: folder.url, input: "expect count 3\n")
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.stderr.hasPrefix("<repl>:1:"), "\(failed)")
  }

  @Test("in a terminal: a banner, prompts, a continuation prompt in a group, menu titles")
  func terminal() async throws {
    let folder = try TemporaryFolder()
    let run = try await runInTerminal(
      ["repl", "-o", "live.png"], in: folder.url,
      input: """
        add sun at 10,10 radius 5
        group "Pair" {
        add a at 1,1 radius 1
        }
        undo
        remove ghost
        :quit

        """)
    #expect(run.status == 0, "\(run.screen)")
    let screen = run.screen
    #expect(screen.contains("type drawing commands, :help for help, :quit to end."), "\(screen)")
    #expect(screen.contains("circles> "), "\(screen)")
    #expect(screen.contains("   ...> "), "\(screen)")
    #expect(screen.contains("Undo Pair\n"), "\(screen)")
    #expect(screen.contains("<repl>:6:8: error: no circle named 'ghost'\n"), "\(screen)")
    #expect(
      FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("live.png").path))
  }

  @Test("a live picture needs a picture extension; repl takes no script")
  func usage() async throws {
    let folder = try TemporaryFolder()
    let badPicture = try await Executable.run(["repl", "-o", "live.txt"], in: folder.url)
    #expect(badPicture.status == 2)
    #expect(badPicture.stderr.hasPrefix("circles: error: the live picture 'live.txt' needs a"))
    let extra = try await Executable.run(["repl", "scene.circles"], in: folder.url)
    #expect(extra.status == 2)
    #expect(extra.stderr.hasPrefix("circles: error: repl takes no script"))
  }
}
