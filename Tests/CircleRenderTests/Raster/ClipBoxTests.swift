import Foundation
import Testing

@testable import CircleRender

@Suite("Clip box geometry")
struct ClipBoxTests {
  let box = ClipBox(minX: 0, minY: 0, maxX: 10, maxY: 10)

  @Test(
    "a circle crosses the box's edges where the geometry says",
    arguments: [
      (5.0, 5.0, 2.0, 0),  // inside, no crossing
      (5, 5, 100, 0),  // around the box
      (50, 50, 3, 0),  // far away
      (0, 5, 2, 2),  // across the left edge
      (0, 0, 5, 2),  // around a corner
      (5, 5, 6, 8),  // through all four edges
      (5, -1e9, 1e9 + 5, 2),  // a huge arc across the middle
    ])
  func crossings(x: Double, y: Double, radius: Double, count: Int) {
    let angles = box.crossings(x: x, y: y, radius: radius)
    #expect(angles.count == count)
    #expect(angles == angles.sorted())
    for angle in angles {
      let point = (x + radius * cos(angle), y + radius * sin(angle))
      #expect(box.contains(point.0, point.1))
      let onEdge = [point.0, 10 - point.0, point.1, 10 - point.1].map(abs).min()!
      #expect(onEdge < 1e-6 + radius * 1e-15)
    }
  }

  @Test("walking the outline forwards passes the corners in turn")
  func corners() {
    let corners = box.corners(from: (5, 0), to: (0, 5))
    #expect(corners.map { [$0.0, $0.1] } == [[10, 0], [10, 10], [0, 10]])
    #expect(box.corners(from: (10, 2), to: (10, 8)).isEmpty)
    #expect(box.corners(from: (10, 8), to: (10, 2)).count == 4)
  }

  @Test("a box is inside a circle only when all its corners are")
  func inside() {
    #expect(box.isInside(x: 5, y: 5, radius: 7.1))
    #expect(!box.isInside(x: 5, y: 5, radius: 7))
  }
}
