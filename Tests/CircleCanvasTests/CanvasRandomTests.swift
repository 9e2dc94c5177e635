import CircleCanvas
import CirclesTestSupport
import Testing
import UndoKit

@Suite("Canvas randomized histories")
struct CanvasRandomTests {
  /// Makes one random change (or a refused one, which must change nothing).
  static func randomChange(on canvas: Canvas, using generator: inout SeededGenerator) {
    let ids = canvas.circles.map(\.id)
    func someID() -> String {
      ids.isEmpty || Int.random(in: 0..<10, using: &generator) == 0
        ? "ghost" : ids.randomElement(using: &generator)!
    }
    func number(_ range: ClosedRange<Double>) -> Double {
      (Double.random(in: range, using: &generator) * 4).rounded() / 4
    }
    func point() -> Point { Point(x: number(-50...250), y: number(-50...250)) }
    func colour() -> Colour {
      Colour(
        red: .random(in: 0...255, using: &generator),
        green: .random(in: 0...255, using: &generator),
        blue: .random(in: 0...255, using: &generator),
        alpha: .random(in: 0...255, using: &generator))
    }
    let kind = Int.random(in: 0..<9, using: &generator)
    do {
      switch kind {
      case 0, 1:
        let id = Bool.random(using: &generator) ? canvas.makeAutomaticID() : someID()
        try canvas.add(
          Circle(
            id: id, center: point(), radius: number(0...60), fill: colour(), stroke: colour(),
            strokeWidth: number(0...6), opacity: number(0...1)))
      case 2: try canvas.remove(id: someID())
      case 3: try canvas.move(id: someID(), to: point())
      case 4: try canvas.move(id: someID(), by: Point(x: number(-9...9) + 0.1, y: 0.3))
      case 5:
        try canvas.update(
          id: someID(),
          with: CircleChange(
            radius: number(-5...40), fill: colour(),
            opacity: Bool.random(using: &generator) ? number(0...1) : nil))
      case 6: try canvas.bringToFront(id: someID())
      case 7: try canvas.sendToBack(id: someID())
      default:
        if Int.random(in: 0..<4, using: &generator) == 0 { canvas.clear() }
      }
    } catch {
      // A refused change leaves the canvas as it was; the history check below shows it.
    }
  }

  @Test(
    "undoing every step returns to the start, redoing every step to the end",
    arguments: [UInt64(1), 7, 42, 2024, 99_991])
  func undoAllRedoAll(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let canvas = Canvas(state: threeCircles())
    let manager = canvas.undoManager
    var states = [canvas.state]
    for _ in 0..<300 {
      let before = canvas.state
      let steps = manager.undoCount
      canvas.step { Self.randomChange(on: $0, using: &generator) }
      if manager.undoCount > steps {
        states.append(canvas.state)
      } else {
        #expect(canvas.state == before)
      }
    }
    #expect(manager.undoCount == states.count - 1)
    #expect(states.count > 150)

    for index in stride(from: states.count - 2, through: 0, by: -1) {
      manager.undo()
      #expect(canvas.state == states[index])
    }
    #expect(!manager.canUndo)
    for index in 1..<states.count {
      manager.redo()
      #expect(canvas.state == states[index])
    }
    #expect(!manager.canRedo)
    #expect(manager.lastMisuse == nil)
  }
}
