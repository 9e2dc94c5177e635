import CircleCanvas
import CircleScript
import Foundation
import Testing

/// Long scripts parse and run in time proportional to their length (a million lines through the
/// binary are in `LongScriptCLITests`).
@Suite("Long scripts")
struct LongScriptTests {
  /// Eleven lines that together make six frames, keep one circle and a bounded history.
  static let block = """
    move a by 1,0
    move a by -1,0
    set a r 2 fill #336699
    undo
    redo
    expect count 1
    // a comment
    group "g" {
      add b at 2,2 r 1
      remove b
    }

    """

  /// A script of `blocks` blocks after a three-line head.
  static func script(blocks: Int) -> [UInt8] {
    let head = "canvas 64x64\nlimit 20\nadd a at 1,1 r 1\n"
    return Array((head + String(repeating: block, count: blocks)).utf8)
  }

  /// Counts frames without keeping them, so memory holds only the script and the canvas.
  final class CountingHost: ScriptHost {
    var frames = 0
    func scriptDidProduceFrame(_ frame: Frame) throws { frames += 1 }
    func scriptRender(_ state: CanvasState, toPath path: String) throws {}
    func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour { state.background }
  }

  /// Parses and runs a script; returns the seconds taken and the frames made.
  static func measure(blocks: Int) throws -> (seconds: Double, frames: Int) {
    let bytes = script(blocks: blocks)
    let clock = ContinuousClock()
    let host = CountingHost()
    let elapsed = try clock.measure {
      let script = try Parser.parse(bytes, fileName: "long.circles")
      try Interpreter(host: host).run(script)
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, host.frames)
  }

  @Test("110,000 lines of changes, undo and groups take about ten times as long as 11,000")
  func linearTime() throws {
    let small = try Self.measure(blocks: 1_000)
    let large = try Self.measure(blocks: 10_000)
    // Every line ran: the start, the add, and six frames per block.
    #expect(small.frames == 2 + 6 * 1_000)
    #expect(large.frames == 2 + 6 * 10_000)
    // Linear work gives a ratio near 10; quadratic work would give 100. The bound leaves room
    // for a busy machine and for allocation growth.
    let ratio = large.seconds / max(small.seconds, 0.001)
    #expect(ratio < 30, "11k lines: \(small.seconds) s, 110k lines: \(large.seconds) s")
  }
}
