import CircleCanvas
import Testing

@testable import CircleScript

/// `repeat`, `let`, `seed` and interpolation: a loop runs as if its body were written out.
@Suite("Loops and variables")
struct LoopTests {
  @Test("a top-level repeat gives one step and one frame per change, as if written out")
  func topLevelRepeat() throws {
    let looped = run("repeat 3 as i {\n  add dot{i} at (i * 10),5 r 2\n  move dot{i} by 1,0\n}")
    let written = run(
      """
      add dot0 at 0,5 r 2
      move dot0 by 1,0
      add dot1 at 10,5 r 2
      move dot1 by 1,0
      add dot2 at 20,5 r 2
      move dot2 by 1,0
      """)
    #expect(looped.failure == nil)
    #expect(looped.host.frames == written.host.frames)
    #expect(
      looped.host.frameNames == [
        "0000-start", "0001-add-dot0", "0002-move-dot0", "0003-add-dot1", "0004-move-dot1",
        "0005-add-dot2", "0006-move-dot2",
      ])
    let manager = try #require(looped.interpreter?.canvas.undoManager)
    #expect(manager.undoCount == 6)
    #expect(manager.undoActionNames.first == "Move dot2")
  }

  @Test("a repeat inside a group belongs to the group: one step, one frame")
  func repeatInGroup() throws {
    let outcome = run("group \"Row\" {\n  repeat 4 as i {\n    add at (i * 5),5 r 2\n  }\n}")
    #expect(outcome.host.frameNames == ["0000-start", "0001-row"])
    let canvas = try #require(outcome.interpreter?.canvas)
    #expect(canvas.circles.map(\.id) == ["c1", "c2", "c3", "c4"])
    #expect(canvas.undoManager.undoCount == 1)
    canvas.undoManager.undo()
    #expect(canvas.circles.isEmpty)
  }

  @Test("repeat in group in repeat: each outer pass is one named step")
  func nestedBlocks() throws {
    let outcome = run(
      """
      repeat 3 as row {
        group "Row {row + 1}" {
          repeat 2 as column {
            add c{row}x{column} at (column * 10),(row * 10) r 2
            repeat 2 {
              move c{row}x{column} by 1,1
            }
          }
        }
      }
      expect undo "Row 3"
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.host.frameNames == ["0000-start", "0001-row-1", "0002-row-2", "0003-row-3"])
    let canvas = try #require(outcome.interpreter?.canvas)
    #expect(canvas.circles.map(\.id) == ["c0x0", "c0x1", "c1x0", "c1x1", "c2x0", "c2x1"])
    #expect(canvas.circle(withID: "c2x1")?.center == Point(x: 12, y: 22))
    #expect(canvas.undoManager.undoActionNames == ["Row 3", "Row 2", "Row 1"])
  }

  @Test("undo and redo work in a top-level repeat, each its own frame")
  func undoInRepeat() throws {
    let outcome = run(
      "add a at 1,1 r 1\nadd b at 2,2 r 1\nadd c at 3,3 r 1\nrepeat 2 {\n  undo\n}\nrepeat 2 {\n  redo\n}"
    )
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-add-a", "0002-add-b", "0003-add-c", "0004-undo-add-c",
        "0005-undo-add-b", "0006-redo-add-b", "0007-redo-add-c",
      ])
  }

  @Test("let and seed make no frame and no undo step")
  func quietCommands() throws {
    let outcome = run(
      "add a at 1,1 r 1\nlet x = 2\nseed 7\nlet y = random(0, x)\nrepeat 0 {\n  clear\n}")
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-a"])
    #expect(outcome.interpreter?.canvas.undoManager.undoCount == 1)
  }

  @Test("let and seed may come before canvas; the start frame is still the configured canvas")
  func setupBeforeCanvas() throws {
    let outcome = run("let side = 3\nseed 5\ncanvas 40x30 scale (side - 1)\nadd a at 1,1 r 1")
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.host.frames.first?.state.scale == 2)
  }

  @Test("interpolation in ids, group names, expect names and render paths")
  func interpolation() throws {
    let outcome = run(
      """
      let n = 3
      repeat n as i {
        group "Ring {i}: {i * 10}%" {
          add dot{i} at 1,1 r 1
        }
        expect undo "Ring {i}: {i * 10}%"
        render ring{i}.png
        render "out/{i - 1}\\{x\\}.png"
      }
      add dot{n} at 1,1 r 1
      add x{-2} at 1,1 r 1
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-ring-0-0", "0002-ring-1-10", "0003-ring-2-20", "0004-add-dot3",
        "0005-add-x-2",
      ])
    #expect(
      outcome.host.renders.map(\.path) == [
        "ring0.png", "out/-1{x}.png", "ring1.png", "out/0{x}.png", "ring2.png", "out/1{x}.png",
      ])
  }

  @Test("a render path that starts with an interpolation is one word")
  func renderStartingWithInterpolation() {
    let outcome = run("repeat 2 as i {\n  render {i}.png\n}")
    #expect(outcome.host.renders.map(\.path) == ["0.png", "1.png"])
  }

  @Test("the same seed draws the same pictures; another seed others")
  func seeds() throws {
    let script = "seed 9\nrepeat 20 {\n  add at random(0, 100),random(0, 100) r random(1, 5)\n}"
    let first = run(script)
    let second = run(script)
    let other = run(script.replacingOccurrences(of: "seed 9", with: "seed 10"))
    #expect(first.host.frames == second.host.frames)
    #expect(first.host.frames.last?.state != other.host.frames.last?.state)
  }

  @Test("a count may be computed: repeat, undo, redo, limit, expect count and within")
  func computedCounts() {
    let outcome = run(
      """
      let n = 2
      repeat (n + 1) {
        add at 1,1 r 1
      }
      undo n
      redo (n - 1)
      expect count (n)
      expect pixel 100,100 white within (n * 0)
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.host.frameNames.suffix(2) == ["0004-undo-add-c2", "0005-redo-add-c2"])
  }

  @Test(
    "a run carries out at most maximumCommands commands: exactly that many pass, one more stops")
  func commandLimit() throws {
    #expect(Interpreter.defaultMaximumCommands == 10_000_000)
    #expect(Interpreter(host: RecordingHost()).maximumCommands == 10_000_000)
    let source = "add a at 1,1 r 1\nrepeat 4 {\n  move a by 1,0\n}"
    func outcome(limit: Int) throws -> Outcome {
      try Self.outcome(source) { $0.maximumCommands = limit }
    }
    // The add, the repeat and its four passes.
    let enough = try outcome(limit: 6)
    #expect(enough.failure == nil, "\(enough.rendered ?? "")")
    let short = try outcome(limit: 5)
    #expect(
      short.rendered == """
        scene.circles:3:3: error: the script runs more than 5 commands, the most one run carries out
          move a by 1,0
          ^~~~
        scene.circles:2:1: note: in iteration 4 of this repeat

        """)
    #expect(short.host.frameNames.count == 5)
  }

  @Test(
    "the undo history keeps at most maximumKeptChanges changes: exactly that many pass, one more stops"
  )
  func keptChangesLimit() throws {
    #expect(Interpreter.defaultMaximumKeptChanges == 2_000_000)
    func outcome(_ source: String, limit: Int) throws -> Outcome {
      try Self.outcome(source) { $0.maximumKeptChanges = limit }
    }
    // The add and four moves, in one group: five changes kept in one step.
    let grouped = "add a at 1,1 r 1\ngroup \"g\" {\n  repeat 4 {\n    move a by 1,0\n  }\n}"
    #expect(try outcome(grouped, limit: 5).failure == nil)
    let short = try outcome(grouped, limit: 4)
    #expect(
      short.rendered == """
        scene.circles:4:5: error: the undo history would keep more than 4 changes (a group keeps \
        every change made in it; 'limit <n>' keeps fewer steps); '--max-undo <n>' of run, check, \
        history, view or review raises the bound, 0 for none
            move a by 1,0
            ^~~~
        scene.circles:3:3: note: in iteration 4 of this repeat

        """, "\(short.rendered ?? "")")
    // 'limit' lets old steps go: a thousand steps keep no more than two.
    let limited = "limit 2\nadd a at 1,1 r 1\nrepeat 1000 {\n  move a by 1,0\n}"
    #expect(try outcome(limited, limit: 3).failure == nil)
    // Undone steps are kept too, for redo, until a change drops them.
    let undone = "add a at 1,1 r 1\nmove a by 1,0\nundo\nmove a by 2,0"
    #expect(try outcome(undone, limit: 2).failure == nil)
    #expect(try outcome(undone + "\nmove a by 3,0", limit: 2).failure != nil)
    #expect(try outcome(undone + "\nmove a by 3,0", limit: 0).failure == nil, "0 is no bound")
  }

  @Test("a deadline stops a run inside a group, between frames, and says which bound it was")
  func deadline() throws {
    let grouped = "add a at 1,1 r 1\ngroup \"g\" {\n  repeat 100000 {\n    move a by 1,0\n  }\n}"
    let passed = try Self.outcome(grouped) { $0.deadline = .now - .seconds(1) }
    #expect(passed.interpreter?.budgetStop == .time)
    #expect(passed.failure?.diagnostics.first?.message == "the run was stopped at its deadline")
    #expect(passed.failure?.diagnostics.first?.range.start.line == 4)
    // Before any frame of the group was made, and within 4096 commands of the start.
    #expect(passed.host.frames.count == 2)
    #expect((passed.interpreter?.canvas.undoManager.heldActionCount ?? .max) <= 4096)
    let ahead = try Self.outcome(grouped) { $0.deadline = .now + .seconds(3600) }
    #expect(ahead.failure == nil && ahead.interpreter?.budgetStop == nil)
    let kept = try Self.outcome(grouped) { $0.maximumKeptChanges = 10 }
    #expect(kept.interpreter?.budgetStop == .keptChanges)
    // A script's own error is no bound's.
    let wrong = try Self.outcome("remove moon") { $0.deadline = .now + .seconds(3600) }
    #expect(wrong.failure != nil && wrong.interpreter?.budgetStop == nil)
  }

  /// Runs a script on an interpreter set up by `configure`, keeping what stopped it.
  static func outcome(_ source: String, configure: (Interpreter) -> Void) throws -> Outcome {
    let script = try Parser.parse(source, fileName: "scene.circles")
    let host = RecordingHost()
    let interpreter = Interpreter(host: host)
    configure(interpreter)
    do {
      try interpreter.run(script)
      return Outcome(host: host, interpreter: interpreter, failure: nil, source: source)
    } catch {
      return Outcome(host: host, interpreter: interpreter, failure: error, source: source)
    }
  }
}
