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
    #expect(frames.map { $0.range?.start.line } == [3, 3, 4, 7])
    #expect(frames.map { $0.range?.start.column } == [3, 3, 1, 1])
    #expect(frames.map { $0.range?.length } == [16, 16, 14, 4])
  }

  @Test("a script with no command puts the start at its first column")
  func startOfEmptyScript() throws {
    let frames = run("canvas 9x9\n").host.frames
    #expect(frames.count == 1)
    #expect(frames.first.map { [$0.range?.start.line, $0.range?.start.column] } == [1, 1])
    #expect(frames.first?.range?.length == 0)
  }
}
