import CircleCanvas
import Testing

@testable import CircleScript

/// `if`, `else if` and `else` (docs/language.md, "Conditions"): the first branch whose condition
/// is not 0 runs, as if its commands were written in place of the `if`.
@Suite("if and else")
struct ConditionTests {
  static let chain = """
    if size < 10 {
      add small at 1,1 r 1
    } else if size < 100 {
      add medium at 1,1 r 1
    } else if size < 1000 {
      add large at 1,1 r 1
    } else {
      add huge at 1,1 r 1
    }
    """

  @Test(
    "the first true branch runs, else the else; each condition on both sides of its boundary",
    arguments: [
      (9.0, "small"), (10, "medium"), (99, "medium"), (100, "large"), (999, "large"),
      (1000, "huge"), (-5, "small"),
    ])
  func chosenBranch(size: Double, id: String) throws {
    let outcome = run("let size = \(size)\n" + Self.chain)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.interpreter?.canvas.circles.map(\.id) == [id])
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-\(id)"])
  }

  @Test("no true branch and no else: nothing runs, no step, no frame")
  func nothingChosen() throws {
    let outcome = run("if 0 {\n  add a at 1,1 r 1\n} else if 1 < 0 {\n  add b at 1,1 r 1\n}")
    #expect(outcome.failure == nil)
    #expect(outcome.host.frameNames == ["0000-start"])
    #expect(outcome.interpreter?.canvas.undoManager.undoCount == 0)
  }

  @Test("a value is true when it is not 0: negative numbers and fractions too")
  func truth() throws {
    for (condition, runs) in [("-1", true), ("0.001", true), ("0", false), ("-0", false)] {
      let outcome = run("if \(condition) {\n  add a at 1,1 r 1\n}")
      #expect(outcome.host.frames.count == (runs ? 2 : 1), "\(condition)")
    }
  }

  @Test("at top level a branch runs as written out: each change its own step and frame")
  func topLevelAsWrittenOut() throws {
    let branched = run(
      "add a at 1,1 r 1\nif 1 {\n  move a by 1,0\n  undo\n  redo\n  set a fill red\n}\nundo")
    let written = run("add a at 1,1 r 1\nmove a by 1,0\nundo\nredo\nset a fill red\nundo")
    #expect(branched.failure == nil, "\(branched.rendered ?? "")")
    #expect(branched.host.frames == written.host.frames)
    #expect(
      branched.interpreter?.canvas.undoManager.undoCount
        == written.interpreter?.canvas.undoManager.undoCount)
  }

  @Test("inside a group a branch belongs to the group: one step, one frame")
  func insideGroup() throws {
    let outcome = run(
      """
      group "Pick" {
        add a at 1,1 r 1
        if 2 > 1 {
          add b at 2,2 r 1
          set a fill red
        } else {
          add c at 3,3 r 1
        }
      }
      """)
    #expect(outcome.host.frameNames == ["0000-start", "0001-pick"])
    let canvas = try #require(outcome.interpreter?.canvas)
    #expect(canvas.circles.map(\.id) == ["a", "b"])
    #expect(canvas.undoManager.undoCount == 1)
    canvas.undoManager.undo()
    #expect(canvas.circles.isEmpty)
  }

  @Test("a group whose branch changes nothing is no step, as an empty group is none")
  func emptyBranchInGroup() throws {
    let outcome = run("group \"None\" {\n  if 0 {\n    add a at 1,1 r 1\n  }\n}")
    #expect(outcome.failure == nil)
    #expect(outcome.host.frameNames == ["0000-start"])
  }

  @Test("if nests in every block and every block in if, reading the loop variables")
  func nesting() throws {
    let outcome = run(
      """
      repeat 6 as i {
        if i % 2 == 0 {
          group "Even {i}" {
            repeat 2 as j {
              if j == 0 and i > 0 {
                add e{i}x{j} at (i),(j) r 1
              } else {
                if i == 4 {
                  add four at 1,1 r 1
                }
              }
            }
          }
        } else if i == 5 {
          repeat 2 {
            add at 5,5 r 1
          }
        }
      }
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-even-2", "0002-even-4", "0003-add-c1", "0004-add-c2",
      ])
    #expect(outcome.interpreter?.canvas.circles.map(\.id) == ["e2x0", "e4x0", "four", "c1", "c2"])
  }

  @Test(
    "the conditions after the true one are not evaluated: no error, no random number drawn",
    arguments: [
      "if 1 {\n} else if 1 / 0 {\n}",
      "if 1 {\n} else if missing > 0 {\n}",
      "if 1 {\n} else if random(0, 1) > 2 {\n}",
    ])
  func laterConditionsSkipped(source: String) throws {
    let skipped = run("seed 7\n" + source + "\nadd at (random(0, 100)),1 r 1")
    let plain = run("seed 7\nadd at (random(0, 100)),1 r 1")
    #expect(skipped.failure == nil, "\(skipped.rendered ?? "")")
    #expect(skipped.host.frames.last?.state == plain.host.frames.last?.state)
  }

  @Test("a branch not taken is not run: its errors wait for the run that takes it")
  func branchNotTaken() {
    #expect(run("if 0 {\n  remove nobody\n}").failure == nil)
    #expect(run("if 1 {\n  remove nobody\n}").failure?.exitCode == 2)
  }

  static let runErrors: [DiagnosticCase] = [
    DiagnosticCase(
      source: "if 0 {\n} else if 1 / 0 {\n}",
      expected: """
        scene.circles:2:15: error: division by zero
        } else if 1 / 0 {
                      ^

        """),
    DiagnosticCase(
      source: "repeat 3 as i {\n  if i == 2 {\n    remove gone\n  }\n}",
      expected: """
        scene.circles:3:12: error: no circle named 'gone'
            remove gone
                   ^~~~
        scene.circles:1:1: note: in iteration 3 of this repeat (i = 2)

        """),
  ]

  @Test("run-time errors in a condition or a branch point at it", arguments: runErrors)
  func runError(_ test: DiagnosticCase) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 2)
  }

  static let syntaxErrors: [DiagnosticCase] = [
    DiagnosticCase(
      source: "if {\n}",
      expected: """
        scene.circles:1:4: error: expected a condition after 'if'
        if {
           ^

        """),
    DiagnosticCase(
      source: "if 1 < 2\n  add a at 1,1 r 1",
      expected: """
        scene.circles:1:9: error: expected '{' at the end of the 'if' line
        if 1 < 2
                ^

        """),
    DiagnosticCase(
      source: "if 1 { add a at 1,1 r 1 }",
      expected: """
        scene.circles:1:8: error: unexpected 'add' after '{'; put each command on a line of its own
        if 1 { add a at 1,1 r 1 }
               ^~~

        """),
    DiagnosticCase(
      source: "if x = 2 {\n}",
      expected: """
        scene.circles:1:6: error: '=' does not compare; write '==' to compare
        if x = 2 {
             ^

        """),
    DiagnosticCase(
      source: "if 1 {\n  add a at 1,1 r 1",
      expected: """
        scene.circles:1:6: error: unclosed if; add a '}' on a line of its own
        if 1 {
             ^

        """),
    DiagnosticCase(
      source: "add a at 1,1 r 1\n} else {",
      expected: """
        scene.circles:2:3: error: 'else' follows the '}' of an 'if' or an 'else if', not a '}' with no open block
        } else {
          ^~~~

        """),
    DiagnosticCase(
      source: "repeat 2 {\n} else {\n}",
      expected: """
        scene.circles:2:3: error: 'else' follows the '}' of an 'if' or an 'else if', not the '}' of a repeat
        } else {
          ^~~~

        """),
    DiagnosticCase(
      source: "if 1 {\n} else {\n} else {\n}",
      expected: """
        scene.circles:3:3: error: an 'if' has one 'else', and it comes last
        } else {
          ^~~~

        """),
    DiagnosticCase(
      source: "if 1 {\n} else if {\n}",
      expected: """
        scene.circles:2:11: error: expected a condition after 'if'
        } else if {
                  ^

        """),
    DiagnosticCase(
      source: "if 1 {\n} else when 2 {\n}",
      expected: """
        scene.circles:2:8: error: expected '{' or 'if' after 'else', found 'when'
        } else when 2 {
               ^~~~

        """),
    DiagnosticCase(
      source: "if 1 {\n}\nelse {\n}",
      expected: """
        scene.circles:3:1: error: unknown command 'else'; 'else' goes on the line of the '}' that ends the 'if': '} else {'
        else {
        ^~~~

        """),
    DiagnosticCase(
      source: "if 1 {\n  canvas 10x10\n}",
      expected: """
        scene.circles:2:3: error: 'canvas' cannot be used inside an if
          canvas 10x10
          ^~~~~~

        """),
  ]

  @Test("the syntax errors of if and else, each at its token", arguments: syntaxErrors)
  func syntaxError(_ test: DiagnosticCase) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("an error in the condition of an else if still reads the lines after it")
  func recovery() {
    let rendered = renderedParseError("if 1 {\n} else if {\n  ad a at 1,1 r 1\n}")
    #expect(rendered.contains("2:11: error: expected a condition after 'if'"))
    #expect(rendered.contains("3:3: error: unknown command 'ad'"))
  }
}
