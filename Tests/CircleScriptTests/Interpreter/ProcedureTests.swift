import CircleCanvas
import Testing

@testable import CircleScript

/// `def`, calls and `return` (docs/language.md, "Procedures"): a rule each, with the whole
/// messages of their errors pinned.
@Suite("Procedures")
struct ProcedureTests {
  /// The circles of a run, as `id@x,y rR`.
  static func circles(_ outcome: Outcome) -> [String] {
    (outcome.interpreter?.canvas.circles ?? []).map {
      "\($0.id)@\(Point.format($0.center.x)),\(Point.format($0.center.y)) r\(Point.format($0.radius))"
    }
  }

  static let scopes: [(source: String, circles: [String])] = [
    // A parameter is a local: the global of its name is hidden, not changed.
    (
      "let x = 1\ndef f(x) {\n  add a at (x),1 r 1\n}\nf(5)\nadd b at (x),2 r 1",
      ["a@5,1 r1", "b@1,2 r1"]
    ),
    // A let inside a procedure binds a local; the global stays.
    (
      "let r = 5\ndef f() {\n  let r = 2\n  add a at 1,1 r r\n}\nf()\nadd b at 2,2 r r",
      ["a@1,1 r2", "b@2,2 r5"]
    ),
    // Globals are read where no local hides them, as they are when the call runs.
    (
      "def f() {\n  add at (g),1 r 1\n}\nlet g = 3\nf()\nlet g = 4\nf()",
      ["c1@3,1 r1", "c2@4,1 r1"]
    ),
    // Before the call's own let, the name reads the global.
    (
      "let r = 5\ndef f() {\n  add a at 1,1 r r\n  let r = 1\n  add b at 2,2 r r\n}\nf()",
      ["a@1,1 r5", "b@2,2 r1"]
    ),
    // Each call has its own locals: after the inner call returns, n is the outer call's again.
    (
      "def f(n) {\n  if n > 0 {\n    f(n - 1)\n  }\n  add d{n} at (n),1 r 1\n}\nf(3)",
      ["d0@0,1 r1", "d1@1,1 r1", "d2@2,1 r1", "d3@3,1 r1"]
    ),
    // Ids and names interpolate locals; a call may come above its def.
    (
      "repeat 3 as i {\n  petal(i, i * 10)\n}\ndef petal(k, x) {\n  add petal{k} at (x),0 r 2\n}",
      ["petal0@0,0 r2", "petal1@10,0 r2", "petal2@20,0 r2"]
    ),
    // Arguments are evaluated where the call is, with the caller's locals.
    (
      "def f(x) {\n  add at (x),1 r 1\n}\ndef g(y) {\n  f(y * 2)\n}\ng(4)",
      ["c1@8,1 r1"]
    ),
    // A repeat's variable inside a procedure is a local; the global keeps its value.
    (
      "let i = 9\ndef f() {\n  repeat 2 as i {\n    add at (i),1 r 1\n  }\n}\nf()\nadd at (i),2 r 1",
      ["c1@0,1 r1", "c2@1,1 r1", "c3@9,2 r1"]
    ),
    // A parameter named like a keyword reads as the parameter in a number position.
    ("def f(radius) {\n  add a at 1,1 radius radius\n}\nf(4)", ["a@1,1 r4"]),
  ]

  @Test("parameters and lets are locals of the call; globals are read where none hides them")
  func scope() {
    for (source, expected) in Self.scopes {
      let outcome = run(source)
      #expect(outcome.failure == nil, "\(source)\n\(outcome.rendered ?? "")")
      #expect(Self.circles(outcome) == expected, "\(source)")
    }
  }

  @Test("a procedure's let does not change the global of its name")
  func globalsStay() throws {
    let outcome = run("let r = 5\ndef f(x) {\n  let r = x\n}\nf(1)")
    #expect(outcome.failure == nil)
    #expect(outcome.interpreter?.variables == ["r": 5])
  }

  @Test("a call at top level runs as if written out: each change a step and a frame, named so")
  func writtenOut() throws {
    let called = run(
      """
      def pair(x) {
        add l{x} at (x),1 r 1
        add r{x} at (x + 2),1 r 1
        move l{x} by 0,1
      }
      pair(1)
      undo
      pair(5)
      """)
    let written = run(
      """
      add l1 at 1,1 r 1
      add r1 at 3,1 r 1
      move l1 by 0,1
      undo
      add l5 at 5,1 r 1
      add r5 at 7,1 r 1
      move l5 by 0,1
      """)
    #expect(called.failure == nil, "\(called.rendered ?? "")")
    #expect(called.host.frames == written.host.frames)
    #expect(
      called.interpreter?.canvas.undoManager.undoActionNames
        == written.interpreter?.canvas.undoManager.undoActionNames)
    // The frames point at the call, the commands inside at their lines.
    let anchors = called.host.frames.map { $0.anchor?.start.line }
    #expect(anchors == [nil, 6, 6, 6, nil, 8, 8, 8])
    #expect(called.host.frames[5].changes.map(\.range.start.line) == [2])
  }

  @Test("inside a group a call belongs to the group; a call is no step of its own")
  func inGroup() throws {
    let outcome = run(
      "def two(x) {\n  add at (x),1 r 1\n  add at (x),2 r 1\n}\ngroup \"Both\" {\n  two(1)\n  two(2)\n}"
    )
    #expect(outcome.host.frameNames == ["0000-start", "0001-both"])
    let canvas = try #require(outcome.interpreter?.canvas)
    #expect(canvas.circles.count == 4)
    #expect(canvas.undoManager.undoCount == 1)
    #expect(outcome.host.frames[1].changes.map(\.range.start.line) == [2, 3, 2, 3])
  }

  @Test("return leaves the procedure at once, from inside loops and ifs; the caller goes on")
  func returns() throws {
    let outcome = run(
      """
      def upTo(stop) {
        repeat 10 as i {
          if i == stop {
            return
          }
          add at (i),1 r 1
        }
        add never at 1,1 r 1
      }
      upTo(3)
      add after at 9,9 r 1
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(Self.circles(outcome) == ["c1@0,1 r1", "c2@1,1 r1", "c3@2,1 r1", "after@9,9 r1"])
  }

  @Test("return inside a group ends the group as one step holding what ran")
  func returnInGroup() throws {
    let outcome = run(
      """
      def some() {
        group "Some" {
          add a at 1,1 r 1
          return
          add b at 2,2 r 1
        }
        add c at 3,3 r 1
      }
      some()
      expect undo "Some"
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.host.frameNames == ["0000-start", "0001-some"])
    #expect(Self.circles(outcome) == ["a@1,1 r1"])
  }

  @Test("undo and redo run in a procedure called at top level, each a frame")
  func undoInProcedure() throws {
    let outcome = run("def rewind() {\n  undo\n}\nadd a at 1,1 r 1\nrewind()\nredo")
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(
      outcome.host.frameNames == ["0000-start", "0001-add-a", "0002-undo-add-a", "0003-redo-add-a"])
  }

  /// `f(n)` calls itself until `n` is 1: `n` nested calls.
  static func chain(_ depth: Int) -> String {
    "def f(n) {\n  if n > 1 {\n    f(n - 1)\n  }\n}\nf(\(depth))"
  }

  @Test("1000 nested calls run; the 1001st is an error at its name, noted at the chain's start")
  func depthLimit() {
    #expect(Interpreter.maximumCallDepth == 1000)
    #expect(run(Self.chain(1000)).failure == nil)
    let outcome = run(Self.chain(1001))
    #expect(
      outcome.rendered == """
        scene.circles:3:5: error: calls nest at most 1000 deep; this call of 'f' would be call 1001 of the chain
            f(n - 1)
            ^
        scene.circles:6:1: note: the chain of calls starts here

        """)
    #expect(outcome.failure?.exitCode == 2)
  }

  @Test("a procedure that calls itself without end stops at depth 1000, in a loop too")
  func endless() {
    let outcome = run("def f() {\n  f()\n}\nrepeat 3 as k {\n  f()\n}")
    #expect(
      outcome.rendered == """
        scene.circles:2:3: error: calls nest at most 1000 deep; this call of 'f' would be call 1001 of the chain
          f()
          ^
        scene.circles:5:3: note: the chain of calls starts here
        scene.circles:4:1: note: in iteration 1 of this repeat (k = 0)

        """)
  }

  @Test("blocks and calls nest at most 10000 levels counted together, past which a call stops")
  func nestingLimit() throws {
    // 19 blocks around each call: 20 levels a call.
    var lines = ["def f(n) {"]
    for level in 0..<19 { lines.append(String(repeating: "  ", count: level + 1) + "if 1 {") }
    lines.append(String(repeating: "  ", count: 20) + "f(n + 1)")
    for level in (0..<19).reversed() {
      lines.append(String(repeating: "  ", count: level + 1) + "}")
    }
    lines += ["}", "f(0)"]
    let outcome = run(lines.joined(separator: "\n"))
    let failure = try #require(outcome.failure)
    #expect(
      failure.diagnostic.message
        == "blocks and calls nest at most 10000 levels deep, counted together; with this call "
        + "of 'f' they would reach 10001")
    #expect(failure.diagnostic.range.start.line == 21)
    #expect(failure.diagnostic.notes.map(\.message) == ["the chain of calls starts here"])
  }

  @Test("a loop of recursive calls meets the command cap's error")
  func commandCap() throws {
    let host = RecordingHost()
    let script = try Parser.parse(
      "def f(n) {\n  if n > 0 {\n    f(n - 1)\n  }\n}\nrepeat 1000000 {\n  f(50)\n}",
      fileName: "scene.circles")
    let interpreter = Interpreter(host: host)
    interpreter.maximumCommands = 10_000
    #expect(throws: ScriptFailure.self) { try interpreter.run(script) }
    do {
      try interpreter.run(script)
    } catch {
      #expect(error.diagnostic.message.hasPrefix("the script runs more than 10000 commands"))
    }
  }

  static let runErrors: [DiagnosticCase] = [
    DiagnosticCase(
      source: "def inner() {\n  add at (a),1 r 1\n}\ndef outer(a) {\n  inner()\n}\nouter(3)",
      expected: """
        scene.circles:2:11: error: unknown variable 'a'
          add at (a),1 r 1
                  ^
        scene.circles:5:3: note: in this call of 'inner', 2 calls deep
        scene.circles:7:1: note: in this call of 'outer'

        """),
    DiagnosticCase(
      source: "def f(n) {\n  remove c{n}\n}\nrepeat 2 as i {\n  f(i + 7)\n}",
      expected: """
        scene.circles:2:10: error: no circle named 'c7'
          remove c{n}
                 ^~~~
        scene.circles:5:3: note: in this call of 'f'
        scene.circles:4:1: note: in iteration 1 of this repeat (i = 0)

        """),
    DiagnosticCase(
      source: "def rewind() {\n  undo\n}\nadd a at 1,1 r 1\ngroup \"g\" {\n  rewind()\n}",
      expected: """
        scene.circles:2:3: error: 'undo' cannot be used inside a group
          undo
          ^~~~
        scene.circles:6:3: note: in this call of 'rewind'

        """),
    DiagnosticCase(
      source: "def f(x) {\n}\nf(1 / 0)",
      expected: """
        scene.circles:3:7: error: division by zero
        f(1 / 0)
              ^

        """),
  ]

  @Test(
    "a run-time error inside a procedure is at its line, with notes at the calls",
    arguments: runErrors)
  func runError(_ test: DiagnosticCase) {
    let outcome = run(test.source)
    #expect(outcome.rendered == test.expected)
    #expect(outcome.failure?.exitCode == 2)
  }

  @Test("deep inside a chain, the notes name the innermost calls and the chain's start")
  func longChainNotes() throws {
    let outcome = run("def f(n) {\n  if n == 0 {\n    remove gone\n  }\n  f(n - 1)\n}\nf(20)")
    let notes = try #require(outcome.failure?.diagnostic.notes)
    #expect(notes.count == Frame.Context.shownInsideChain + 1)
    #expect(notes.first?.message == "in this call of 'f', 21 calls deep")
    #expect(
      notes.last?.message
        == "in this call of 'f', the first of 21 nested calls (12 notes inside it are left out)")
    #expect(notes.last?.range?.start.line == 7)
  }

  static let syntaxErrors: [DiagnosticCase] = [
    DiagnosticCase(
      source: "def flower(size, petals) {\n}\nflower(1)",
      expected: """
        scene.circles:3:1: error: 'flower' takes 2 arguments, not 1
        flower(1)
        ^~~~~~~~~
        scene.circles:1:1: note: 'flower(size, petals)' is defined here

        """),
    DiagnosticCase(
      source: "def flower() {\n}\nflwer()",
      expected: """
        scene.circles:3:1: error: unknown procedure 'flwer'; did you mean 'flower'?
        flwer()
        ^~~~~

        """),
    DiagnosticCase(
      source: "tree(3)",
      expected: """
        scene.circles:1:1: error: unknown procedure 'tree'; define it with 'def tree(…) { … }'
        tree(3)
        ^~~~

        """),
    DiagnosticCase(
      source: "def flower() {\n}\nflower",
      expected: """
        scene.circles:3:1: error: 'flower' is a procedure; call it with its arguments in parentheses: flower(…)
        flower
        ^~~~~~

        """),
    DiagnosticCase(
      source: "max(1, 2)",
      expected: """
        scene.circles:1:1: error: 'max' is a function, not a procedure; use it in an expression, as in 'let x = max(…)'
        max(1, 2)
        ^~~

        """),
    DiagnosticCase(
      source: "f (1)",
      expected: """
        scene.circles:1:3: error: write the '(' of a call right after the name, with no space: 'f(…)'
        f (1)
          ^~~

        """),
    DiagnosticCase(
      source: "return",
      expected: """
        scene.circles:1:1: error: 'return' leaves a procedure, and is used only inside a 'def'
        return
        ^~~~~~

        """),
    DiagnosticCase(
      source: "repeat 2 {\n  def f() {\n  }\n}",
      expected: """
        scene.circles:2:3: error: 'def' goes at the top level, outside every block
          def f() {
          ^~~
        scene.circles:1:1: note: inside this repeat

        """),
    DiagnosticCase(
      source: "def f() {\n}\ndef f(x) {\n}",
      expected: """
        scene.circles:3:5: error: procedure 'f' is defined twice
        def f(x) {
            ^
        scene.circles:1:5: note: first defined here

        """),
    DiagnosticCase(
      source: "def f() {\n  def g() {\n  }\n}",
      expected: """
        scene.circles:2:3: error: 'def' goes at the top level, outside every block
          def g() {
          ^~~
        scene.circles:1:1: note: inside this def

        """),
    DiagnosticCase(
      source: "def add(x) {\n}",
      expected: """
        scene.circles:1:5: error: 'add' is a command word and cannot name a procedure
        def add(x) {
            ^~~

        """),
    DiagnosticCase(
      source: "def sqrt(x) {\n}",
      expected: """
        scene.circles:1:5: error: 'sqrt' is a function and cannot name a procedure
        def sqrt(x) {
            ^~~~

        """),
    DiagnosticCase(
      source: "def pi() {\n}",
      expected: """
        scene.circles:1:5: error: 'pi' is a number and cannot name a procedure
        def pi() {
            ^~

        """),
    DiagnosticCase(
      source: "def f(x, x) {\n}",
      expected: """
        scene.circles:1:10: error: two parameters are named 'x'
        def f(x, x) {
                 ^
        scene.circles:1:7: note: the first is here

        """),
    DiagnosticCase(
      source: "def f(move) {\n}",
      expected: """
        scene.circles:1:7: error: 'move' is a command and cannot name a variable
        def f(move) {
              ^~~~

        """),
    DiagnosticCase(
      source: "def f(1) {\n}",
      expected: """
        scene.circles:1:7: error: expected a parameter name, found '1'
        def f(1) {
              ^

        """),
    DiagnosticCase(
      source: "def f {\n}",
      expected: """
        scene.circles:1:6: error: expected '(' after the procedure name; a procedure without parameters is 'def f() {'
        def f {
             ^

        """),
    DiagnosticCase(
      source: "def f (x) {\n}",
      expected: """
        scene.circles:1:7: error: write the '(' right after the name, with no space: 'def f(…) {'
        def f (x) {
              ^~~

        """),
    DiagnosticCase(
      source: "def f(x)\n  add at 1,1 r 1",
      expected: """
        scene.circles:1:9: error: expected '{' after the parameters
        def f(x)
                ^

        """),
    DiagnosticCase(
      source: "def f(x) {\n  add a at 1,1 r 1",
      expected: """
        scene.circles:1:10: error: unclosed def 'f'; add a '}' on a line of its own
        def f(x) {
                 ^

        """),
    DiagnosticCase(
      source: "def f() {\n  canvas 10x10\n}",
      expected: """
        scene.circles:2:3: error: 'canvas' cannot be used inside a def
          canvas 10x10
          ^~~~~~

        """),
    DiagnosticCase(
      source: "def f() {\n}\nf(1, 2",
      expected: """
        scene.circles:3:2: error: unbalanced parentheses; add a ')' to close this '('
        f(1, 2
         ^

        """),
  ]

  @Test(
    "the errors that need no running are syntax errors, each at its token", arguments: syntaxErrors)
  func syntaxError(_ test: DiagnosticCase) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("every such error is reported at once, in the order of the lines")
  func allAtOnce() {
    let rendered = renderedParseError(
      "flwer(1)\ndef flower(a) {\n  ad a at 1,1 r 1\n}\nflower()\nreturn\nflower(1)")
    let lines = rendered.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      lines == [
        "scene.circles:1:1: error: unknown procedure 'flwer'; did you mean 'flower'?",
        "scene.circles:3:3: error: unknown command 'ad'; did you mean 'add'?",
        "scene.circles:5:1: error: 'flower' takes 1 argument, not 0",
        "scene.circles:6:1: error: 'return' leaves a procedure, and is used only inside a 'def'",
      ])
  }

  @Test(
    "a def of 20,000 parameters and a call of as many arguments run; a twin among them is found")
  func manyParameters() {
    // Time is not measured here (the benchmarks do that): 20,000 keeps the
    // test quick under the address sanitizer as well.
    let names = (0..<20_000).map { "p\($0)" }
    let header = "def f(\(names.joined(separator: ", "))) {\n}\n"
    let call = "f(\(Array(repeating: "1", count: 20_000).joined(separator: ", ")))"
    let outcome = run(header + call)
    #expect(outcome.failure == nil, "\(outcome.rendered?.prefix(300) ?? "")")
    let twice = renderedParseError("def f(\(names.joined(separator: ", ")), p0) {\n}")
    #expect(twice.hasPrefix("scene.circles:1:"))
    #expect(twice.contains("error: two parameters are named 'p0'"))
  }

  @Test("a def and a call name nothing else: a variable of the same name is another thing")
  func namesApart() {
    let outcome = run("let f = 2\ndef f(x) {\n  add at (x * f),1 r 1\n}\nf(3)")
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(Self.circles(outcome) == ["c1@6,1 r1"])
  }
}
