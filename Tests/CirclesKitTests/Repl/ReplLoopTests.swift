import CircleCanvas
import CirclesKit
import Foundation
import Testing

/// The session speaks the whole language: variables live on from entry to entry, and a
/// `repeat` typed over several lines runs when its `}` is typed, as a group does.
@Suite("The interactive session: loops and variables")
struct ReplLoopTests {
  @Test("a repeat waits for its '}', then runs; each change in it is a step of its own")
  func repeatRunsAtItsBrace() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("let n = 3\nrepeat n as i {")
    #expect(fixture.session.prompt == "   ...> ")
    fixture.type("  add dot{i} at (i * 10 + 5),5 r 3\n  group \"Nudge {i}\" {")
    #expect(fixture.session.canvas.circles.isEmpty)
    fixture.type("    move dot{i} by 1,0\n  }")
    #expect(fixture.session.prompt == "   ...> ")
    fixture.type("}")
    #expect(fixture.session.prompt == "circles> ")
    #expect(fixture.recorded.err == "")
    let canvas = fixture.session.canvas
    #expect(canvas.circles.map(\.id) == ["dot0", "dot1", "dot2"])
    #expect(canvas.circle(withID: "dot2")?.center == Point(x: 26, y: 5))
    #expect(
      canvas.undoManager.undoActionNames == [
        "Nudge 2", "Add dot2", "Nudge 1", "Add dot1", "Nudge 0", "Add dot0",
      ])
    fixture.type("undo 2\nrepeat 2 {\n  redo\n}")
    #expect(fixture.recorded.out == "Undo Nudge 2\nUndo Add dot2\n")
    #expect(canvas.undoManager.undoActionName == "Nudge 2")
  }

  @Test("an if waits through '} else {' for its last '}', then runs the branch it chooses")
  func ifRunsAtItsLastBrace() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("let n = 2\nadd a at 1,1 r 1\nif n > 5 {")
    #expect(fixture.session.prompt == "   ...> ")
    fixture.type("  move a by 1,0\n} else if n == 2 {\n  set a fill red\n  move a by 0,3")
    #expect(fixture.session.prompt == "   ...> ")
    fixture.type("} else {\n  remove a")
    #expect(fixture.session.canvas.undoManager.undoActionNames == ["Add a"])
    fixture.type("}")
    #expect(fixture.session.prompt == "circles> ")
    #expect(fixture.recorded.err == "")
    let canvas = fixture.session.canvas
    #expect(canvas.circle(withID: "a")?.center == Point(x: 1, y: 4))
    #expect(canvas.undoManager.undoActionNames == ["Move a", "Change a", "Add a"])
    fixture.type(":save branch.circles")
    let text = try String(
      contentsOf: fixture.folder.appendingPathComponent("branch.circles"), encoding: .utf8)
    #expect(text.hasSuffix("} else {\n  remove a\n}\n"))
  }

  @Test("a def waits for its '}'; later entries call it; a second def of its name is refused")
  func procedureAcrossEntries() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("def dot(x) {")
    #expect(fixture.session.prompt == "   ...> ")
    fixture.type("  add d{x} at (x),5 r 2\n}")
    #expect(fixture.session.prompt == "circles> ")
    #expect(fixture.session.canvas.circles.isEmpty)
    fixture.type("dot(3)\nrepeat 2 as i {\n  dot(i * 10)\n}")
    #expect(fixture.recorded.err == "")
    #expect(fixture.session.canvas.circles.map(\.id) == ["d3", "d0", "d10"])
    fixture.type("def dot(y) {\n}")
    #expect(fixture.recorded.err.contains("error: procedure 'dot' is defined twice"))
    fixture.type("dot(1, 2)")
    #expect(fixture.recorded.err.contains("error: 'dot' takes 1 argument, not 2"))
    fixture.type(":save dots.circles")
    let text = try String(
      contentsOf: fixture.folder.appendingPathComponent("dots.circles"), encoding: .utf8)
    #expect(
      text
        == "def dot(x) {\n  add d{x} at (x),5 r 2\n}\ndot(3)\nrepeat 2 as i {\n  dot(i * 10)\n}\n")
  }

  @Test("a property word bound by an earlier entry reads as its variable in a later one")
  func propertyWordAcrossEntries() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("let radius = 6\nadd a at 10,radius radius radius")
    #expect(fixture.recorded.err == "")
    let placed = try #require(fixture.session.canvas.circle(withID: "a"))
    #expect((placed.center.y, placed.radius) == (6, 6))
  }

  @Test("variables and the random generator live on from entry to entry, and :save keeps them")
  func variablesPersist() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("seed 4\nlet r = 5\nlet r = r * 2\nadd a at random(0, 50),r radius r")
    #expect(fixture.recorded.err == "")
    let placed = try #require(fixture.session.canvas.circle(withID: "a"))
    #expect((placed.center.y, placed.radius) == (10, 10))
    fixture.type(":save again.circles")
    let text = try String(
      contentsOf: fixture.folder.appendingPathComponent("again.circles"), encoding: .utf8)
    #expect(text == "seed 4\nlet r = 5\nlet r = r * 2\nadd a at random(0, 50),r radius r\n")
  }

  @Test(
    "a failed entry leaves the canvas, both stacks, the variables and the generator as they were")
  func failedEntriesChangeNothing() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("let k = 1\nadd a at 1,1 r 1\nlet before = random(0, 1)")
    let circles = fixture.session.canvas.circles
    fixture.type(
      "repeat 4 as k {\n  let spent = random(0, 1)\n  add b{k} at 1,1 r 1\n  move b{k} by (1 / (k - 2)),0\n}"
    )
    #expect(
      fixture.recorded.err == """
        <repl>:7:21: error: division by zero
          move b{k} by (1 / (k - 2)),0
                            ^~~~~~~
        <repl>:4:1: note: in iteration 3 of this repeat (k = 2)

        """)
    #expect(fixture.session.canvas.circles == circles)
    #expect(fixture.session.canvas.undoManager.undoCount == 1)
    fixture.recorded.err = ""
    // `k` is 1 again and the generator where it was: the same draw as a fresh session's second.
    fixture.type("let z = 1 / k\nlet again = random(0, 1)\nexpect count 1")
    #expect(fixture.recorded.err == "")
    let fresh = try SessionFixture(live: nil)
    fresh.type("let x = random(0, 1)\nlet y = random(0, 1)\nadd y at y,y r 1")
    fixture.type("add again at again,again r 1")
    #expect(
      fixture.session.canvas.circle(withID: "again")?.center
        == fresh.session.canvas.circle(withID: "y")?.center)
  }

  @Test("every syntax error of an entry is reported with the session's line numbers")
  func syntaxErrorsOfAnEntry() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("clear\nrepeat 2 {\n  add at (1,1 r 1\n  circel\n}")
    #expect(
      fixture.recorded.err == """
        <repl>:3:10: error: unbalanced parentheses; add a ')' to close this '('
          add at (1,1 r 1
                 ^
        <repl>:4:3: error: unknown command 'circel'; did you mean 'clear'?
          circel
          ^~~~~~

        """)
    #expect(fixture.session.errorCount == 1)
  }
}
