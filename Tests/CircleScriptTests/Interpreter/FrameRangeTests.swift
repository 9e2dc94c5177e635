import CircleCanvas
import CircleScript
import Testing

@Suite("Where frames come from")
struct FrameRangeTests {
  @Test("each frame carries the range of the command behind it")
  func ranges() throws {
    let outcome = run(
      """
      canvas 20x20
      // a comment
        add a at 5,5 r 2
      group "Pair" {
        add b at 9,9 r 2
      }
      undo
      """)
    let frames = outcome.host.frames
    #expect(frames.map(\.name) == ["0000-start", "0001-add-a", "0002-pair", "0003-undo-pair"])
    #expect(frames.map { $0.range?.start.line } == [1, 3, 4, 7])
    #expect(frames.map { $0.range?.start.column } == [1, 3, 1, 1])
    #expect(frames.map { $0.range?.length } == [12, 16, 14, 4])
    #expect(frames.map(\.anchor) == [nil, nil, nil, nil])
    #expect(
      frames[2].changes.map { [$0.circle, "\($0.range.start)"] } == [["b", "scene.circles:5:3"]])
  }

  @Test(
    "the start is at the canvas line, or at the first column without one",
    arguments: [
      ("canvas 9x9\n", 1, 10), ("// none\n\ncanvas 9x9\nadd a at 1,1 r 1\n", 3, 10),
      ("", 1, 0), ("let x = 1\nadd a at 1,1 r 1\n", 1, 0),
    ])
  func start(script: String, line: Int, length: Int) throws {
    let start = try #require(run(script).host.frames.first)
    #expect(start.range.map { [$0.start.line, $0.start.column, $0.length] } == [line, 1, length])
    #expect(start.changes.isEmpty)
  }

  @Test("a frame a loop's body makes carries the outermost loop and its command")
  func loopFrames() throws {
    let frames = run(
      """
      canvas 9x9
      add a0 at 1,1 r 1
      add a1 at 2,2 r 1
      repeat 1 {
        repeat 2 as i {
          set a{i} fill red
        }
      }
      """
    ).host.frames
    #expect(
      frames.map(\.name) == [
        "0000-start", "0001-add-a0", "0002-add-a1", "0003-change-a0", "0004-change-a1",
      ])
    #expect(frames.map { $0.anchor?.start.line } == [nil, nil, nil, 4, 4])
    #expect(frames.map { $0.range?.start.line } == [1, 2, 3, 6, 6])
    #expect(frames[4].changes.map(\.circle) == ["a1"])
  }
}
