import CircleCanvas
import Testing

@testable import CircleRender

@Suite("Incremental renderer")
struct IncrementalRendererTests {
  @Test(
    "repainting only what changed gives the pixels of a full redraw",
    arguments: [
      (UInt64(1), 1.0, Colour.white), (2, 1.5, .none), (3, 1, Colour(red: 20, green: 40, blue: 60)),
      (4, 0.75, Colour(red: 200, green: 0, blue: 0, alpha: 90)), (5, 1, .none), (6, 2, .none),
      (7, 1, .white), (8, 1.25, .none),
    ])
  func matchesFullRedraw(seed: UInt64, scale: Double, background: Colour) throws {
    var states = RandomStates(seed: seed, scale: scale, background: background)
    let renderer = IncrementalRenderer()
    for step in 0..<120 {
      let state = states.next()
      let incremental = try renderer.image(of: state)
      let full = try Renderer.render(state)
      let difference = pixelDifference(incremental, full)
      #expect(difference == nil, "seed \(seed), step \(step)")
      if difference != nil { return }
    }
    #expect(renderer.statistics.partialRepaints > 20)
    #expect(renderer.statistics.appends > 20)
  }

  @Test(
    "a pixel is read inside the image; one past any edge is an error naming the image's size",
    arguments: [
      (0, 0, true), (39, 29, true), (-1, 0, false), (0, -1, false), (40, 0, false),
      (0, 30, false),
    ])
  func pixel(x: Int, y: Int, inside: Bool) throws {
    let state = CanvasState(width: 20, height: 15, scale: 2, background: .opaqueRed)
    let renderer = IncrementalRenderer()
    if inside {
      #expect(try renderer.pixel(of: state, x: x, y: y) == .opaqueRed)
    } else {
      #expect(throws: RenderError.pixelOutsideImage(x: x, y: y, width: 40, height: 30)) {
        try renderer.pixel(of: state, x: x, y: y)
      }
    }
  }

  @Test(
    "a large picture drawn in two halves on two threads has the pixels of a plain render",
    arguments: [
      (41, .white), (42, .none), (43, Colour(red: 9, green: 99, blue: 199, alpha: 120)),
    ] as [(UInt64, Colour)])
  func halves(seed: UInt64, background: Colour) throws {
    var states = RandomStates(seed: seed, width: 480, height: 360, background: background)
    var state = states.history[0]
    for index in 0..<160 { state.circles.append(states.circle(id: "c\(index)", in: state)) }
    let renderer = IncrementalRenderer()
    renderer.splitsWhenBusy = true
    let difference = pixelDifference(try renderer.image(of: state), try Renderer.render(state))
    #expect(difference == nil)
    // Back to a blank picture and again, through full drawings.
    var blank = state
    blank.circles = []
    #expect(try renderer.image(of: blank) == Renderer.render(blank))
    #expect(pixelDifference(try renderer.image(of: state), try Renderer.render(state)) == nil)
  }

  @Test("adding a small circle repaints a small rectangle around it")
  func smallDamage() {
    let before = CanvasState(width: 400, height: 300)
    var after = before
    after.circles.append(Circle(id: "a", center: Point(x: 100, y: 50), radius: 10, fill: .black))
    #expect(
      CanvasDamage.between(before, after)
        == .region(PixelRect(minX: 88, minY: 38, maxX: 112, maxY: 62)))
    #expect(CanvasDamage.between(after, after) == .none)
  }

  @Test("a new size, scale or background needs everything drawn again")
  func everything() {
    let state = CanvasState(width: 40, height: 30)
    var other = state
    other.scale = 2
    #expect(CanvasDamage.between(state, other) == .everything)
    other = state
    other.background = .black
    #expect(CanvasDamage.between(state, other) == .everything)
    other = state
    other.width = 41
    #expect(CanvasDamage.between(state, other) == .everything)
  }

  @Test("bringing one circle to the front damages only that circle")
  func reordering() {
    let circles = (0..<5).map { index in
      Circle(id: "c\(index)", center: Point(x: Double(20 * index + 10), y: 10), radius: 4)
    }
    let before = CanvasState(width: 200, height: 40, circles: circles)
    var after = before
    after.circles.append(after.circles.remove(at: 1))
    #expect(
      CanvasDamage.between(before, after)
        == .region(PixelRect(minX: 24, minY: 4, maxX: 36, maxY: 16)))
  }

  @Test("invisible circles and circles off the image damage nothing")
  func invisible() {
    let before = CanvasState(width: 50, height: 50)
    var after = before
    after.circles = [
      Circle(id: "a", center: Point(x: 10, y: 10), radius: 5, fill: .none),
      Circle(id: "b", center: Point(x: 10, y: 10), radius: 5, opacity: 0),
      Circle(id: "c", center: Point(x: 500, y: 10), radius: 5),
    ]
    #expect(CanvasDamage.between(before, after) == .none)
  }

  @Test("pixels read from the renderer match the copied image")
  func pixelAccess() throws {
    let renderer = IncrementalRenderer()
    #expect(renderer.colour(atX: 0, y: 0) == nil)
    let state = CanvasState(
      width: 20, height: 10,
      circles: [Circle(id: "a", center: Point(x: 5, y: 5), radius: 4, fill: .opaqueRed)])
    let image = try renderer.image(of: state)
    #expect(renderer.colour(atX: 5, y: 5) == .opaqueRed)
    #expect(renderer.colour(atX: 19, y: 9) == image.colour(atX: 19, y: 9))
    #expect(renderer.colour(atX: 20, y: 0) == nil)
  }
}

@Suite("Incremental renderer: cost per added circle")
struct IncrementalRendererGrowthTests {
  @Test("drawing each state of a canvas that adds circles keeps no hold on the canvas's circles")
  func noHoldOnCanvasStorage() throws {
    let canvas = Canvas(state: CanvasState(width: 120, height: 90))
    let renderer = IncrementalRenderer()
    try renderer.update(to: canvas.state)
    var moves = 0
    var base = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
    for index in 0..<600 {
      try canvas.add(
        Circle(id: "c\(index)", center: Point(x: Double(index % 120), y: 40), radius: 6))
      canvas.undoManager.endEvent()
      try renderer.update(to: canvas.state)
      let now = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
      if now != base { moves += 1 }
      base = now
    }
    #expect(renderer.statistics.appends == 600)
    #expect(renderer.state == canvas.state)
    // Storage grows by doubling: about ten moves. Holding the state would copy at every add.
    #expect(moves < 25, "\(moves) moves")
    #expect(try renderer.image(of: canvas.state) == Renderer.render(canvas.state))
  }
}
