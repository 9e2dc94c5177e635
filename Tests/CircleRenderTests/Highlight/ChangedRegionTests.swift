import CircleCanvas
import CircleRender
import CirclesTestSupport
import Testing

@Suite("The region a change shows in, and its outline")
struct ChangedRegionTests {
  static let red = Colour(red: 255, green: 0, blue: 0)

  static func state(_ circles: [Circle], scale: Double = 1) -> CanvasState {
    CanvasState(width: 100, height: 80, scale: scale, background: .white, circles: circles)
  }

  static let sun = Circle(id: "sun", center: Point(x: 30, y: 20), radius: 10, fill: red)
  static let moon = Circle(id: "moon", center: Point(x: 70, y: 60), radius: 5, fill: red)

  /// The smallest rectangle holding every pixel that differs between two pictures.
  static func differingPixels(_ a: PixelImage, _ b: PixelImage) -> PixelRect {
    var rect = PixelRect.empty
    for y in 0..<a.height {
      for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
        rect = rect.union(PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1))
      }
    }
    return rect
  }

  static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
    inner.isEmpty
      || (outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX
        && outer.maxY >= inner.maxY)
  }

  @Test(
    "the region is the box of what was added, removed or moved, antialiasing included",
    arguments: [
      ([], [sun], PixelRect(minX: 19, minY: 9, maxX: 41, maxY: 31)),
      ([sun, moon], [sun], PixelRect(minX: 64, minY: 54, maxX: 76, maxY: 66)),
      (
        [sun],
        [Circle(id: "sun", center: Point(x: 30, y: 40), radius: 10, fill: red)],
        PixelRect(minX: 19, minY: 9, maxX: 41, maxY: 51)
      ),
    ])
  func region(old: [Circle], new: [Circle], expected: PixelRect) {
    #expect(ChangedRegion.between(Self.state(old), Self.state(new)) == expected)
  }

  @Test("the region is in the picture's pixels, scale applied, and clipped to the picture")
  func scaledAndClipped() {
    let edge = Circle(id: "e", center: Point(x: 98, y: 2), radius: 10, fill: Self.red)
    #expect(
      ChangedRegion.between(Self.state([], scale: 2), Self.state([edge], scale: 2))
        == PixelRect(minX: 175, minY: 0, maxX: 200, maxY: 25))
  }

  @Test("no region when nothing that paints changed; the whole picture when the canvas did")
  func noneAndAll() {
    let hidden = Circle(id: "h", center: Point(x: 50, y: 50), radius: 10, opacity: 0)
    #expect(ChangedRegion.between(Self.state([Self.sun]), Self.state([Self.sun])) == nil)
    #expect(ChangedRegion.between(Self.state([]), Self.state([hidden])) == nil)
    var black = Self.state([])
    black.background = .black
    #expect(
      ChangedRegion.between(Self.state([]), black)
        == PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 80))
  }

  @Test(
    "every pixel that changes lies in the region",
    .timeLimit(.minutes(5)), arguments: [1, 2, 3] as [UInt64])
  func holdsEveryChange(seed: UInt64) throws {
    var states = RandomStates(seed: seed)
    var before = states.history[0]
    var picture = try Renderer.render(before)
    for _ in 0..<60 {
      let after = states.next()
      let next = try Renderer.render(after)
      let changed = Self.differingPixels(picture, next)
      let region = ChangedRegion.between(before, after) ?? .empty
      #expect(Self.contains(region, changed), "changed \(changed), region \(region)")
      (before, picture) = (after, next)
    }
  }

  @Test("the renderer's damage since the last look holds every pixel that changed")
  func damage() throws {
    var states = RandomStates(seed: 9)
    let renderer = IncrementalRenderer()
    var picture = try renderer.image(of: states.history[0])
    #expect(renderer.takeDamage() == PixelRect(minX: 0, minY: 0, maxX: 96, maxY: 72))
    for step in 0..<80 {
      // Another user of the renderer updates it in between, sometimes.
      if step % 3 == 0 { try renderer.update(to: states.next()) }
      let next = try renderer.image(of: states.next())
      let damage = renderer.takeDamage()
      #expect(Self.contains(damage, Self.differingPixels(picture, next)))
      #expect(renderer.takeDamage() == .empty)
      picture = next
    }
  }

  @Test("the outline is a ring around the region, padded, inside the picture")
  func outline() {
    var image = PixelImage(width: 40, height: 30, filledWith: .black)
    let outline = ChangeOutline.standard
    let region = PixelRect(minX: 10, minY: 10, maxX: 20, maxY: 15)
    let drawn = outline.draw(around: region, on: &image)
    #expect(drawn == PixelRect(minX: 3, minY: 3, maxX: 27, maxY: 22))
    #expect(image.colour(atX: 3, y: 3) == .white)
    #expect(image.colour(atX: 4, y: 10) == outline.colour)
    #expect(image.colour(atX: 5, y: 21 - 1) == outline.colour)
    #expect(image.colour(atX: 6, y: 12) == .white)
    // Inside the padding and the region, and outside the ring, nothing is drawn.
    for (x, y) in [(7, 7), (15, 12), (2, 2), (27, 22), (30, 12)] {
      #expect(image.colour(atX: x, y: y) == .black, "\(x),\(y)")
    }
    // A region at the edge keeps its ring inside the picture.
    var edge = PixelImage(width: 40, height: 30, filledWith: .black)
    let whole = PixelRect(minX: 0, minY: 0, maxX: 40, maxY: 30)
    #expect(outline.draw(around: whole, on: &edge) == whole)
    #expect(edge.colour(atX: 0, y: 0) == .white && edge.colour(atX: 1, y: 15) == outline.colour)
    #expect(edge.colour(atX: 20, y: 15) == .black)
  }
}
