import CircleCanvas
import Foundation
import Testing

@Suite("Canvas state: circles added on top, known without comparing")
struct CanvasStateTests {
  private func circle(_ id: String, x: Double = 10) -> Circle {
    Circle(id: id, center: Point(x: x, y: 20), radius: 5)
  }

  @Test("states of a canvas that only adds circles: the later tells what it adds")
  func addsAreKnown() throws {
    let canvas = Canvas(state: CanvasState(width: 100, height: 80))
    let start = canvas.state
    try canvas.step { try $0.add(circle("a")) }
    let one = canvas.state
    try canvas.step { try $0.add(circle("b")) }
    try canvas.step { try $0.add(circle("c")) }
    let three = canvas.state
    #expect(three.circlesAdded(since: start).map(Array.init) == three.circles)
    #expect(three.circlesAdded(since: one).map { $0.map(\.id) } == ["b", "c"])
    #expect(three.circlesAdded(since: three)?.isEmpty == true)
    // Only the later state answers.
    #expect(one.circlesAdded(since: three) == nil)
    #expect(one.sharesLineage(with: three))
  }

  @Test(
    "any other change to the circles: no longer known, though the circles are still compared",
    arguments: ["move", "set", "remove", "front", "clear", "undo", "copy"])
  func otherChangesAreNotKnown(change: String) throws {
    let canvas = Canvas(state: CanvasState(width: 100, height: 80))
    try canvas.step { try $0.add(circle("a")) }
    try canvas.step { try $0.add(circle("b")) }
    let before = canvas.state
    var after: CanvasState
    switch change {
    case "move": try canvas.step { try $0.move(id: "a", to: Point(x: 50, y: 50)) }
    case "set": try canvas.step { try $0.update(id: "b", with: CircleChange(radius: 9)) }
    case "remove": try canvas.step { try $0.remove(id: "a") }
    case "front": try canvas.step { try $0.bringToFront(id: "a") }
    case "clear": canvas.step { $0.clear() }
    case "undo": canvas.undoManager.undo()
    default: break
    }
    after = canvas.state
    if change == "copy" {
      // A copy whose circles are edited by hand leaves the lineage, even edited back.
      after.circles[0].radius += 1
      after.circles[0].radius -= 1
      #expect(after == before)
    }
    #expect(!after.sharesLineage(with: before))
    #expect(after.circlesAdded(since: before) == nil)
    try canvas.step { try $0.add(circle("z")) }
    // The canvas itself only added when the edit was made to a copy.
    #expect((canvas.state.circlesAdded(since: before) != nil) == (change == "copy"))
  }

  @Test("two canvases made from one state start lineages of their own")
  func canvasesFromOneState() throws {
    let start = CanvasState(width: 100, height: 80, circles: [circle("a")])
    let first = Canvas(state: start)
    let second = Canvas(state: start)
    try first.step { try $0.add(circle("b", x: 1)) }
    try second.step { try $0.add(circle("b", x: 2)) }
    #expect(!first.state.sharesLineage(with: second.state))
    #expect(first.state != second.state)
    #expect(first.state.circlesAdded(since: start) == nil)
  }

  @Test("equality, hashing and coding ignore the lineage")
  func valueSemantics() throws {
    let canvas = Canvas(state: CanvasState(width: 100, height: 80))
    try canvas.step { try $0.add(circle("a")) }
    let added = canvas.state
    let made = CanvasState(width: 100, height: 80, circles: [circle("a")])
    #expect(!added.sharesLineage(with: made))
    #expect(added == made)
    #expect(added.hashValue == made.hashValue)
    var other = made
    other.circles[0].center.x = 11
    #expect(other != made)

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(added), as: UTF8.self)
    #expect(json.hasPrefix(#"{"background":"#))
    #expect(json.contains(#""circles":[{"#))
    #expect(json.hasSuffix(#""height":80,"scale":1,"width":100}"#))
    #expect(!json.contains("lineage"))
    let decoded = try JSONDecoder().decode(CanvasState.self, from: Data(json.utf8))
    #expect(decoded == added)
    #expect(!decoded.sharesLineage(with: added))
  }

  @Test("a kept copy of its own does not make the canvas copy its circles when it adds one")
  func ownStorage() throws {
    let canvas = Canvas(state: CanvasState(width: 400, height: 300))
    var kept = canvas.state.withOwnStorage()
    var moves = 0
    var base = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
    for index in 0..<2000 {
      try canvas.step { try $0.add(circle("c\(index)", x: Double(index % 400))) }
      let added = try #require(canvas.state.circlesAdded(since: kept))
      kept.appendKeepingLineage(added)
      let now = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
      if now != base { moves += 1 }
      base = now
    }
    #expect(kept == canvas.state)
    // Storage grows by doubling: a dozen moves. A copy at every addition would be 2000.
    #expect(moves < 30, "\(moves) moves")
  }
}
