import CirclesTestSupport
import Foundation
import Testing

@Suite("circles run, end to end")
struct RunCommandTests {
  @Test("a script writes its start frame and one frame per change, named by step and action")
  func framesOfAScript() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      """
      canvas 40x30
      add sun at 10,10 radius 5 fill gold
      add at 20,20 radius 4
      clear
      undo
      redo
      group "Batch edit" {
        add x at 5,5 radius 2
        add y at 6,6 radius 2
      }
      """, to: "scene.circles")
    let outcome = try await Executable.run(["run", "scene.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-sun.png", "0002-add-c1.png", "0003-clear.png",
        "0004-undo-clear.png", "0005-redo-clear.png", "0006-batch-edit.png",
      ])
    #expect(outcome.stdout.hasPrefix("7 frames written to out (2 circles, "), "\(outcome)")
  }

  @Test(
    "a run that stops says so before its count: at an error (exit 2) or a failed expect (exit 1)",
    arguments: [
      ("remove nope", 2, "run stopped by the error at line 3 after 3 frames, written to out"),
      (
        "expect count 5", 1,
        "run stopped by the failed expect at line 3 after 3 frames, written to out"
      ),
    ])
  func stoppedRun(line: String, status: Int32, summary: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "add a at 5,5 r 2\nadd b at 9,9 r 2\n\(line)\nadd c at 1,1 r 1\n", to: "s.circles")
    let outcome = try await Executable.run(["run", "s.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == status, "\(outcome)")
    #expect(
      AnimationCommandTests.timeless(outcome.stdout) == summary + " (2 circles, <t>)\n",
      "\(outcome)")
    #expect(outcome.stderr.hasPrefix("s.circles:3:"), "\(outcome)")
    #expect(folder.files(in: "out").count == 3)
  }

  @Test("'-' reads the script from standard input; an empty script gives the start frame")
  func standardInput() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["run", "-", "-o", "frames"], in: folder.url, input: "")
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "frames") == ["0000-start.png"])
    #expect(outcome.stdout.hasPrefix("1 frame written to frames (0 circles, "))
  }

  @Test("without -o the frames go to '<script name>-frames'")
  func defaultOutputFolder() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 radius 1\n", to: "dot.circles")
    let outcome = try await Executable.run(["run", "dot.circles"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "dot-frames") == ["0000-start.png", "0001-add-a.png"])
  }

  @Test("a syntax error is reported as a compiler does, exits 2 and writes no frame")
  func syntaxError() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 radius 1\nadd b at 2,2 radius 1 fill blu\n", to: "bad.circles")
    let outcome = try await Executable.run(["run", "bad.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == """
        bad.circles:2:28: error: unknown colour 'blu'; did you mean 'blue'?
        add b at 2,2 radius 1 fill blu
                                   ^~~

        """)
    #expect(folder.files(in: "out") == [])
  }

  @Test("a run error stops the script; frames before it stay and are whole")
  func runError() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "canvas 20x20\nadd sun at 5,5 radius 3\ngroup \"g\" {\n    remove moon\n}\n",
      to: "scene.circles")
    let outcome = try await Executable.run(["run", "scene.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == """
        scene.circles:4:12: error: no circle named 'moon'
            remove moon
                   ^~~~

        """)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-sun.png"])
  }

  @Test("a failed expect exits 1 and says what was expected and found")
  func failedExpect() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 5,5 radius 3\nexpect count 2\n", to: "e.circles")
    let outcome = try await Executable.run(["run", "e.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("e.circles:2:"), "\(outcome)")
    #expect(outcome.stderr.contains("error: "))
    #expect(outcome.stderr.contains("2"))
  }

  @Test("frames left from an earlier run that this run did not write are removed; other files stay")
  func staleFrames() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 radius 1\nadd b at 2,2 radius 1\n", to: "s.circles")
    try folder.write("keep me", to: "out/notes.txt")
    _ = try await Executable.run(["run", "s.circles", "-o", "out"], in: folder.url)
    try folder.write("add a at 1,1 radius 1\n", to: "s.circles")
    let outcome = try await Executable.run(["run", "s.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png", "notes.txt"])
  }
}
