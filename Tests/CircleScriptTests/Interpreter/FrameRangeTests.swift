import CircleCanvas
import CircleScript
import Testing

/// A host that keeps where each frame's command is, and nothing else.
private final class LocatingHost: ScriptHost {
  var located: [(name: String, line: Int, column: Int, length: Int)] = []
  var plainCalls = 0

  func scriptDidProduceFrame(_ frame: Frame) throws { plainCalls += 1 }

  func scriptDidProduceFrame(_ frame: Frame, at range: SourceRange) throws {
    located.append((frame.name, range.start.line, range.start.column, range.length))
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {}

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour { .white }
}

@Suite("Where frames come from")
struct FrameRangeTests {
  @Test("a host that asks is told the range of the command behind each frame")
  func ranges() throws {
    let host = LocatingHost()
    let script = try Parser.parse(
      """
      canvas 20x20
      // a comment
        add a at 5,5 r 2
      group "Pair" {
        add b at 9,9 r 2
      }
      undo
      """, fileName: "scene.circles")
    try Interpreter(host: host).run(script)
    #expect(host.plainCalls == 0)
    #expect(
      host.located.map(\.name) == ["0000-start", "0001-add-a", "0002-pair", "0003-undo-pair"])
    #expect(host.located.map(\.line) == [3, 3, 4, 7])
    #expect(host.located.map(\.column) == [3, 3, 1, 1])
    #expect(host.located.map(\.length) == [16, 16, 14, 4])
  }

  @Test("a script with no command puts the start at its first column")
  func startOfEmptyScript() throws {
    let host = LocatingHost()
    try Interpreter(host: host).run(Parser.parse("canvas 9x9\n", fileName: "scene.circles"))
    #expect(host.located.count == 1)
    #expect(host.located.first.map { [$0.line, $0.column, $0.length] } == [1, 1, 0])
  }

  @Test("a host that only takes frames still gets every one")
  func defaultForwards() {
    let outcome = run("add a at 5,5 r 2\nundo\n")
    #expect(outcome.host.frameNames == ["0000-start", "0001-add-a", "0002-undo-add-a"])
  }
}
