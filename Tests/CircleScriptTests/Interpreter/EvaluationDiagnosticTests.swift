import Testing

@testable import CircleScript

/// The run-time errors of docs/language.md, "Variables, expressions and loops", rendered whole: located at the expression, exit code 2,
/// and inside a loop a note naming the iteration.
@Suite("Evaluation diagnostics")
struct EvaluationDiagnosticTests {
  typealias Case = DiagnosticCase

  /// Fifty-two factors of a million: the product passes the largest finite number.
  static let overflow =
    "let big = 1000000\nlet x = "
    + Array(repeating: "big", count: 52)
    .joined(separator: " * ")

  static let errors: [Case] = [
    Case(
      source: "let size = 4\nadd a at 1,1 r sise",
      expected: """
        scene.circles:2:16: error: unknown variable 'sise'; did you mean 'size'?
        add a at 1,1 r sise
                       ^~~~

        """),
    Case(
      source: "add a at (cx + 1),1 r 1",
      expected: """
        scene.circles:1:11: error: unknown variable 'cx'
        add a at (cx + 1),1 r 1
                  ^~

        """),
    Case(
      source: "add sun at 1,1 r 1\nset sun width nan2",
      expected: """
        scene.circles:2:15: error: unknown variable 'nan2'
        set sun width nan2
                      ^~~~

        """),
    Case(
      source: "repeat 0 as k {\n}\nlet x = k",
      expected: """
        scene.circles:3:9: error: unknown variable 'k'
        let x = k
                ^

        """),
    Case(
      source: "let x = 1 / 0",
      expected: """
        scene.circles:1:13: error: division by zero
        let x = 1 / 0
                    ^

        """),
    Case(
      source: "let n = 2\nlet x = 7 % (n - 2)",
      expected: """
        scene.circles:2:13: error: remainder of a division by zero
        let x = 7 % (n - 2)
                    ^~~~~~~

        """),
    Case(
      source: "let x = sqrt(0 - 4)",
      expected: """
        scene.circles:1:9: error: sqrt of a negative number, -4
        let x = sqrt(0 - 4)
                ^~~~~~~~~~~

        """),
    Case(
      source: overflow,
      expected: """
        scene.circles:2:9: error: the result is not a finite number
        \(overflow.split(separator: "\n")[1])
                ^\(String(repeating: "~", count: 51 * 6 + 2))

        """),
    Case(
      source: "let x = 1000 * 1001",
      expected: """
        scene.circles:1:9: error: result 1001000 is too large; numbers must be between -1000000 \
        and 1000000
        let x = 1000 * 1001
                ^~~~~~~~~~~

        """),
    Case(
      source: "let w = 999999\nadd a at (w + 2),0 r 1",
      expected: """
        scene.circles:2:10: error: result 1000001 is too large; numbers must be between -1000000 \
        and 1000000
        add a at (w + 2),0 r 1
                 ^~~~~~~

        """),
    Case(
      source: "let x = random(5, 2)",
      expected: """
        scene.circles:1:9: error: random(a, b) needs a ≤ b, not 5 and 2
        let x = random(5, 2)
                ^~~~~~~~~~~~

        """),
    Case(
      source: "let n = 2.5\nrepeat n {\n}",
      expected: """
        scene.circles:2:8: error: repeat count must be a whole number, not 2.5
        repeat n {
               ^

        """),
    Case(
      source: "let n = 1\nrepeat (n - 2) {\n}",
      expected: """
        scene.circles:2:8: error: repeat count must be at least 0, not -1
        repeat (n - 2) {
               ^~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1\nlet n = 0\nundo n",
      expected: """
        scene.circles:3:6: error: undo count must be at least 1, not 0
        undo n
             ^

        """),
    Case(
      source: "let t = 256\nexpect pixel 1,1 red within t",
      expected: """
        scene.circles:2:29: error: tolerance must be between 0 and 255, not 256
        expect pixel 1,1 red within t
                                    ^

        """),
    Case(
      source: "let s = -1\nadd a at 1,1 r s",
      expected: """
        scene.circles:2:16: error: radius must be at least 0, not -1
        add a at 1,1 r s
                       ^

        """),
    Case(
      source: "let g = 300\nadd a at 1,1 r 1 fill rgb(0, g, 0)",
      expected: """
        scene.circles:2:30: error: green must be between 0 and 255, not 300
        add a at 1,1 r 1 fill rgb(0, g, 0)
                                     ^

        """),
    Case(
      source: "let s = 4\ncanvas 8192x10 scale (s / 2 + .5)",
      expected: """
        scene.circles:2:22: error: canvas 8192x10 at scale 2.5 is too large; each side × scale \
        must be at most 16384
        canvas 8192x10 scale (s / 2 + .5)
                             ^~~~~~~~~~~~

        """),
  ]

  static let insideLoops: [Case] = [
    Case(
      source: "let n = 3\nrepeat 5 as i {\n  add c{i} at (10 / (i - n)),1 r 1\n}",
      expected: """
        scene.circles:3:21: error: division by zero
          add c{i} at (10 / (i - n)),1 r 1
                            ^~~~~~~
        scene.circles:2:1: note: in iteration 4 of this repeat (i = 3)

        """),
    Case(
      source: "repeat 7 as i {\n  add dot{i / 2} at 1,1 r 1\n}",
      expected: """
        scene.circles:2:11: error: interpolation must be a whole number, not 0.5
          add dot{i / 2} at 1,1 r 1
                  ^~~~~
        scene.circles:1:1: note: in iteration 2 of this repeat (i = 1)

        """),
    Case(
      source: "repeat 3 as i {\n  add {i}x at 1,1 r 1\n}",
      expected: """
        scene.circles:2:7: error: invalid id '0x'; an id is a letter or '_' followed by letters, \
        digits, '_' or '-'
          add {i}x at 1,1 r 1
              ^~~~
        scene.circles:1:1: note: in iteration 1 of this repeat (i = 0)

        """),
    Case(
      source: "repeat 2 {\n  repeat 3 as j {\n    add a{j} at 1,1 r 1\n  }\n}",
      expected: """
        scene.circles:3:9: error: a circle named 'a0' already exists
            add a{j} at 1,1 r 1
                ^~~~
        scene.circles:3:9: note: 'a0' is added here
        scene.circles:2:3: note: in iteration 1 of this repeat (j = 0)
        scene.circles:1:1: note: in iteration 2 of this repeat

        """),
    Case(
      source: "group \"g\" {\n  repeat 4 as i {\n    move m{i} by 1,1\n  }\n}",
      expected: """
        scene.circles:3:10: error: no circle named 'm0'
            move m{i} by 1,1
                 ^~~~
        scene.circles:2:3: note: in iteration 1 of this repeat (i = 0)

        """),
    Case(
      source: "add a at 1,1 r 1\nrepeat 3 {\n  undo\n}",
      expected: """
        scene.circles:3:3: error: nothing to undo
          undo
          ^~~~
        scene.circles:2:1: note: in iteration 2 of this repeat

        """),
    Case(
      source: "seed 3\nrepeat 10 as i {\n  let x = random(i, 5)\n}",
      expected: """
        scene.circles:3:11: error: random(a, b) needs a ≤ b, not 6 and 5
          let x = random(i, 5)
                  ^~~~~~~~~~~~
        scene.circles:2:1: note: in iteration 7 of this repeat (i = 6)

        """),
  ]

  @Test("each error of an expression, at the expression, with exit code 2", arguments: errors)
  func evaluationErrors(_ test: Case) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 2)
  }

  @Test(
    "an error inside a loop names the iteration in a note at the repeat", arguments: insideLoops)
  func errorsInsideLoops(_ test: Case) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 2)
  }

  @Test("a run-time error stops at the first: the frames before it stay, nothing after runs")
  func stopsAtFirst() {
    let outcome = run(
      "repeat 5 as i {\n  add c{i} at 1,1 r (2 / (2 - i))\n}\nadd after at 1,1 r 1")
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-c0", "0002-add-c1"])
    #expect(outcome.failure?.diagnostics.count == 1)
  }

  @Test("a failed expect inside a loop also names the iteration, with exit code 1")
  func expectInsideLoop() {
    let outcome = run("repeat 3 as i {\n  add at 1,1 r 1\n  expect count (i * i + 1)\n}")
    #expect(
      outcome.rendered == """
        scene.circles:3:3: error: expected 5 circles, found 3
          expect count (i * i + 1)
          ^~~~~~~~~~~~~~~~~~~~~~~~
        scene.circles:1:1: note: in iteration 3 of this repeat (i = 2)

        """)
    #expect(outcome.failure?.exitCode == 1)
  }
}
