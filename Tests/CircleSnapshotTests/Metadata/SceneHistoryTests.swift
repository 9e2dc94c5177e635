import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("Scene histories")
struct SceneHistoryTests {
  static func circle(_ id: String, _ x: Double, fill: Colour = .black) -> Circle {
    Circle(id: id, center: Point(x: x, y: 5), radius: 3, fill: fill)
  }

  /// Writes scenes, reads the file back and expects every scene by name.
  static func roundTrip(_ scenes: [(String, CanvasState)]) throws -> SceneHistory {
    var recorder = SceneRecorder()
    for (name, scene) in scenes { recorder.append(name: name, scene: scene) }
    let history = try SceneHistory(data: recorder.history.data)
    let reader = SceneReader(history)
    for (name, scene) in scenes {
      #expect(reader.scene(named: name) == scene, "\(name)")
    }
    return history
  }

  @Test("a step that adds a circle stores that circle alone")
  func addsStoreTheNewCircle() throws {
    var state = CanvasState(width: 40, height: 30)
    var scenes = [("0000-start", state)]
    for index in 1...50 {
      state.circles.append(Self.circle("c\(index)", Double(index)))
      scenes.append((String(format: "%04d-add-c%d", index, index), state))
    }
    let history = try Self.roundTrip(scenes)
    #expect(history.entries.dropFirst().allSatisfy { $0.put?.count == 1 && $0.remove == nil })
  }

  // Written again, such scenes then store each new circle without a look at the others.
  @Test("scenes read from lines that only add circles are known to follow one another on top")
  func addedScenesShareALineage() throws {
    var state = CanvasState(width: 40, height: 30)
    var scenes = [("0000-start", state)]
    for index in 1...20 {
      state.circles.append(Self.circle("c\(index)", Double(index)))
      scenes.append((String(format: "%04d-add-c%d", index, index), state))
    }
    // A change in place and a removal in the middle: read as before, then on top again.
    state.circles[3].fill = .white
    scenes.append(("0021-paint-c4", state))
    state.circles.removeFirst()
    scenes.append(("0022-remove-c1", state))
    for index in 21...25 {
      state.circles.append(Self.circle("c\(index)", Double(index)))
      scenes.append((String(format: "%04d-add-c%d", index + 2, index), state))
    }
    let history = try Self.roundTrip(scenes)
    let reader = SceneReader(history)
    var previous: CanvasState?
    for (offset, (name, scene)) in scenes.enumerated() {
      let read = try #require(reader.scene(named: name), "\(name)")
      #expect(read == scene, "\(name)")
      if let previous, !["0021-paint-c4", "0022-remove-c1"].contains(name) {
        #expect(
          read.circlesAdded(since: previous)?.map(\.id) == [scene.circles.last!.id],
          "\(name) (line \(offset)) is not known to add on top of the line before")
      }
      previous = read
    }
  }

  @Test("removals, changes, reordering, canvas changes and undo back to a scene round-trip")
  func everyKindOfChange() throws {
    var state = CanvasState(width: 40, height: 30)
    var scenes: [(String, CanvasState)] = [("start", state)]
    func step(_ name: String, _ change: (inout CanvasState) -> Void) {
      change(&state)
      scenes.append((name, state))
    }
    for index in 0..<40 { step("add\(index)") { $0.circles.append(Self.circle("c\(index)", 1)) } }
    step("recolour") { $0.circles[3].fill = Colour(red: 1, green: 2, blue: 3, alpha: 4) }
    step("front") { $0.circles.append($0.circles.remove(at: 0)) }
    step("remove") { $0.circles.remove(at: 5) }
    step("background") { $0.background = .none }
    let beforeClear = state
    step("clear") { $0.circles = [] }
    step("undo clear") { $0 = beforeClear }
    let history = try Self.roundTrip(scenes)
    #expect(history.entries.last?.same != nil, "an undo back to a scene repeats its circles")
  }

  @Test("random edits round-trip", .timeLimit(.minutes(5)))
  func randomEdits() throws {
    var generator = SeededGenerator(seed: 7)
    var state = CanvasState(width: 64, height: 64)
    var scenes: [(String, CanvasState)] = []
    var next = 0
    for step in 0..<300 {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0, 1:
        next += 1
        state.circles.append(Self.circle("c\(next)", Double.random(in: 0...64, using: &generator)))
      case 2 where !state.circles.isEmpty:
        state.circles.remove(at: Int.random(in: 0..<state.circles.count, using: &generator))
      case 3 where !state.circles.isEmpty:
        state.circles[Int.random(in: 0..<state.circles.count, using: &generator)].radius += 1
      case 4 where state.circles.count > 1:
        state.circles.swapAt(0, state.circles.count - 1)
      default:
        state.scale = state.scale == 1 ? 2 : 1
      }
      scenes.append(("step\(step)", state))
    }
    _ = try Self.roundTrip(scenes)
    // Asking out of order starts again from the top and still finds each scene.
    var recorder = SceneRecorder()
    for (name, scene) in scenes { recorder.append(name: name, scene: scene) }
    let reader = SceneReader(recorder.history)
    for (name, scene) in scenes.reversed().prefix(20) {
      #expect(reader.scene(named: name) == scene)
    }
  }

  @Test(
    "damaged histories are refused with the reason",
    arguments: [
      ("", "the file does not start"), ("{\"circles-history\":2}\n", "the file does not start"),
      ("{\"circles-history\":1}\nnot json\n", "line 2 is not a history entry"),
      ("{\"circles-history\":1}\n{\"name\":\"a\",\"same\":3}\n", "line 2 refers to a later line"),
    ])
  func damaged(text: String, reason: String) {
    #expect {
      _ = try SceneHistory(data: Data(text.utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test("a line that does not fit the scene before it leaves the scenes from there unknown")
  func unfitLine() throws {
    let text = """
      {"circles-history":1}
      {"name":"a","put":[{"at":[1,1],"fill":"#000000","id":"x","r":1}]}
      {"name":"b","order":["nobody"]}
      {"name":"c","put":[{"at":[1,1],"fill":"#000000","id":"y","r":1}]}

      """
    let reader = SceneReader(try SceneHistory(data: Data(text.utf8)))
    #expect(reader.scene(named: "a")?.circles.map(\.id) == ["x"])
    #expect(reader.scene(named: "b") == nil)
    #expect(reader.scene(named: "c") == nil)
  }
}
