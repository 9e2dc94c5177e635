import Testing
import UndoKit

@Suite("Observers receive Apple's notifications as events")
struct ObservationTests {
  @Test(
    "event order for each operation",
    arguments: [
      // With groupsByEvent on, the event's group opens first, without a checkpoint of its own:
      // the one checkpoint comes at level 1, as GNUstep's test observed of Apple's.
      ("[", "open cp open"),
      ("[ =1 ]", "open cp open cp willClose didClose"),
      ("[ =1 disc ]", "open cp open cp willClose didClose*"),
      ("[ ] ]", "open cp open cp willClose didClose cp willClose didClose"),
      ("manual [ =1 ]", "cp open cp willClose didClose"),
      ("=1 ;", "cp open cp willClose didClose cp"),
      (";", "cp"),
      ("=1 ; u", "cp open cp willClose didClose cp cp willUndo open willClose didClose didUndo"),
      ("=1 u", "cp open cp willClose didClose cp willUndo open willClose didClose didUndo"),
      ("[ [ ]", "open cp open cp open cp willClose didClose"),
      ("u", "cp"),
      ("r", "cp"),
    ])
  func order(script: String, events: String) {
    let run = UndoScript()
    var seen: [String] = []
    run.manager.addObserver { seen.append(Self.short($0)) }
    run.run(script)
    #expect(seen.joined(separator: " ") == events)
  }

  @Test("redo announces its own will and did events")
  func redoEvents() {
    let run = UndoScript()
    run.run("=1 ; u")
    var seen: [String] = []
    run.manager.addObserver { seen.append(Self.short($0)) }
    run.run("r")
    #expect(seen.joined(separator: " ") == "cp willRedo open willClose didClose didRedo")
  }

  @Test("removed observers hear nothing more; the others keep hearing")
  func removal() {
    let manager = UndoManager()
    var first = 0
    var second = 0
    let token = manager.addObserver { _ in first += 1 }
    manager.addObserver { _ in second += 1 }
    manager.endEvent()
    manager.removeObserver(token)
    manager.removeObserver(token)
    manager.endEvent()
    #expect(first == 1)
    #expect(second == 2)
  }

  @Test("an observer may register pending edits at a checkpoint")
  func checkpointFlush() {
    let manager = UndoManager()
    let cell = Cell(manager: manager)
    var pending: Int? = 7
    manager.addObserver { event in
      if event == .checkpoint, let value = pending {
        pending = nil
        cell.set(value)
        manager.setActionName("Typing")
      }
    }
    manager.undo()
    #expect(cell.value == 7)
    #expect(manager.undoActionName == "Typing")
    manager.undo()
    #expect(cell.value == 0)
    #expect(manager.redoActionName == "Typing")
  }

  static func short(_ event: UndoManagerEvent) -> String {
    switch event {
    case .checkpoint: "cp"
    case .willUndoChange: "willUndo"
    case .didUndoChange: "didUndo"
    case .willRedoChange: "willRedo"
    case .didRedoChange: "didRedo"
    case .didOpenUndoGroup: "open"
    case .willCloseUndoGroup: "willClose"
    case .didCloseUndoGroup(let discardable): discardable ? "didClose*" : "didClose"
    }
  }
}
