import CirclesTestSupport
import Testing

@testable import UndoKit

/// `heldActionCount`, by which a host bounds the memory of its history, against a count of every
/// operation the manager holds, after every call of random scripts.
@Suite("The count of operations held")
struct HeldActionCountTests {
  /// Every operation of the stacks and the open groups, counted the long way.
  static func recount(_ manager: UndoManager) -> Int {
    (manager.undoStack.groups + manager.redoStack.groups).reduce(0) { $0 + $1.actions.count }
      + manager.frames.reduce(0) { $0 + $1.actions.count }
  }

  @Test("a table of calls: changes, groups, undo, redo, a limit, removal")
  func table() {
    let run = UndoScript()
    for (script, held) in [
      ("=1 ; =2 ;", 2), ("[ =3 =4 =5 ] ;", 5), ("u", 5), ("r", 5), ("u u", 5),
      ("=6 ;", 2), ("lim:1", 1), ("clear", 0), ("=7 =8", 2),
    ] {
      run.run(script)
      #expect(run.manager.heldActionCount == held, "after \(script)")
      #expect(run.manager.heldActionCount == Self.recount(run.manager))
    }
  }

  @Test("random scripts: the count agrees with a recount after every call", arguments: 0..<4)
  func random(block: Int) {
    let words = [
      "=1", "=2", "=3", ";", "[", "]", "u", "r", "un", "lim:0", "lim:2", "lim:5", "clear",
      "off", "on", "disc",
    ]
    for seed in UInt64(block * 50)..<UInt64(block * 50 + 50) {
      var random = SeededGenerator(seed: seed)
      let run = UndoScript()
      run.manager.misuseHandler = { _ in }
      for _ in 0..<60 {
        let word = random.pick(words)
        run.run(word)
        #expect(
          run.manager.heldActionCount == Self.recount(run.manager), "seed \(seed), after \(word)")
      }
    }
  }
}
