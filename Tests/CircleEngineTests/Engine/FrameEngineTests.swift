import CircleCanvas
import CircleRender
import CircleScript
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

/// Keeps what a consumer sees of every state and `render` target.
private final class Collector: FrameConsumer {
  var names: [String] = []
  var bytes: [Data] = []
  var damage: [PixelRect] = []
  var highlights: [PixelRect?] = []
  var pictureWidths: [Int] = []
  var renders: [(path: String, site: OutputSite, bytes: Data)] = []
  /// Whether to draw and encode each frame.
  var encodes = true

  func consume(_ frame: EngineFrame) throws {
    names.append(frame.frame.name)
    highlights.append(frame.highlight)
    guard encodes else { return }
    damage.append(try frame.damage())
    pictureWidths.append(frame.pictureState.pixelWidth)
    bytes.append(try frame.encoded().bytes())
  }

  func consume(_ render: EngineRender) throws {
    renders.append((render.path, render.site, try render.encoded().bytes()))
  }
}

@Suite("The frame engine")
struct FrameEngineTests {
  private static func run(
    _ text: String, options: FrameEngine.Options = FrameEngine.Options(),
    collector: Collector = Collector()
  ) throws -> (engine: FrameEngine, collector: Collector, failure: ScriptFailure?) {
    let engine = FrameEngine(options: options, consumer: collector)
    let failure = engine.run(try Script.parse(Array(text.utf8), fileName: "e.circles")).failure
    return (engine, collector, failure)
  }

  @Test("each state is drawn once and encoded once; a state reached again shares its bytes")
  func sharedBytes() throws {
    let (engine, collector, failure) = try Self.run(
      "canvas 60x40\nadd a at 10,10 r 5 fill red\nadd b at 40,20 r 8 fill blue\nundo 2\nredo\n"
        + "render here.png\n")
    #expect(failure == nil)
    #expect(
      collector.names == [
        "0000-start", "0001-add-a", "0002-add-b", "0003-undo-add-a",
        "0004-redo-add-a",
      ])
    // The undo shows the start, the redo frame 1, and the render frame 4: three reuses.
    #expect(engine.reusedFiles == 3)
    #expect(collector.bytes[3] == collector.bytes[0])
    #expect(collector.bytes[4] == collector.bytes[1])
    #expect(collector.renders.first?.bytes == collector.bytes[4])
    #expect(collector.bytes[1] != collector.bytes[0])
    let alone = try PNGCodec.decode(collector.bytes[2])
    #expect(alone == (try Renderer.render(engine.pictureState(try Self.state(after: 3)))))
  }

  /// The state after the first `lines` lines of the script of `sharedBytes`.
  private static func state(after lines: Int) throws -> CanvasState {
    let canvas = Canvas()
    let text = "canvas 60x40\nadd a at 10,10 r 5 fill red\nadd b at 40,20 r 8 fill blue\n"
    let script = try Script.parse(
      Array(text.split(separator: "\n").prefix(lines).joined(separator: "\n").utf8),
      fileName: "e")
    try Interpreter(canvas: canvas, host: FrameEngine(consumer: Collector())).run(script)
    return canvas.state
  }

  @Test("the damage is the whole first picture, then only what a change repainted")
  func damage() throws {
    let (_, collector, _) = try Self.run(
      "canvas 100x80\nadd a at 10,10 r 4\nmove a by 0,0\nadd b at 90,70 r 3\n")
    #expect(collector.damage[0] == PixelRect(x: 0, y: 0, width: 100, height: 80))
    #expect(!collector.damage[1].isEmpty && collector.damage[1].maxX <= 20)
    #expect(collector.damage[2].isEmpty)
    #expect(collector.damage[3].minX >= 80)
  }

  @Test("undo and redo frames outline what changed when changes are tracked; others nothing")
  func highlights() throws {
    let text = "canvas 100x80\nadd a at 10,10 r 4\nadd b at 60,50 r 5\nundo\nredo\n"
    let tracked = try Self.run(
      text, options: FrameEngine.Options(tracksChanges: true),
      collector: {
        let collector = Collector()
        collector.encodes = false
        return collector
      }())
    #expect(tracked.collector.highlights[0] == nil)
    #expect(tracked.collector.highlights[1] == nil)
    #expect(tracked.collector.highlights[2] == nil)
    let undone = try #require(tracked.collector.highlights[3])
    #expect(undone.minX >= 50 && undone.maxX <= 70 && undone.minY >= 40 && undone.maxY <= 60)
    #expect(tracked.collector.highlights[4] == undone)
    let untracked = try Self.run(text)
    #expect(untracked.collector.highlights.allSatisfy { $0 == nil })
  }

  @Test("pictures fit the largest side; expect pixel reads the canvas at its own scale")
  func smallerPictures() throws {
    // At a tenth of the size the dot is a blur; at full size its centre is red.
    let text = "canvas 1000x20\nadd dot at 10,10 r 4 fill red\nexpect pixel 10,10 red\n"
    let small = try Self.run(text, options: FrameEngine.Options(largestSide: 100))
    #expect(small.failure == nil)
    #expect(small.collector.pictureWidths == [100, 100])
    #expect(try PNGCodec.decode(small.collector.bytes[1]).width == 100)
    let full = try Self.run(text, options: FrameEngine.Options(largestSide: 1000))
    #expect(full.collector.pictureWidths == [1000, 1000])
    let fits = try Self.run("canvas 100x20\n", options: FrameEngine.Options(largestSide: 100))
    #expect(fits.collector.pictureWidths == [100])
  }

  @Test("a render reaches the consumer with its path, its command and the loops around it")
  func renderSites() throws {
    let (_, collector, _) = try Self.run(
      "render a.png\nrepeat 2 as i {\n  render r{i}.png\n}\n")
    #expect(collector.renders.map(\.path) == ["a.png", "r0.png", "r1.png"])
    let first = collector.renders[0].site
    #expect(first.command.start.line == 1 && first.command.start.column == 1)
    #expect(first.contexts.isEmpty)
    let last = collector.renders[2].site
    #expect(last.command.start.line == 3 && last.command.start.column == 3)
    #expect(last.contexts.map(\.kind) == [.pass(index: 1, variable: "i")])
    guard case .render(_, let path) = last.output else {
      Issue.record("not a render: \(last.output)")
      return
    }
    #expect(path.start.column == 10)
  }
}

/// Refuses to let the engine read pixels after `allowed` reads.
private final class PixelBudget: FrameConsumer {
  struct Spent: Error, CustomStringConvertible {
    var description: String { "no more pixels" }
  }

  var allowed: Int
  init(allowed: Int) { self.allowed = allowed }

  func consume(_ frame: EngineFrame) throws {}
  func consume(_ render: EngineRender) throws {}

  func willReadPixel() throws {
    guard allowed > 0 else { throw Spent() }
    allowed -= 1
  }
}

extension FrameEngineTests {
  @Test("a consumer is asked before each pixel read and can stop the run at the expect")
  func pixelReads() throws {
    let text =
      "canvas 10x10\nexpect pixel 1,1 white\nadd a at 5,5 r 2 fill red\nexpect pixel 5,5 red\n"
    let script = try Script.parse(Array(text.utf8), fileName: "p.circles")
    let enough = FrameEngine(consumer: PixelBudget(allowed: 2)).run(script)
    #expect(enough.failure == nil)
    let short = FrameEngine(consumer: PixelBudget(allowed: 1)).run(script)
    #expect(short.failure?.diagnostic.range.start.line == 4)
    #expect(short.failure?.diagnostic.message.hasSuffix("no more pixels") == true)
    #expect(short.canvas.circles.count == 1)
  }
}
