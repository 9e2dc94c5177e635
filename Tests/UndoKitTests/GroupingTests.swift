import Testing
import UndoKit

@Suite("Groups, nesting and events")
struct GroupingTests {
  @Test(
    "explicit and automatic groups form the expected steps",
    arguments: [
      // (script, value after, stacks, grouping level after)
      ("[ =1 =2 ] n:Both", 2, "Both |", 0),
      ("[ =1 =2 ] n:Both u", 0, "| Both", 0),
      ("[ =1 [ =2 ] =3 ] n:All u", 0, "| All", 0),
      ("[ =1 [ =2 [ =3 ] ] ] n:Deep ; u r", 3, "Deep |", 0),
      // An explicit group opened at level 0 is not closed by endEvent.
      ("[ =1 ; =2 ;", 2, "- |", 1),
      ("[ =1 ; =2 ; ] n:Span", 2, "Span |", 0),
      // Empty groups are discarded.
      ("[ ]", 0, "|", 0),
      ("[ [ ] ]", 0, "|", 0),
      ("=1 n:A ; [ ] u", 0, "| A", 0),
      // A nested group inside the automatic group belongs to it.
      ("=1 [ =2 ] n:Auto ;", 2, "Auto |", 0),
      // undo and redo close a group open at level 1.
      ("[ =1 n:One u", 0, "| One", 0),
      ("=1 n:One u", 0, "| One", 0),
      ("=1 n:One ; u [ r", 1, "One |", 0),
      // endEvent with nothing open does nothing but announce a checkpoint.
      ("; ; =1 ; ;", 1, "- |", 0),
    ])
  func groups(script: String, value: Int, stacks: String, level: Int) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.stacks == stacks)
    #expect(run.manager.groupingLevel == level)
    #expect(run.manager.lastMisuse == nil)
  }

  @Test("groupingLevel counts nested groups and the group an undo records")
  func groupingLevelDuringUndo() {
    let manager = UndoManager()
    let log = Log()
    var levels: [Int] = []
    manager.beginUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.beginUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.registerUndo(withTarget: log) { _ in levels.append(manager.groupingLevel) }
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    levels.append(manager.groupingLevel)
    manager.undo()
    #expect(levels == [1, 2, 0, 1])
  }

  @Test(
    "undoNestedGroup reverses the last closed nested group or the top step",
    arguments: [
      ("[ =1 [ =2 =3 ] un", 1, 1, "- | -"),
      ("[ =1 [ =2 ] un ] n:Outer", 1, 0, "Outer | -"),
      ("[ =1 [ =2 ] [ =3 ] un un", 2, 1, "- | -"),
      ("=1 n:A ; =2 n:B ; un", 1, 0, "A | B"),
      // Without a closed nested group at the end, the call is refused.
      ("[ =1 [ =2 ] =3 un", 3, 1, "- |"),
    ])
  func nested(script: String, value: Int, level: Int, stacks: String) {
    let run = UndoScript()
    run.run(script)
    #expect(run.cell.value == value)
    #expect(run.manager.groupingLevel == level)
    #expect(run.stacks == stacks)
  }

  @Test("endEvent closes only the group that registration opened")
  func endEventClosesOnlyAutomaticGroups() {
    let run = UndoScript()
    run.run("=1 [ =2 ;")
    #expect(run.manager.groupingLevel == 2)
    run.run("] ;")
    #expect(run.manager.groupingLevel == 0)
    #expect(run.manager.undoCount == 1)
  }

  @Test("with groupsByEvent off, registration needs an explicit group")
  func manualGrouping() {
    let run = UndoScript()
    run.run("manual [ =1 ] n:One [ =2 ] n:Two")
    #expect(run.stacks == "Two One |")
    run.run("=3")
    #expect(run.manager.lastMisuse == .registrationWithoutOpenGroup)
    #expect(run.stacks == "Two One |")
    #expect(run.cell.value == 3)
  }
}
