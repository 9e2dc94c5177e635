import Testing

@testable import CircleScript

@Suite("Interpreter diagnostics")
struct InterpreterDiagnosticTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var source: String
    var expected: String
    var testDescription: String { source.split(separator: "\n").last.map(String.init) ?? "" }
  }

  static let expectations: [Case] = [
    Case(
      source: "add a at 1,1 r 1\nexpect count 2",
      expected: """
        scene.circles:2:1: error: expected 2 circles, found 1
        expect count 2
        ^~~~~~~~~~~~~~

        """),
    Case(
      source: "expect count 1",
      expected: """
        scene.circles:1:1: error: expected 1 circle, found none
        expect count 1
        ^~~~~~~~~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1\n  expect undo \"Add b\"  // wrong",
      expected: """
        scene.circles:2:3: error: expected the next undo to be 'Add b', found 'Add a'
          expect undo "Add b"  // wrong
          ^~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1\nexpect undo none",
      expected: """
        scene.circles:2:1: error: expected nothing to undo, found 'Add a'
        expect undo none
        ^~~~~~~~~~~~~~~~

        """),
    Case(
      source: "expect redo \"Clear\"",
      expected: """
        scene.circles:1:1: error: expected the next redo to be 'Clear', found nothing to redo
        expect redo "Clear"
        ^~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "expect pixel 10,10 red",
      expected: """
        scene.circles:1:1: error: expected pixel at 10,10 to be #ff0000, found #ffffff
        expect pixel 10,10 red
        ^~~~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "add a at 5,5 r 5 fill #00000080\nexpect pixel 5,5 #00000088 within 7",
      expected: """
        scene.circles:2:1: error: expected pixel at 5,5 to be #00000088 within 7, found #00000080
        expect pixel 5,5 #00000088 within 7
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """),
  ]

  static let errors: [Case] = [
    Case(
      source: "add moon at 1,1 r 1\ngroup \"g\" {\n    remove mon\n}",
      expected: """
        scene.circles:3:12: error: no circle named 'mon'; did you mean 'moon'?
            remove mon
                   ^~~

        """),
    Case(
      source: "move sun to 1,1",
      expected: """
        scene.circles:1:6: error: no circle named 'sun'
        move sun to 1,1
             ^~~

        """),
    Case(
      source: "add sun at 1,1 r 1\nremove sun\nadd sun at 1,1 r 1\nadd sun at 2,2 r 2",
      expected: """
        scene.circles:4:5: error: a circle named 'sun' already exists
        add sun at 2,2 r 2
            ^~~
        scene.circles:3:5: note: 'sun' is added here

        """),
    Case(
      source: "undo",
      expected: """
        scene.circles:1:1: error: nothing to undo
        undo
        ^~~~

        """),
    Case(
      source: "redo 2",
      expected: """
        scene.circles:1:6: error: cannot redo 2 steps: nothing to redo
        redo 2
             ^

        """),
    Case(
      source: "add a at 1,1 r 1\nundo\nredo 3",
      expected: """
        scene.circles:3:6: error: cannot redo 3 steps: only 1 available
        redo 3
             ^

        """),
    Case(
      source: "canvas 100x50 scale 2\nexpect pixel 100,10 white",
      expected: """
        scene.circles:2:14: error: point 100,10 is outside the 100x50 canvas
        expect pixel 100,10 white
                     ^~~~~~

        """),
    Case(
      source: "expect pixel -0.5,0 white",
      expected: """
        scene.circles:1:14: error: point -0.5,0 is outside the 512x512 canvas
        expect pixel -0.5,0 white
                     ^~~~~~

        """),
  ]

  @Test("a failed expect stops the script with exit code 1", arguments: expectations)
  func expectationFailures(_ test: Case) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 1)
  }

  @Test("run-time errors point at the right token with exit code 2", arguments: errors)
  func runErrors(_ test: Case) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 2)
  }

  @Test("a host that cannot write a frame stops the script at the command")
  func frameWriteFailure() {
    let host = RecordingHost()
    host.failingFrames = [1]
    let outcome = run("add a at 1,1 r 1\nadd b at 1,1 r 1", host: host)
    #expect(
      outcome.rendered == """
        scene.circles:1:1: error: cannot write frame '0001-add-a': no space left
        add a at 1,1 r 1
        ^~~~~~~~~~~~~~~~

        """)
    #expect(host.frameNames == ["0000-start"])
  }

  @Test("a host that cannot render stops the script at the file name of the command")
  func renderFailure() {
    let host = RecordingHost()
    host.failsRenders = true
    let outcome = run("render out.png\nclear", host: host)
    #expect(outcome.failure?.exitCode == 2)
    #expect(
      outcome.rendered == """
        scene.circles:1:8: error: cannot render 'out.png': permission denied
        render out.png
               ^~~~~~~

        """)
    #expect(host.frameNames == ["0000-start"])
  }
}
