import CCairo
import CircleCanvas
import Testing

@testable import CircleRender

@Suite("Renderer")
struct RendererTests {
  func render(
    _ circles: [Circle], width: Int = 100, height: Int = 100, scale: Double = 1,
    background: Colour = .white
  ) throws -> PixelImage {
    try Renderer.render(
      CanvasState(
        width: width, height: height, scale: scale, background: background, circles: circles))
  }

  @Test("the image has the state's pixel size and the background everywhere")
  func background() throws {
    let colour = Colour(red: 10, green: 200, blue: 30)
    let image = try render([], width: 40, height: 30, background: colour)
    #expect(image.width == 40 && image.height == 30)
    #expect(Set(image.pixels) == [PixelImage.premultiplied(colour)])
  }

  @Test("a red circle is red at its centre and the background outside")
  func fillProbe() throws {
    let image = try render([
      Circle(id: "a", center: Point(x: 50, y: 40), radius: 20, fill: .opaqueRed)
    ])
    expectColour(image.colour(atX: 50, y: 40), .opaqueRed)
    expectColour(image.colour(atX: 50, y: 25), .opaqueRed)
    expectColour(image.colour(atX: 50, y: 65), .white)
    expectColour(image.colour(atX: 5, y: 5), .white)
  }

  @Test("the stroke is centred on the edge and drawn over the fill")
  func strokeProbe() throws {
    let circle = Circle(
      id: "a", center: Point(x: 50, y: 50), radius: 30, fill: .opaqueRed, stroke: .opaqueBlue,
      strokeWidth: 8)
    let image = try render([circle])
    // The edge is at x = 80; the stroke covers 76…84.
    expectColour(image.colour(atX: 78, y: 50), .opaqueBlue)
    expectColour(image.colour(atX: 81, y: 50), .opaqueBlue)
    expectColour(image.colour(atX: 72, y: 50), .opaqueRed)
    expectColour(image.colour(atX: 88, y: 50), .white)
  }

  @Test("half opacity over white blends the fill halfway")
  func opacityBlend() throws {
    let circle = Circle(
      id: "a", center: Point(x: 50, y: 50), radius: 30, fill: .opaqueRed, opacity: 0.5)
    let image = try render([circle])
    expectColour(image.colour(atX: 50, y: 50), Colour(red: 255, green: 128, blue: 128), within: 1)
  }

  @Test("opacity fades fill and stroke as one layer: no darker ring where they overlap")
  func opacityLayer() throws {
    let circle = Circle(
      id: "a", center: Point(x: 50, y: 50), radius: 30, fill: .opaqueRed, stroke: .opaqueBlue,
      strokeWidth: 10, opacity: 0.5)
    let image = try render([circle])
    let fadedBlue = Colour(red: 128, green: 128, blue: 255)
    let overFill = image.colour(atX: 77, y: 50)  // inner half of the stroke, above the fill
    let outside = image.colour(atX: 83, y: 50)  // outer half of the stroke, above white
    expectColour(overFill, fadedBlue, within: 1)
    expectColour(outside, fadedBlue, within: 1)
    expectColour(image.colour(atX: 50, y: 50), Colour(red: 255, green: 128, blue: 128), within: 1)
  }

  @Test("later circles are drawn on top of earlier ones")
  func paintOrder() throws {
    let back = Circle(id: "back", center: Point(x: 40, y: 50), radius: 25, fill: .opaqueRed)
    let front = Circle(id: "front", center: Point(x: 60, y: 50), radius: 25, fill: .opaqueBlue)
    expectColour(try render([back, front]).colour(atX: 50, y: 50), .opaqueBlue)
    expectColour(try render([front, back]).colour(atX: 50, y: 50), .opaqueRed)
  }

  @Test("scale 2 doubles the image and puts the circle at doubled coordinates")
  func scale() throws {
    let circle = Circle(id: "a", center: Point(x: 20, y: 30), radius: 5, fill: .opaqueRed)
    let image = try render([circle], width: 50, height: 40, scale: 2)
    #expect(image.width == 100 && image.height == 80)
    expectColour(image.colour(atX: 40, y: 60), .opaqueRed)
    expectColour(image.colour(atX: 40, y: 68), .opaqueRed)
    expectColour(image.colour(atX: 40, y: 72), .white)
    expectColour(image.colour(atX: 20, y: 30), .white)
  }

  @Test("a transparent background leaves the image clear away from circles")
  func transparentBackground() throws {
    let circle = Circle(id: "a", center: Point(x: 50, y: 50), radius: 10, fill: .opaqueRed)
    let image = try render([circle], background: .none)
    #expect(image.colour(atX: 5, y: 5).alpha == 0)
    #expect(image.pixels[0] == 0)
    expectColour(image.colour(atX: 50, y: 50), .opaqueRed)
  }

  @Test(
    "circles that cannot be seen leave the picture unchanged",
    arguments: [
      Circle(
        id: "zero", center: Point(x: 50, y: 50), radius: 0, stroke: .opaqueRed, strokeWidth: 4),
      Circle(id: "clear", center: Point(x: 50, y: 50), radius: 20, fill: .none),
      Circle(id: "faded", center: Point(x: 50, y: 50), radius: 20, opacity: 0),
      Circle(
        id: "thin", center: Point(x: 50, y: 50), radius: 20, fill: .none, stroke: .opaqueRed,
        strokeWidth: 0),
      Circle(id: "far", center: Point(x: -1e12, y: 50), radius: 1e6),
      Circle(id: "below", center: Point(x: 50, y: 4e9), radius: 20),
      Circle(id: "inf", center: Point(x: .infinity, y: 50), radius: 20),
      Circle(id: "ring", center: Point(x: 50, y: 50), radius: 1e9, fill: .none, stroke: .opaqueRed),
    ])
  func invisible(circle: Circle) throws {
    let blank = try render([])
    #expect(try render([circle]) == blank)
  }

  @Test("a huge circle crossing the image keeps its edge in place")
  func hugeCircle() throws {
    // The edge of the disc runs close to x = 60; Cairo could not hold the centre.
    let circle = Circle(
      id: "big", center: Point(x: -1e9 + 60, y: 50), radius: 1e9, fill: .opaqueRed,
      stroke: .opaqueBlue,
      strokeWidth: 10)
    let image = try render([circle])
    for y in [0, 50, 99] {
      expectColour(image.colour(atX: 40, y: y), .opaqueRed)
      expectColour(image.colour(atX: 58, y: y), .opaqueBlue)
      expectColour(image.colour(atX: 62, y: y), .opaqueBlue)
      expectColour(image.colour(atX: 80, y: y), .white)
    }
  }

  @Test("a circle at the coordinate limit, scaled far beyond Cairo's range, still draws right")
  func hugeScale() throws {
    // In pixels the centre is 64 million to the left; the edge falls at x = 32.
    let circle = Circle(
      id: "edge", center: Point(x: -999_999.5, y: 0.5), radius: 1e6, fill: .opaqueRed,
      opacity: 0.5)
    let image = try render([circle], width: 1, height: 1, scale: 64)
    #expect(image.width == 64 && image.height == 64)
    let faded = Colour(red: 255, green: 128, blue: 128)
    for y in [0, 32, 63] {
      expectColour(image.colour(atX: 10, y: y), faded, within: 1)
      expectColour(image.colour(atX: 30, y: y), faded, within: 1)
      expectColour(image.colour(atX: 34, y: y), .white)
    }
  }

  @Test("a huge circle around the whole image fills it")
  func hugeCircleAround() throws {
    let circle = Circle(id: "big", center: Point(x: 50, y: 50), radius: 1e9, fill: .opaqueBlue)
    #expect(Set(try render([circle]).pixels) == [PixelImage.premultiplied(.opaqueBlue)])
  }

  @Test(
    "drawing a circle clipped to the box gives the same pixels as drawing it whole",
    arguments: [
      DeviceCircle(x: 32, y: 32, radius: 20, halfWidth: 3),
      DeviceCircle(x: 0, y: 10, radius: 50, halfWidth: 2),
      DeviceCircle(x: 100, y: 100, radius: 90, halfWidth: 0),
      DeviceCircle(x: 32, y: -40, radius: 60.5, halfWidth: 6),
      DeviceCircle(x: 32, y: 32, radius: 200, halfWidth: 1),
    ])
  func clippedMatchesDirect(shape: DeviceCircle) throws {
    func draw(clipped: Bool) throws -> PixelImage {
      let surface = try CairoSurface(width: 64, height: 64)
      let context = try CairoContext(surface)
      let bounds = DeviceBounds(width: 64, height: 64)
      let stroke: Colour? = shape.halfWidth > 0 ? .opaqueBlue : nil
      if clipped {
        Renderer.drawClipped(shape, fill: .opaqueRed, stroke: stroke, bounds: bounds, in: context)
      } else {
        let circle = Circle(
          id: "a", center: Point(x: shape.x, y: shape.y), radius: shape.radius, fill: .opaqueRed,
          stroke: stroke ?? .none, strokeWidth: shape.halfWidth * 2)
        Renderer.draw(circle, scale: 1, bounds: bounds, in: context)
      }
      try context.check("draw")
      return surface.pixelImage()
    }
    let direct = try draw(clipped: false)
    let clipped = try draw(clipped: true)
    let worst = zip(direct.pixels, clipped.pixels).map { distance($0, $1) }.max()!
    // Arcs split at other angles and strokes filled as rings move edges by under 0.1 pixel
    // (Cairo's tolerance): antialiased edge pixels differ a little, interiors not at all.
    #expect(worst <= 32)
    #expect(direct.colour(atX: 32, y: 32) == clipped.colour(atX: 32, y: 32))
  }

  @Test(
    "sizes and scales out of range are rejected before drawing",
    arguments: [
      (CanvasState(width: 20000, height: 10), RenderError.imageTooLarge(width: 20000, height: 10)),
      (CanvasState(width: 10000, height: 10, scale: 2), .imageTooLarge(width: 20000, height: 20)),
      (CanvasState(width: 0, height: 10), .emptyImage(width: 0, height: 10)),
      (CanvasState(width: 10, height: 10, scale: 0), .invalidScale(0)),
      (CanvasState(width: 10, height: 10, scale: -1), .invalidScale(-1)),
      (CanvasState(width: 10, height: 10, scale: .infinity), .invalidScale(.infinity)),
    ])
  func rejected(state: CanvasState, error: RenderError) {
    #expect(throws: error) { try Renderer.render(state) }
  }

  @Test("a scale that is not a number is rejected")
  func nanScale() {
    #expect {
      try Renderer.render(CanvasState(width: 10, height: 10, scale: .nan))
    } throws: { error in
      guard case .invalidScale(let scale) = error as? RenderError else { return false }
      return scale.isNaN
    }
  }

  @Test(
    "errors read as terse lower-case phrases",
    arguments: [
      (RenderError.imageTooLarge(width: 20000, height: 10), "image too large: 20000×10 pixels"),
      (.notPNG, "not a PNG file"),
      (.damagedPNG(reason: "the file ends too early"), "damaged PNG file: the file ends too early"),
      (
        .cannotWrite(path: "/x/a.png", reason: "permission denied"),
        "cannot write '/x/a.png': permission denied"
      ),
      (.invalidScale(0), "scale must be a positive finite number, not 0"),
      (
        .pixelOutsideImage(x: 40, y: 3, width: 40, height: 30),
        "pixel 40,3 is outside the 40×30 image"
      ),
      (
        .outOfMemory(operation: "create a 16384×16384 surface"),
        "not enough memory to create a 16384×16384 surface"
      ),
      (.compressionFailed, "the PNG compressor failed"),
    ])
  func messages(error: RenderError, message: String) {
    #expect(error.description == message)
  }

  @Test("Cairo running out of memory is its own error; Cairo's other failures keep its reason")
  func cairoStatuses() {
    #expect(RenderError(CAIRO_STATUS_NO_MEMORY, "draw") == .outOfMemory(operation: "draw"))
    #expect(
      RenderError(CAIRO_STATUS_INVALID_MATRIX, "draw")
        == .cairo(operation: "draw", reason: "invalid matrix (not invertible)"))
  }

  @Test("Cairo's version is reported as major.minor.micro")
  func version() {
    let parts = cairoVersionString.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
  }
}
