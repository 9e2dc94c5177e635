import Testing

@testable import UndoKit

@Suite("The debug invariant check")
struct InvariantTests {
  @Test("correct use keeps the storage consistent at every step")
  func consistentUse() {
    let run = UndoScript()
    var violations: [String] = []
    run.manager.addObserver { _ in violations += run.manager.invariantViolations() }
    run.run("=1 n:A ; [ =2 [ =3 ] un ] lim:1 =4 ; u r u off =5 on clear =6 disc ; u")
    #expect(violations.isEmpty)
    #expect(run.manager.invariantViolations().isEmpty)
  }

  @Test(
    "the check notices each kind of corruption",
    arguments: [
      "a stack exceeds levelsOfUndo", "negative disable count",
      "unexpected open groups", "an undo or redo group open outside undo and redo",
      "level 1 starts out of order", "level 0 holds a nested group out of range",
      "a redo's level where no redo runs", "automatic group that is not a top-level user group",
    ])
  func detectsCorruption(problem: String) {
    let manager = UndoManager()
    let log = Log()
    let action = UndoAction(target: log) { _ in }
    switch problem {
    case "a stack exceeds levelsOfUndo":
      manager.levelsOfUndo = 1
      manager.undoStack.append(UndoGroup(actions: [action], name: ""))
      manager.undoStack.append(UndoGroup(actions: [action], name: ""))
    case "negative disable count":
      manager.disableCount = -1
    case "unexpected open groups":
      manager.frames = [OpenFrame(kind: .undoing), OpenFrame(kind: .user)]
    case "an undo or redo group open outside undo and redo":
      manager.frames = [OpenFrame(kind: .undoing)]
    case "level 1 starts out of order":
      var frame = OpenFrame(kind: .user)
      frame.levels.append(OpenFrame.Level(start: 3))
      manager.frames = [frame]
    case "level 0 holds a nested group out of range":
      var frame = OpenFrame(kind: .user)
      frame.actions = [action]
      frame.levels[0].children = [0..<1, 0..<1]
      manager.frames = [frame]
    case "a redo's level where no redo runs":
      var frame = OpenFrame(kind: .user)
      frame.levels.append(OpenFrame.Level(start: 0, recordsRedo: true))
      manager.frames = [frame]
    default:
      manager.frames = [OpenFrame(kind: .redoing, isAutomatic: true)]
    }
    #expect(manager.invariantViolations().contains { $0.hasPrefix(problem) })
  }
}
