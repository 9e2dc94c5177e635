import CircleCanvas
import CircleRender
import CircleScript
import Foundation
import Testing

/// Scripts at and beyond the sizes users reach: deep groups, huge coordinates, long scripts.
@Suite("Sizes and geometry limits")
struct SizeLimitTests {
  static func nested(_ depth: Int, body: String = "add at 1,1 r 1") -> String {
    String(repeating: "group \"g\" {\n", count: depth) + body + "\n"
      + String(repeating: "}\n", count: depth)
  }

  @Test("groups nest up to the documented depth and no further")
  func nestingDepth() {
    let deepest = ScriptRun(Self.nested(Parser.maximumGroupDepth))
    #expect(deepest.failure == nil)
    #expect(deepest.frames.map(\.action) == ["start", "g"])
    let tooDeep = ScriptRun(Self.nested(Parser.maximumGroupDepth + 1))
    guard let failure = tooDeep.failure, failure.isError else {
      Issue.record("too deep a group gave \(String(describing: tooDeep.failure))")
      return
    }
    let diagnostic = failure.diagnostic
    #expect(diagnostic.range.start.line == Parser.maximumGroupDepth + 1)
    #expect(diagnostic.message.contains("\(Parser.maximumGroupDepth)"), "\(diagnostic)")
    #expect(tooDeep.frames.isEmpty)
  }

  @Test("a hundred thousand open groups are an error, not a stack overflow")
  func absurdNesting() {
    let opened = ScriptRun(String(repeating: "group \"g\" {\n", count: 100_000))
    #expect(opened.failure?.exitCode == 2)
    let closed = ScriptRun(Self.nested(100_000))
    #expect(closed.failure?.exitCode == 2)
    let closing = ScriptRun(String(repeating: "}\n", count: 100_000))
    #expect(closing.failure?.diagnostic.range.start.line == 1)
  }

  @Test("an error deep inside groups leaves no group open and the history usable")
  func errorInsideGroups() throws {
    let run = ScriptRun(Self.nested(50, body: "add a at 1,1 r 1\nremove ghost"))
    #expect(run.failure?.diagnostic.message.contains("ghost") == true)
    let manager = try #require(run.canvas?.undoManager)
    #expect(manager.groupingLevel == 0)
    #expect(manager.canUndo)
    manager.undo()
    #expect(run.canvas?.circles.isEmpty == true)
  }

  /// Circles far outside Cairo's 24.8 fixed-point range (about ±8.4 million device units) still
  /// draw the part that falls on the canvas, exactly where it belongs.
  @Test(
    "huge circles draw their visible edge in place",
    arguments: [
      // A disc whose left edge is the vertical line x = 2 (pixel column 32 at scale 16).
      ("add at 1000000,2 r 999998 fill red", (10, 32), (50, 32)),
      // Its mirror image: the disc lies left of x = 2.
      ("add at -999998,2 r 1000000 fill red", (50, 32), (10, 32)),
      // A ring: a huge stroke around a point far away; its inner edge is the line y = 2.
      ("add at 2,-499998 r 1000000 fill none stroke red width 1000000", (32, 10), (32, 50)),
    ])
  func hugeGeometry(line: String, background: (Int, Int), inside: (Int, Int)) throws {
    let run = ScriptRun("canvas 4x4 scale 16\n" + line)
    #expect(run.failure == nil)
    let state = try #require(run.frames.last?.state)
    let image = try Renderer.render(state)
    #expect(image.colour(atX: background.0, y: background.1) == .white)
    #expect(image.colour(atX: inside.0, y: inside.1) == Colour(red: 255, green: 0, blue: 0))
  }

  @Test("the largest allowed image sides render; one pixel more is refused by the canvas")
  func largestSides() throws {
    for source in ["canvas 16384x1", "canvas 1x16384", "canvas 8192x1 scale 2"] {
      let run = ScriptRun(source + "\nadd at 8000,0 r 4 fill blue")
      let state = try #require(run.frames.last?.state, "\(source)")
      let image = try Renderer.render(state)
      #expect(max(image.width, image.height) == 16384, "\(source)")
    }
    let canvas = Canvas()
    #expect(throws: CanvasError.self) {
      try canvas.configure(width: 16384, height: 1, scale: 1.0001, background: .white)
    }
    #expect(throws: CanvasError.self) {
      try canvas.configure(width: 1, height: 1, scale: .infinity, background: .white)
    }
    #expect(throws: CanvasError.self) {
      try canvas.configure(width: 1, height: 1, scale: .nan, background: .white)
    }
  }

  @Test("the canvas API refuses NaN and infinities wherever a number goes")
  func canvasRefusesNonFinite() throws {
    let canvas = Canvas()
    try canvas.add(Circle(id: "a", center: Point(x: 1, y: 1), radius: 1))
    canvas.undoManager.endEvent()
    for bad in [Double.nan, .infinity, -.infinity, .signalingNaN, .greatestFiniteMagnitude] {
      let circles: [Circle] = [
        Circle(id: "b", center: Point(x: bad, y: 1), radius: 1),
        Circle(id: "b", center: Point(x: 1, y: bad), radius: 1),
        Circle(id: "b", center: Point(x: 1, y: 1), radius: bad),
        Circle(id: "b", center: Point(x: 1, y: 1), radius: 1, strokeWidth: bad),
        Circle(id: "b", center: Point(x: 1, y: 1), radius: 1, opacity: bad),
      ]
      for circle in circles {
        #expect(throws: CanvasError.self) { try canvas.add(circle) }
      }
      let changes = [
        CircleChange(center: Point(x: bad, y: 0)), CircleChange(radius: bad),
        CircleChange(strokeWidth: bad), CircleChange(opacity: bad),
      ]
      for change in changes {
        #expect(throws: CanvasError.self) { try canvas.update(id: "a", with: change) }
      }
      #expect(throws: CanvasError.self) { try canvas.move(id: "a", by: Point(x: bad, y: 0)) }
      #expect(throws: CanvasError.self) { try canvas.move(id: "a", to: Point(x: 0, y: bad)) }
    }
    canvas.undoManager.endEvent()
    #expect(canvas.circles == [Circle(id: "a", center: Point(x: 1, y: 1), radius: 1)])
    #expect(canvas.undoManager.undoCount == 1)
  }
}
