import CircleCanvas
import CircleScript
import CirclesKit
import CirclesTestSupport
import Testing
import UndoKit

@Suite("Edit menu timeline")
struct EditMenuTimelineTests {
  /// Random changes, undos and redos of several steps, groups and limits on a canvas, the
  /// timeline recording after each: every state's menu must be the manager's at that time.
  @Test(
    "each recorded state gives back the stacks the manager had", .timeLimit(.minutes(5)),
    arguments: 0..<20)
  func matchesTheManager(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let canvas = Canvas()
    let manager = canvas.undoManager
    var timeline = EditMenuTimeline()
    var expected: [EditMenuHistory] = []
    var next = 0
    for _ in 0..<300 {
      // What the step was, as a frame would say; `nil` for a limit, or an undo or redo with
      // nothing to undo or redo.
      var step: Frame.Direction?
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        next += 1
        try canvas.add(Circle(id: "c\(next)", center: Point(x: 1, y: 1), radius: 1))
        step = .change
      case 4, 5:
        for _ in 0..<Int.random(in: 1...6, using: &random) where manager.canUndo {
          manager.undo()
          step = .undo
        }
      case 6, 7:
        for _ in 0..<Int.random(in: 1...6, using: &random) where manager.canRedo {
          manager.redo()
          step = .redo
        }
      case 8:
        let ids = canvas.circles.map(\.id)
        guard !ids.isEmpty else { continue }
        manager.beginUndoGrouping()
        try canvas.move(id: random.pick(ids), by: Point(x: 1, y: 0))
        manager.endUndoGrouping()
        manager.setActionName(random.chance(0.3) ? "" : "Tidy \(next)")
        step = .change
      default:
        manager.levelsOfUndo = random.chance(0.5) ? 0 : Int.random(in: 1...12, using: &random)
      }
      manager.endEvent()
      timeline.record(manager, after: random.chance(0.1) ? nil : step)
      expected.append(EditMenuHistory(manager))
    }
    #expect(timeline.count == expected.count)
    for (state, menu) in expected.enumerated() where timeline.menu(at: state) != menu {
      Issue.record("seed \(seed), state \(state): \(timeline.menu(at: state)) != \(menu)")
      break
    }
  }

  @Test(
    "a long history keeps one entry per step, and reads the stacks whole only at the start",
    arguments: [false, true])
  func compact(withSteps: Bool) throws {
    let canvas = Canvas()
    var timeline = EditMenuTimeline()
    let manager = canvas.undoManager
    for number in 0..<600 {
      try canvas.add(Circle(id: "c\(number)", center: Point(x: 1, y: 1), radius: 1))
      manager.endEvent()
      timeline.record(manager, after: withSteps ? .change : nil)
    }
    for _ in 0..<300 {
      manager.undo()
      timeline.record(manager, after: withSteps ? .undo : nil)
    }
    for _ in 0..<2 {
      for _ in 0..<5 { manager.redo() }
      timeline.record(manager, after: withSteps ? .redo : nil)
    }
    #expect(timeline.count == 902)
    #expect(timeline.menu(at: 901).undoTitles.count == 310)
    #expect(timeline.menu(at: 901).redoTitles.count == 290)
    #expect(timeline.menu(at: 899).redoTitles.first == "Redo Add c300")
    #expect(timeline.menu(at: 901) == EditMenuHistory(manager))
    // 600 undo entries, 300 redo entries, and 10 moved back to the undo stack.
    #expect(timeline.entries.count == 910)
    #expect(timeline.titles.count == 900)
    #expect(timeline.statesReadWhole == (withSteps ? 1 : 902))
  }

  @Test("empty stacks, and unnamed steps titled as a menu titles them")
  func emptyAndUnnamed() throws {
    let canvas = Canvas()
    var timeline = EditMenuTimeline()
    timeline.record(canvas.undoManager)
    canvas.undoManager.beginUndoGrouping()
    try canvas.add(Circle(id: "a", center: Point(x: 1, y: 1), radius: 1))
    canvas.undoManager.endUndoGrouping()
    canvas.undoManager.setActionName("")
    canvas.undoManager.endEvent()
    timeline.record(canvas.undoManager)
    canvas.undoManager.undo()
    timeline.record(canvas.undoManager)
    #expect(timeline.menu(at: 0) == EditMenuHistory(undoTitles: [], redoTitles: []))
    #expect(timeline.menu(at: 1) == EditMenuHistory(undoTitles: ["Undo"], redoTitles: []))
    #expect(timeline.menu(at: 2) == EditMenuHistory(undoTitles: [], redoTitles: ["Redo"]))
  }
}
