import CirclesTestSupport
import Foundation
import Testing

/// Loops, variables and expressions through the built binary: `run`, `check`, `history` and
/// `--watch` all read the language with the same parser and interpreter.
@Suite("The language through the binary")
struct LanguageCommandTests {
  static let ring = """
    canvas 60x60
    let n = 4
    repeat n as i {
      add dot{i} at (30 + 20 * cos(i * 90)),(30 + 20 * sin(i * 90)) r 5 fill hsl(i * 90, 80%, 50%)
    }
    group "Shrink" {
      repeat n as i {
        set dot{i} r (5 - i)
      }
    }
    undo
    """

  @Test("run writes one frame per change in a loop, named as if the loop were written out")
  func run() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.ring, to: "ring.circles")
    let outcome = try await Executable.run(["run", "ring.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(outcome.stdout.hasPrefix("7 frames written to out (4 circles, "), "\(outcome)")
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-dot0.png", "0002-add-dot1.png", "0003-add-dot2.png",
        "0004-add-dot3.png", "0005-shrink.png", "0006-undo-shrink.png",
      ])
  }

  @Test("every syntax error is printed, with exit code 2 and no frame written")
  func syntaxErrors() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "canvas 40x40\nrepeat 3 as i {\n  add c{i} at (i * 10,5 r 2\n}\nlet = 4\nclaer\n",
      to: "bad.circles")
    let outcome = try await Executable.run(["run", "bad.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == """
        bad.circles:3:15: error: unbalanced parentheses; add a ')' to close this '('
          add c{i} at (i * 10,5 r 2
                      ^
        bad.circles:5:5: error: expected a variable name after 'let', found '='
        let = 4
            ^
        bad.circles:6:1: error: unknown command 'claer'; did you mean 'clear'?
        claer
        ^~~~~

        """)
    #expect(folder.files(in: "out") == [])
  }

  @Test("a run-time error in a loop stops there, names the iteration, keeps the frames before")
  func runTimeError() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "repeat 5 as i {\n  add c{i} at 5,5 r (10 / (3 - i))\n}\n", to: "loop.circles")
    let outcome = try await Executable.run(["run", "loop.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == """
        loop.circles:2:27: error: division by zero
          add c{i} at 5,5 r (10 / (3 - i))
                                  ^~~~~~~
        loop.circles:1:1: note: in iteration 4 of this repeat (i = 3)

        """)
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-c0.png", "0002-add-c1.png", "0003-add-c2.png",
      ])
  }

  @Test("history prints the stacks a loop leaves")
  func history() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["history", "-"], in: folder.url, input: Self.ring)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stdout == """
        Undo (4 steps, most recent first):
          Undo Add dot3
          Undo Add dot2
          Undo Add dot1
          Undo Add dot0
        Redo (1 step, next first):
          Redo Shrink

        """)
  }

  @Test("check records and passes a loop script's frames, and fails when the loop changes")
  func check() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.ring, to: "ring.circles")
    let record = try await Executable.run(["check", "ring.circles", "--record"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    #expect(folder.files(in: "__snapshots__/ring").count == 7)
    let pass = try await Executable.run(["check", "ring.circles"], in: folder.url)
    #expect(pass.status == 0, "\(pass)")
    try folder.write(
      Self.ring.replacingOccurrences(of: "80%, 50%", with: "80%, 40%"), to: "ring.circles")
    let fail = try await Executable.run(["check", "ring.circles"], in: folder.url)
    #expect(fail.status == 1, "\(fail)")
    #expect(fail.stdout.contains("first diverging frame 0001-add-dot0"), "\(fail)")
    try folder.write("repeat (x {\n}\n", to: "ring.circles")
    let broken = try await Executable.run(["check", "ring.circles"], in: folder.url)
    #expect(broken.status == 2, "\(broken)")
    #expect(
      broken.stderr.hasPrefix(
        "ring.circles:1:8: error: unbalanced parentheses; add a ')' to close this '('\n"),
      "\(broken)")
  }

  @Test("--watch runs a loop again when it grows; a broken edit reports every error and goes on")
  func watch() async throws {
    let folder = try TemporaryFolder()
    let script = "canvas 40x40\nrepeat 2 as i {\n  add c{i} at (i * 10 + 5),5 r 4\n}\n"
    try folder.write(script, to: "w.circles")
    let run = try Executable.start(
      ["run", "w.circles", "-o", "out", "--watch"], in: folder.url, capture: .together)
    #expect(
      await eventually { run.stdout.contains("3 frames in out: 3 rewritten") }, "\(run.stdout)")
    try folder.save(script.replacingOccurrences(of: "repeat 2", with: "repeat 3"), to: "w.circles")
    #expect(
      await eventually { run.stdout.contains("4 frames in out: 1 rewritten") }, "\(run.stdout)")
    try folder.save("repeat 2 {\n  add at 1,1 r (\n  remove\n}\n", to: "w.circles")
    let reported = await eventually {
      run.stdout.contains("w.circles:2:16: error:") && run.stdout.contains("w.circles:3:9: error:")
    }
    #expect(reported, "\(run.stdout)")
    #expect(run.isRunning)
    #expect(folder.files(in: "out").count == 4)
    await run.stop()
  }
}
