import Testing
import UndoKit

@Suite("Registration and the two stacks")
struct RegistrationTests {
  @Test(
    "operation sequences leave the expected value and stacks",
    arguments: [
      // (script, value, stacks: undo names most recent first | redo names)
      ("", 0, "|"),
      ("=1 n:A ;", 1, "A |"),
      ("=1 n:A ; =2 n:B ;", 2, "B A |"),
      ("=1 n:A ; =2 n:B ; u", 1, "A | B"),
      ("=1 n:A ; =2 n:B ; u u", 0, "| A B"),
      ("=1 n:A ; =2 n:B ; u u u", 0, "| A B"),
      ("=1 n:A ; =2 n:B ; u u r", 1, "A | B"),
      ("=1 n:A ; =2 n:B ; u u r r", 2, "B A |"),
      ("=1 n:A ; =2 n:B ; u u r r r", 2, "B A |"),
      // A new registration outside undo and redo clears the redo stack.
      ("=1 n:A ; =2 n:B ; u =7 n:C ;", 7, "C A |"),
      // Without endEvent, the automatic group is still open and collects both changes.
      ("=1 =2 n:AB", 2, "AB |"),
      ("=1 =2 n:AB u", 0, "| AB"),
      ("=1 =2 n:AB u r", 2, "AB |"),
      // Unnamed groups.
      ("=1 ; =2 ;", 2, "- - |"),
      ("=1 ; =2 ; u", 1, "- | -"),
    ])
  func sequences(script: String, value: Int, stacks: String) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
    #expect(run.manager.lastMisuse == nil)
  }

  @Test("registration while undoing lands on the redo stack, while redoing on the undo stack")
  func registrationDuringUndoAndRedo() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    var seen: [(undoing: Bool, redoing: Bool)] = []
    manager.addObserver { event in
      if event == .didOpenUndoGroup {
        seen.append((manager.isUndoing, manager.isRedoing))
      }
    }
    cell.set(5)
    manager.endEvent()
    manager.undo()
    #expect(manager.undoCount == 0)
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 0)
    #expect(seen.map(\.undoing) == [false, true, false])
    #expect(seen.map(\.redoing) == [false, false, true])
    #expect(!manager.isUndoing && !manager.isRedoing)
  }

  @Test("undo runs a group's actions newest first")
  func reverseOrder() {
    let manager = UndoManager()
    let log = Log()
    for step in 1...4 {
      manager.registerUndo(withTarget: log) { $0.entries.append(step) }
    }
    manager.endEvent()
    manager.undo()
    #expect(log.entries == [4, 3, 2, 1])
  }

  @Test(
    "a handler that does not re-register leaves nothing to redo, as Apple's Foundation does now",
    arguments: [true, false])
  func oneWayUndo(groupsByEvent: Bool) {
    let manager = UndoManager()
    manager.groupsByEvent = groupsByEvent
    let log = Log()
    if !groupsByEvent { manager.beginUndoGrouping() }
    manager.registerUndo(withTarget: log) { $0.entries.append(1) }
    manager.setActionName("Once")
    if groupsByEvent { manager.endEvent() } else { manager.endUndoGrouping() }
    manager.undo()
    #expect(log.entries == [1])
    #expect(!manager.canUndo && !manager.canRedo)
    #expect(manager.redoActionName == "")
    manager.redo()
    #expect(log.entries == [1])
    #expect(!manager.canUndo && !manager.canRedo)
  }

  @Test("a redo whose handler registers nothing still leaves its step to undo")
  func oneWayRedo() {
    let manager = UndoManager()
    let log = Log()
    manager.registerUndo(withTarget: log) { log in
      log.entries.append(1)
      manager.registerUndo(withTarget: log) { $0.entries.append(2) }
    }
    manager.endEvent()
    manager.undo()
    manager.redo()
    #expect(log.entries == [1, 2])
    // The redo registered nothing; as Proton's suite on Apple's Foundation expects, its step
    // stays, and undoing it does nothing.
    #expect(manager.canUndo && !manager.canRedo)
  }

  @Test("an undo while registration is disabled records no redo step")
  func undoWithoutRegistration() {
    let run = UndoScript()
    run.run("=1 n:A ; off u on")
    #expect(run.cell.value == 0)
    #expect(run.stacks == "|")
  }

  @Test(
    "counted disabling skips registrations until every disable is balanced",
    arguments: [
      ("off =1 on", 1, "|", true),
      ("off off =1 on =2 on", 2, "|", true),
      ("off off =1 on on =2 n:B", 2, "B |", true),
      ("off =1", 1, "|", false),
    ])
  func disabling(script: String, value: Int, stacks: String, enabled: Bool) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
    #expect(run.manager.isUndoRegistrationEnabled == enabled)
  }
}

/// A target that records the order in which handlers run.
final class Log {
  var entries: [Int] = []
}
