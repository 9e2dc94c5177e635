import CircleCanvas
import Testing

@testable import CircleSnapshot

@Suite("Semantic diff of scenes")
struct SceneDiffTests {
  static func circle(
    _ id: String, _ x: Double = 10, _ y: Double = 10, radius: Double = 10,
    fill: Colour = .black
  ) -> Circle {
    Circle(id: id, center: Point(x: x, y: y), radius: radius, fill: fill)
  }

  static let grey = Colour(hex: "#555555")!
  static let greenish = Colour(hex: "#55aa55")!

  static let cases: [(String, CanvasState, CanvasState, [String])] = [
    ("equal", CanvasState(circles: [circle("a")]), CanvasState(circles: [circle("a")]), []),
    (
      "fill", CanvasState(circles: [circle("c3", fill: grey)]),
      CanvasState(circles: [circle("c3", fill: greenish)]), ["c3: fill #555555 → #55aa55"]
    ),
    (
      "added", CanvasState(circles: [circle("a")]),
      CanvasState(circles: [circle("a"), circle("c7", 5, 6, radius: 2)]),
      ["c7 added at 5,6 radius 2"]
    ),
    (
      "removed", CanvasState(circles: [circle("a"), circle("c2")]),
      CanvasState(circles: [circle("a")]), ["c2 removed"]
    ),
    (
      "moved and resized", CanvasState(circles: [circle("c1")]),
      CanvasState(circles: [circle("c1", 12, 10, radius: 12)]),
      ["c1 moved by 2,0 (10,10 → 12,10)", "c1: radius 10 → 12"]
    ),
    (
      "stroke, width and opacity",
      CanvasState(circles: [circle("a")]),
      CanvasState(circles: [
        Circle(
          id: "a", center: Point(x: 10, y: 10), radius: 10, stroke: .white, strokeWidth: 2.5,
          opacity: 0.5)
      ]),
      ["a: stroke none → #ffffff", "a: width 1 → 2.5", "a: opacity 1 → 0.5"]
    ),
    (
      "two swapped", CanvasState(circles: [circle("sun"), circle("moon")]),
      CanvasState(circles: [circle("moon"), circle("sun")]), ["sun brought in front of moon"]
    ),
    (
      "sent to the back", CanvasState(circles: [circle("a"), circle("b"), circle("c")]),
      CanvasState(circles: [circle("c"), circle("a"), circle("b")]), ["c sent behind a"]
    ),
    (
      "brought to the front", CanvasState(circles: [circle("a"), circle("b"), circle("c")]),
      CanvasState(circles: [circle("b"), circle("c"), circle("a")]),
      ["a brought in front of c"]
    ),
    (
      "canvas",
      CanvasState(width: 100, height: 50),
      CanvasState(width: 200, height: 50, scale: 2, background: Colour(hex: "#123")!),
      [
        "canvas: size 100x50 → 200x50", "canvas: scale 1 → 2",
        "canvas: background #ffffff → #112233",
      ]
    ),
  ]

  @Test("each kind of change reads as one line", arguments: cases)
  func lines(name: String, golden: CanvasState, actual: CanvasState, expected: [String]) {
    #expect(SceneDiff.lines(from: golden, to: actual) == expected, "\(name)")
  }

  @Test("removed, added, changed and reordered together, in that order")
  func combined() {
    let golden = CanvasState(circles: [Self.circle("a"), Self.circle("b"), Self.circle("gone")])
    let actual = CanvasState(circles: [
      Self.circle("b"), Self.circle("new"), Self.circle("a", fill: .white),
    ])
    #expect(
      SceneDiff.lines(from: golden, to: actual) == [
        "gone removed", "new added at 10,10 radius 10", "a: fill #000000 → #ffffff",
        "a brought in front of b",
      ])
  }
}
