import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("Vector output")
struct VectorRendererTests {
  static let state = CanvasState(
    width: 120, height: 80, scale: 2, background: Colour(red: 255, green: 255, blue: 255),
    circles: [
      Circle(
        id: "a", center: Point(x: 30, y: 40), radius: 20, fill: Colour(red: 255, green: 0, blue: 0)),
      Circle(
        id: "b", center: Point(x: 80, y: 40), radius: 15, fill: .none,
        stroke: Colour(red: 0, green: 0, blue: 255), strokeWidth: 4),
      Circle(id: "hidden", center: Point(x: 500, y: 500), radius: 5),
    ])

  @Test("SVG is XML of the canvas's size in points, one path per visible circle and colour")
  func svg() throws {
    let data = try VectorRenderer.svg(Self.state)
    let svg = try SVGSummary(data)
    #expect(svg.width == "120pt")
    #expect(svg.height == "80pt")
    #expect(svg.viewBox == "0 0 120 80")
    let styles = svg.styles
    #expect(styles.contains { $0.contains("fill:rgb(100%,0%,0%)") }, "\(styles)")
    #expect(
      styles.contains { $0.contains("stroke:rgb(0%,0%,100%)") && $0.contains("stroke-width:4") },
      "\(styles)")
    #expect(
      !styles.contains { $0.contains("fill:rgb(0%,0%,0%)") }, "the off-canvas circle is left out")
  }

  @Test("the same state gives the same bytes, in SVG and in PDF")
  func deterministic() throws {
    var state = Self.state
    state.circles.append(Circle(id: "c", center: Point(x: 9, y: 9), radius: 9, opacity: 0.5))
    for format in [FrameFormat.svg, .pdf] {
      let first = String(decoding: try format.encode(state), as: UTF8.self)
      let second = String(decoding: try format.encode(state), as: UTF8.self)
      let differ = zip(first.split(separator: "\n"), second.split(separator: "\n")).filter {
        $0 != $1
      }
      #expect(first == second, "\(format): \(differ.prefix(4))")
    }
  }

  @Test("PDF starts with its header and has one page per state", arguments: [1, 3])
  func pdf(pages: Int) throws {
    let data = try VectorRenderer.pdf(pages: Array(repeating: Self.state, count: pages))
    #expect(data.starts(with: Array("%PDF-1.".utf8)))
    #expect(String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF"))
    #expect(pdfPageCount(data) == pages)
    #expect(String(decoding: data, as: UTF8.self).contains("/MediaBox [ 0 0 120 80 ]"))
  }

  @Test("a translucent circle is a faded group; a circle covering everything is painted")
  func opacityAndHugeCircles() throws {
    var state = CanvasState(width: 10, height: 10)
    state.circles = [
      Circle(
        id: "big", center: Point(x: 5, y: 5), radius: 1e9, fill: Colour(red: 0, green: 128, blue: 0)
      ),
      Circle(id: "ghost", center: Point(x: 5, y: 5), radius: 3, opacity: 0.5),
    ]
    let svg = String(decoding: try VectorRenderer.svg(state), as: UTF8.self)
    #expect(svg.contains("fill:rgb(0%,50.196078%,0%)"), "\(svg)")
    #expect(svg.contains("opacity:0.5") || svg.contains("opacity=\"0.5\""), "\(svg)")
  }

  @Test("a huge circle whose edge crosses the canvas is cut to it: small path, right side filled")
  func hugeCircleEdge() throws {
    let green = Colour(red: 0, green: 128, blue: 0)
    let state = CanvasState(
      width: 100, height: 100, background: .white,
      circles: [
        Circle(
          id: "ground", center: Point(x: 50, y: 50 + 1e8), radius: 1e8, fill: green,
          stroke: .black, strokeWidth: 4)
      ])
    let svg = try SVGSummary(VectorRenderer.svg(state))
    let numbers = svg.paths.flatMap {
      ($0["d"] ?? "").split(separator: " ").compactMap { Double($0) }
    }
    #expect(!numbers.isEmpty)
    #expect(numbers.allSatisfy { abs($0) < 200 }, "\(numbers)")
    let sheet = ContactSheet(thumbnailSize: 100)
    let image = try sheet.render([.init(label: "", state: state)])
    let rect = sheet.layout(count: 1).thumbnailRect(0, for: state)
    let (left, top) = (Int(rect.x), Int(rect.y))
    #expect(image.colour(atX: left + 50, y: top + 25) == .white)
    #expect(image.colour(atX: left + 50, y: top + 50) == .black)
    #expect(image.colour(atX: left + 50, y: top + 75) == green)
  }

  @Test("drawn at one pixel per point, the vector drawing matches the PNG renderer's pixels")
  func sameGeometryAsPNG() throws {
    var state = Self.state
    state.scale = 1
    state.circles.append(
      Circle(
        id: "veil", center: Point(x: 60, y: 40), radius: 25,
        fill: Colour(red: 0, green: 200, blue: 100), stroke: .black, strokeWidth: 2,
        opacity: 0.4))
    let png = try Renderer.render(state)
    let sheet = ContactSheet(thumbnailSize: 120)
    let rect = sheet.layout(count: 1).thumbnailRect(0, for: state)
    #expect(rect.width == 120 && rect.height == 80)
    let drawn = try sheet.render([.init(label: "", state: state)])
    var worst = 0
    for y in 0..<80 {
      for x in 0..<120 {
        let a = png.colour(atX: x, y: y)
        let b = drawn.colour(atX: Int(rect.x) + x, y: Int(rect.y) + y)
        worst = max(
          worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)))
      }
    }
    #expect(worst <= 2, "largest channel difference \(worst)")
  }

  @Test("a canvas without area is an error")
  func emptyCanvas() {
    #expect(throws: RenderError.emptyImage(width: 0, height: 0)) {
      try VectorRenderer.pdf(pages: [])
    }
  }
}
