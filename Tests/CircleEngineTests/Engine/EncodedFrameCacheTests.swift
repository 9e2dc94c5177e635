import CircleCanvas
import Foundation
import Testing

@testable import CircleEngine

@Suite("Encoded frame cache")
struct EncodedFrameCacheTests {
  func add(_ index: Int, to canvas: Canvas) throws {
    try canvas.add(
      Circle(id: "c\(index)", center: Point(x: Double(index % 90), y: 30), radius: 4))
    canvas.undoManager.endEvent()
  }

  @Test("a state reached again by undo or built by hand finds its frame; other states do not")
  func reachedAgain() throws {
    let cache = EncodedFrameCache()
    let canvas = Canvas(state: CanvasState(width: 90, height: 60))
    var frames: [EncodedFrame] = []
    var states: [CanvasState] = []
    for index in 0..<5 {
      try add(index, to: canvas)
      let frame = EncodedFrame()
      #expect(cache.frame(for: canvas.state) == nil)
      cache.insert(frame, for: canvas.state)
      frames.append(frame)
      states.append(canvas.state)
    }
    canvas.undoManager.undo()
    canvas.undoManager.undo()
    // Undo starts a new lineage, so the circles are compared.
    #expect(!canvas.state.sharesLineage(with: states[2]))
    #expect(cache.frame(for: canvas.state) === frames[2])
    let rebuilt = CanvasState(width: 90, height: 60, circles: states[1].circles)
    #expect(cache.frame(for: rebuilt) === frames[1])
    #expect(cache.frame(for: states[4]) === frames[4])
    var moved = states[3]
    moved.circles[0].center.x += 1
    #expect(cache.frame(for: moved) == nil)
    var wider = states[3]
    wider.width += 1
    #expect(cache.frame(for: wider) == nil)
    #expect(cache.hits == 3)
  }

  @Test("frames beyond the budget are dropped, oldest first")
  func budget() throws {
    // Each 90×60 frame costs its 21,600 bytes of pixels and a little more.
    let cache = EncodedFrameCache(budget: 100_000)
    let canvas = Canvas(state: CanvasState(width: 90, height: 60))
    var states: [CanvasState] = []
    for index in 0..<10 {
      try add(index, to: canvas)
      cache.insert(EncodedFrame(), for: canvas.state)
      states.append(canvas.state)
    }
    #expect(states.prefix(6).allSatisfy { cache.frame(for: $0) == nil })
    #expect(states.suffix(4).allSatisfy { cache.frame(for: $0) != nil })
  }

  @Test("remembering each state of a canvas that adds circles keeps no hold on its circles")
  func noHoldOnCanvasStorage() throws {
    let cache = EncodedFrameCache()
    let canvas = Canvas(state: CanvasState(width: 90, height: 60))
    var moves = 0
    var base = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
    for index in 0..<1000 {
      try add(index, to: canvas)
      cache.insert(EncodedFrame(), for: canvas.state)
      let now = canvas.state.circles.withUnsafeBufferPointer { $0.baseAddress }
      if now != base { moves += 1 }
      base = now
    }
    #expect(cache.frame(for: canvas.state) != nil)
    // Storage grows by doubling: about ten moves. Holding each state would copy at every add.
    #expect(moves < 25, "\(moves) moves")
  }
}

extension EncodedFrameCacheTests {
  @Test("a dropped frame is freed: the cache keeps no other hold on it")
  func droppedFramesAreFreed() throws {
    let cache = EncodedFrameCache(budget: 100_000)
    let canvas = Canvas(state: CanvasState(width: 90, height: 60))
    weak var first: EncodedFrame?
    for index in 0..<10 {
      try add(index, to: canvas)
      let frame = EncodedFrame()
      if index == 0 { first = frame }
      cache.insert(frame, for: canvas.state)
    }
    #expect(first == nil)
  }
}
