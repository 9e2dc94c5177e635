// Ported from programming-nu/nu, test/test_undo.nu, at commit
// f32126f17c92bdb12ceadc4af8587052295b12df (2008-03-04), where the test runs only when `uname`
// is Darwin, so against Apple's Foundation; Apache License 2.0, Copyright (c) 2007 Tim Burks.
//
// The source registers invocations with prepareWithInvocationTarget:; here each becomes a
// registerUndo(withTarget:handler:) closure that calls the same method. Groups are explicit
// (groupsByEvent off) and the stack unlimited, as in the source.

import Testing
import UndoKit

/// The source's Toddler: tickles add giggles, and five giggles untie the shoes.
private final class Toddler {
  var shoes = "untied"
  var giggles = 0

  func tieShoes() { shoes = "tied" }
  func untieShoes() { shoes = "untied" }

  func tickle(_ times: Int) {
    giggles += times
    if giggles >= 5 { untieShoes() }
  }
}

@Suite("Port: Nu's undo test on Apple's Foundation")
struct NuPortTests {
  @Test("operations undo last in, first out, one group at a time")
  func lastInFirstOut() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.levelsOfUndo = 0
    let shannon = Toddler()
    #expect(shannon.shoes == "untied" && shannon.giggles == 0 && !manager.canUndo)
    let operations: [(Toddler) -> Void] = [
      { $0.tieShoes() }, { $0.tickle(3) }, { $0.tickle(1 + 1 + 1) }, { $0.tieShoes() },
    ]
    for operation in operations {
      manager.beginUndoGrouping()
      manager.registerUndo(withTarget: shannon, handler: operation)
      manager.endUndoGrouping()
    }
    #expect(manager.canUndo)
    var seen: [String] = []
    for _ in operations {
      manager.undo()
      seen.append("\(shannon.shoes) \(shannon.giggles) \(manager.canUndo)")
    }
    #expect(seen == ["tied 0 true", "tied 3 true", "untied 6 true", "tied 6 false"])
  }
}
