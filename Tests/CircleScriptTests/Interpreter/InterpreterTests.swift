import CircleCanvas
import Testing

@testable import CircleScript

@Suite("Interpreter")
struct InterpreterTests {
  @Test("an empty script gives the start frame of the default canvas")
  func emptyScript() {
    let outcome = run("// nothing to draw\n")
    #expect(outcome.failure == nil)
    #expect(outcome.host.frameNames == ["0000-start"])
    #expect(outcome.host.frames.first?.state == CanvasState())
    #expect(outcome.host.frames.first?.action == "start")
  }

  @Test("a configured canvas with no commands is the start frame")
  func configuredOnly() {
    let outcome = run("limit 4\ncanvas 200x100 background black scale 2\n")
    #expect(outcome.host.frameNames == ["0000-start"])
    let state = outcome.host.frames.first?.state
    #expect(state == CanvasState(width: 200, height: 100, scale: 2, background: .black))
    #expect(outcome.interpreter?.canvas.undoManager.levelsOfUndo == 4)
  }

  @Test("each frame says whether it is the start, a change, an undo or a redo")
  func directions() {
    let outcome = run(
      """
      add a at 5,5 r 2
      group "Undo all" {
        add b at 9,9 r 2
      }
      undo 2
      redo
      """)
    #expect(outcome.failure == nil)
    #expect(outcome.host.frames.map(\.direction) == [.start, .change, .change, .undo, .redo])
    #expect(
      outcome.host.frames.map(\.action) == [
        "start", "Add a", "Undo all", "Undo Add a", "Redo Add a",
      ])
  }

  @Test("every change command makes one frame named after its action")
  func everyCommand() throws {
    let outcome = run(
      """
      canvas 200x100
      add sun at 50,50 radius 20 fill yellow
      add c1 at 5,5 r 2
      add at 10,10 r 5
      move sun to 60,50
      move c2 by 1,-1
      set sun fill red opacity 0.5 width 3 stroke blue r 25 at 70,40
      back c2
      front c2
      remove c1
      clear
      undo
      redo
      """)
    #expect(outcome.failure == nil)
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-add-sun", "0002-add-c1", "0003-add-c2", "0004-move-sun",
        "0005-move-c2", "0006-change-sun", "0007-send-c2-to-back", "0008-bring-c2-to-front",
        "0009-remove-c1", "0010-clear", "0011-undo-clear", "0012-redo-clear",
      ])
    let frames = outcome.host.frames
    #expect(frames.map(\.number) == Array(0...12))
    #expect(frames[0].state.circles.isEmpty)
    #expect(frames[0].state.width == 200)
    let sun = Circle(
      id: "sun", center: Point(x: 70, y: 40), radius: 25, fill: Colour(red: 255, green: 0, blue: 0),
      stroke: Colour(red: 0, green: 0, blue: 255), strokeWidth: 3, opacity: 0.5)
    #expect(frames[6].state.circles.first == sun)
    #expect(frames[5].state.circles.last?.center == Point(x: 11, y: 9))
    #expect(frames[7].state.circles.map(\.id) == ["c2", "sun", "c1"])
    #expect(frames[8].state.circles.map(\.id) == ["sun", "c1", "c2"])
    #expect(frames[9].state.circles.map(\.id) == ["sun", "c2"])
    #expect(frames[10].state.circles.isEmpty)
    #expect(frames[11].state == frames[9].state)
    #expect(frames[12].state.circles.isEmpty)
  }

  @Test("a group is one step named by its string; an empty group is no step")
  func groups() {
    let outcome = run(
      """
      add a at 1,1 r 1
      group "Batch edit" {
        move a by 1,0
        group "inner" {
          set a fill blue
          render inside.png
        }
      }
      group "nothing" {
        expect count 1
        group "still nothing" {
        }
      }
      expect undo "Batch edit"
      undo
      expect redo "Batch edit"
      expect undo "Add a"
      redo
      """)
    #expect(outcome.failure == nil)
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-add-a", "0002-batch-edit", "0003-undo-batch-edit",
        "0004-redo-batch-edit",
      ])
    #expect(outcome.host.frames[3].state == outcome.host.frames[1].state)
    #expect(outcome.host.renders.map(\.path) == ["inside.png"])
    #expect(
      outcome.host.renders.first?.state.circles.first?.fill == Colour(red: 0, green: 0, blue: 255))
    #expect(outcome.interpreter?.canvas.undoManager.undoCount == 2)
  }

  @Test("undo n and redo n are one frame each, named after the last step")
  func multiStep() {
    let outcome = run(
      """
      add a at 1,1 r 1
      add b at 2,2 r 1
      add c at 3,3 r 1
      undo 2
      expect count 1
      redo 2
      expect count 3
      undo 3
      """)
    #expect(outcome.failure == nil)
    #expect(
      outcome.host.frameNames == [
        "0000-start", "0001-add-a", "0002-add-b", "0003-add-c", "0004-undo-add-b",
        "0005-redo-add-c", "0006-undo-add-a",
      ])
    #expect(outcome.host.frames.last?.state.circles.isEmpty == true)
  }

  @Test("a step that leaves the picture unchanged is still a step")
  func sameLookingSteps() {
    let outcome = run("clear\nadd a at 1,1 r 1\nmove a by 0,0\nundo 3\n")
    #expect(outcome.failure == nil)
    #expect(outcome.host.frameNames.last == "0004-undo-clear")
  }

  @Test("the start frame comes before the first command that is not canvas or limit")
  func startFrameTiming() {
    let outcome = run("limit 3\ncanvas 10x10\nrender first.png\nadd a at 1,1 r 1\n")
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-a"])
    #expect(outcome.host.renders.first?.state.width == 10)
  }

  @Test("limit bounds what undo can reach")
  func limit() {
    let outcome = run("limit 2\nadd a at 1,1 r 1\nadd b at 1,1 r 1\nadd c at 1,1 r 1\nundo 3\n")
    #expect(
      outcome.rendered == """
        scene.circles:5:6: error: cannot undo 3 steps: only 2 available
        undo 3
             ^

        """)
    #expect(outcome.failure?.exitCode == 2)
    #expect(outcome.host.frameNames.count == 4)
  }

  @Test("expect pixel reads the pixel under the point, scaled and floored")
  func pixelCoordinates() {
    let outcome = run(
      """
      canvas 10x10 scale 2.5
      add a at 3,2 r 1 fill red
      expect pixel 3.3,1.9 red
      expect pixel 0,0 #fff
      expect pixel 9.99,9.99 #fafafa within 5
      """)
    #expect(outcome.failure == nil)
    #expect(outcome.host.pixelQueries.map { [$0.x, $0.y] } == [[8, 4], [0, 0], [24, 24]])
  }

  @Test("nothing after an error runs, and open groups are closed")
  func stopsAtError() {
    let outcome = run(
      """
      add a at 1,1 r 1
      group "g" {
        move a by 1,1
        group "h" {
          remove moon
        }
      }
      add b at 1,1 r 1
      """)
    #expect(outcome.failure?.diagnostic.message == "no circle named 'moon'")
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-a"])
    #expect(outcome.interpreter?.canvas.undoManager.groupingLevel == 0)
    #expect(outcome.interpreter?.canvas.circle(withID: "b") == nil)
  }

  @Test("each top-level command is its own undo step; a group is one")
  func oneStepPerCommand() {
    let outcome = run(
      """
      add a at 1,1 r 1
      add b at 2,2 r 1
      group "Swap" {
        front a
        back b
      }
      move a by 0,0
      clear
      """)
    #expect(
      outcome.interpreter?.canvas.undoManager.undoActionNames == [
        "Clear", "Move a", "Swap", "Add b", "Add a",
      ])
  }

  @Test("a syntax error anywhere means no frame at all")
  func syntaxErrorMeansNoFrames() {
    let outcome = run("add a at 1,1 r 1\nclear\nundo 2\nadd b at 1,1 r\n")
    #expect(outcome.failure?.diagnostic.message == "expected a radius after 'r'")
    #expect(outcome.host.frames.isEmpty)
    #expect(outcome.interpreter == nil)
  }

  @Test("a given canvas is drawn on, and frames continue across runs")
  func givenCanvas() throws {
    let canvas = Canvas(state: CanvasState(width: 30, height: 20))
    let host = RecordingHost()
    let interpreter = Interpreter(canvas: canvas, host: host)
    try interpreter.run(Parser.parse("add a at 1,1 r 1", fileName: "one"))
    try interpreter.run(Parser.parse("remove a", fileName: "two"))
    #expect(interpreter.canvas === canvas)
    #expect(host.frameNames == ["0000-start", "0001-add-a", "0002-remove-a"])
    #expect(host.frames[0].state.width == 30)
  }
}
