import Testing
import UndoKit

/// An observer that remembers the manager it watches, as monitors written for Apple platforms do.
final class UndoMonitor {
  let undoManager: UndoManager

  init(undoManager: UndoManager) {
    self.undoManager = undoManager
  }
}

@Suite("Swift 5 mode: managers are equal by identity, as NSObjects are")
struct IdentityPortTests {
  @Test("a manager equals itself and no other manager")
  func equality() {
    let manager = UndoManager()
    let other = UndoManager()
    let monitor = UndoMonitor(undoManager: manager)
    #expect(monitor.undoManager == manager)
    #expect(manager == manager)
    #expect(manager != other)
    #expect(monitor.undoManager != other)
    let subclassed: UndoManager = CoalescingUndoManager()
    #expect(subclassed == subclassed)
    #expect(subclassed != manager)
  }

  @Test("managers go in a Set and key a dictionary, one entry each")
  func hashing() {
    let first = UndoManager()
    let second = UndoManager()
    var set: Set<UndoManager> = [first, second, first]
    #expect(set.count == 2)
    #expect(set.contains(first) && set.contains(second))
    #expect(!set.contains(UndoManager()))
    set.remove(first)
    #expect(set == [second])
    var titles: [UndoManager: String] = [:]
    titles[first] = "Document 1"
    titles[second] = "Document 2"
    titles[first] = "Document 1, renamed"
    #expect(titles.count == 2)
    #expect(titles[first] == "Document 1, renamed")
    #expect(first.hashValue == first.hashValue)
  }
}
