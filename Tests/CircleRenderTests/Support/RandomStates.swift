import CircleCanvas
import CirclesTestSupport

/// Sequences of canvas states made by random edits, repeatable by seed: adds, removes, moves,
/// paint changes, reordering, clearing, and jumps back or forward to an earlier state as undo
/// and redo make them.
struct RandomStates {
  var generator: SeededGenerator
  var history: [CanvasState]
  private var nextID = 1

  init(
    seed: UInt64, width: Int = 96, height: Int = 72, scale: Double = 1,
    background: Colour = .white
  ) {
    generator = SeededGenerator(seed: seed)
    history = [CanvasState(width: width, height: height, scale: scale, background: background)]
  }

  mutating func colour() -> Colour {
    let choice = Int.random(in: 0..<6, using: &generator)
    if choice == 0 { return .none }
    return Colour(
      red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
      blue: .random(in: 0...255, using: &generator),
      alpha: choice == 1 ? .random(in: 1...254, using: &generator) : 255)
  }

  mutating func circle(id: String, in state: CanvasState) -> Circle {
    let w = Double(state.width)
    let h = Double(state.height)
    return Circle(
      id: id,
      center: Point(
        x: Double.random(in: -10...(w + 10), using: &generator).rounded() / 2 * 2,
        y: Double.random(in: -10...(h + 10), using: &generator)),
      radius: [0, 0.5, 3, 7.25, 15, 40][Int.random(in: 0..<6, using: &generator)],
      fill: colour(), stroke: colour(),
      strokeWidth: [0, 1, 2.5, 6][Int.random(in: 0..<4, using: &generator)],
      opacity: [1, 1, 0.5, 0.2, 0][Int.random(in: 0..<5, using: &generator)])
  }

  /// The next state: one random edit of the last, or a jump back to an earlier state.
  mutating func next() -> CanvasState {
    var state = history.last!
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<35:
      state.circles.append(circle(id: "c\(nextID)", in: state))
      nextID += 1
    case 35..<45 where !state.circles.isEmpty:
      state.circles.remove(at: Int.random(in: state.circles.indices, using: &generator))
    case 45..<65 where !state.circles.isEmpty:
      let index = Int.random(in: state.circles.indices, using: &generator)
      var moved = circle(id: state.circles[index].id, in: state)
      if Bool.random(using: &generator) { moved.fill = state.circles[index].fill }
      state.circles[index] = moved
    case 65..<75 where state.circles.count > 1:
      let index = Int.random(in: state.circles.indices, using: &generator)
      let circle = state.circles.remove(at: index)
      if Bool.random(using: &generator) {
        state.circles.append(circle)
      } else {
        state.circles.insert(circle, at: 0)
      }
    case 75..<78:
      state.circles.removeAll()
    case 78..<95 where history.count > 2:
      // Undo (or redo) several steps: a state seen before.
      state = history[Int.random(in: 0..<(history.count - 1), using: &generator)]
    default:
      state.circles.append(circle(id: "c\(nextID)", in: state))
      nextID += 1
    }
    history.append(state)
    return state
  }
}
