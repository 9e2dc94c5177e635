import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing
import UndoKit

/// The canvas finds circles by id through an index; these tests hold it to the list of
/// circles itself, searched one by one, after every kind of change and its undo and redo.
@Suite("Canvas id lookup")
struct CanvasIDIndexTests {
  /// Checks every lookup against a search of the circles: each id present is found at its
  /// place, and ids absent (removed ones, never-used ones) are not found.
  static func expectLookupsAgree(
    _ canvas: Canvas, absent: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let circles = canvas.circles
    for (position, circle) in circles.enumerated() {
      #expect(canvas.index(ofID: circle.id) == position, sourceLocation: sourceLocation)
      #expect(canvas.circle(withID: circle.id) == circle, sourceLocation: sourceLocation)
    }
    let present = Set(circles.map(\.id))
    for id in absent where !present.contains(id) {
      #expect(canvas.index(ofID: id) == nil, sourceLocation: sourceLocation)
      #expect(canvas.circle(withID: id) == nil, sourceLocation: sourceLocation)
    }
  }

  static func dot(_ id: String, _ x: Double = 1) -> Circle {
    Circle(id: id, center: Point(x: x, y: 2), radius: 3)
  }

  @Test("a long list stays found through removes at the back, middle and front, and undo")
  func removesAndUndo() throws {
    let canvas = Canvas()
    let ids = (1...1_000).map { "d\($0)" }
    for id in ids { try canvas.step { try $0.add(Self.dot(id)) } }
    Self.expectLookupsAgree(canvas, absent: ["ghost"])
    for id in ["d1000", "d500", "d1", "d2", "d999"] {
      try canvas.step { try $0.remove(id: id) }
      Self.expectLookupsAgree(canvas, absent: ["d1000", "d500", "d1", "d2", "d999"])
    }
    #expect(canvas.circles.count == 995)
    for _ in 0..<5 {
      canvas.undoManager.undo()
      Self.expectLookupsAgree(canvas, absent: ids)
    }
    #expect(canvas.circles.map(\.id) == ids)
    for _ in 0..<5 {
      canvas.undoManager.redo()
      Self.expectLookupsAgree(canvas, absent: ids)
    }
    #expect(canvas.circles.count == 995)
  }

  @Test("front and back of the first, a middle and the last circle keep every id found")
  func reorders() throws {
    let canvas = Canvas()
    let ids = (1...50).map { "o\($0)" }
    for id in ids { try canvas.step { try $0.add(Self.dot(id)) } }
    for id in ["o1", "o25", "o50"] {
      try canvas.step { try $0.bringToFront(id: id) }
      #expect(canvas.index(ofID: id) == 49)
      Self.expectLookupsAgree(canvas, absent: [])
      try canvas.step { try $0.sendToBack(id: id) }
      #expect(canvas.index(ofID: id) == 0)
      Self.expectLookupsAgree(canvas, absent: [])
    }
    for _ in 0..<6 {
      canvas.undoManager.undo()
      Self.expectLookupsAgree(canvas, absent: [])
    }
    #expect(canvas.circles.map(\.id) == ids)
  }

  @Test("after clear no id is found or taken; undo finds every one again, redo none")
  func clearAndUndo() throws {
    let canvas = Canvas()
    let ids = (1...200).map { "k\($0)" }
    for id in ids { try canvas.step { try $0.add(Self.dot(id)) } }
    canvas.step { $0.clear() }
    Self.expectLookupsAgree(canvas, absent: ids)
    // An id of a cleared circle is free again, and a new circle with it is found.
    try canvas.step { try $0.add(Self.dot("k7", 9)) }
    #expect(canvas.index(ofID: "k7") == 0)
    canvas.undoManager.undo()
    canvas.undoManager.undo()
    Self.expectLookupsAgree(canvas, absent: [])
    #expect(canvas.circles.map(\.id) == ids)
    #expect(throws: CanvasError.duplicateID("k7")) { try canvas.add(Self.dot("k7")) }
    canvas.undoManager.redo()
    Self.expectLookupsAgree(canvas, absent: ids)
    #expect(canvas.circles.isEmpty)
  }

  @Test("automatic ids skip the ids in use, and duplicates are refused, as the list says")
  func automaticAndDuplicateIDs() throws {
    let canvas = Canvas()
    try canvas.step { try $0.add(Self.dot("c2")) }
    try canvas.step { try $0.add(Self.dot(canvas.makeAutomaticID())) }
    try canvas.step { try $0.add(Self.dot(canvas.makeAutomaticID())) }
    #expect(canvas.circles.map(\.id) == ["c2", "c1", "c3"])
    try canvas.step { try $0.remove(id: "c2") }
    // Numbers are never reused, even for an id that is free again.
    #expect(canvas.makeAutomaticID() == "c4")
    try canvas.step { try $0.add(Self.dot("c2")) }
    #expect(canvas.index(ofID: "c2") == 2)
    #expect(throws: CanvasError.duplicateID("c1")) { try canvas.add(Self.dot("c1")) }
    Self.expectLookupsAgree(canvas, absent: ["c4", "c5"])
  }

  @Test(
    "random histories with undo and redo: every lookup agrees with the list",
    arguments: [UInt64(3), 17, 404, 65_537])
  func randomHistories(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let canvas = Canvas(state: threeCircles())
    var used: Set<String> = ["a", "b", "c", "ghost"]
    for _ in 0..<600 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0, 1, 2:
        canvas.undoManager.undo()
      case 3:
        canvas.undoManager.redo()
      default:
        canvas.step { CanvasRandomTests.randomChange(on: $0, using: &generator) }
      }
      used.formUnion(canvas.circles.map(\.id))
      for circle in canvas.circles {
        #expect(throws: CanvasError.duplicateID(circle.id)) { try canvas.add(Self.dot(circle.id)) }
      }
      Self.expectLookupsAgree(canvas, absent: Array(used))
    }
    // Every id not in the list is free: adding it works, and it is found on top.
    let present = Set(canvas.circles.map(\.id))
    for id in used.sorted() where !present.contains(id) {
      try canvas.add(Self.dot(id))
      #expect(canvas.index(ofID: id) == canvas.circles.count - 1)
    }
    Self.expectLookupsAgree(canvas, absent: [])
  }

  /// Seconds to add `count` circles one step each, looking up an earlier one after each add
  /// as a script's `add` checks its id and `move` finds its circle.
  ///
  /// The time is the processor time of the thread doing it, not the wall clock's: other tests
  /// running beside it on a busy machine take the processors, not this thread's work, so the
  /// ratio stays what the work makes it (a wall-clock ratio reached 41 under a loaded suite).
  static func secondsForAdds(_ count: Int) throws -> Double {
    let canvas = Canvas()
    func threadTime() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    let start = threadTime()
    for number in 0..<count {
      try canvas.step { try $0.add(Self.dot("n\(number)")) }
      let earlier = "n\(number / 2)"
      guard canvas.circle(withID: earlier)?.id == earlier else {
        Issue.record("\(earlier) not found after \(number + 1) adds")
        break
      }
    }
    #expect(canvas.circles.count == count)
    return threadTime() - start
  }

  @Test("20,000 adds with lookups take about ten times as long as 2,000")
  func linearTime() throws {
    let small = try Self.secondsForAdds(2_000)
    let large = try Self.secondsForAdds(20_000)
    // Linear work gives a ratio near 10; a search of the list per lookup would give 100. The
    // bound leaves room for a busy machine and for allocation growth.
    let ratio = large / max(small, 0.001)
    #expect(ratio < 30, "2,000 adds: \(small) s, 20,000 adds: \(large) s")
  }
}
