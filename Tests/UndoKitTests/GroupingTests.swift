import Testing
import UndoKit

@Suite("Groups, nesting and events")
struct GroupingTests {
  @Test(
    "explicit and automatic groups form the expected steps",
    arguments: [
      // (script, value after, stacks, grouping level after)
      // With groupsByEvent on, a group opened at level 0 nests in the event's group.
      ("[ =1 =2 ] n:Both", 2, "Both |", 1),
      ("[ =1 =2 ] n:Both ;", 2, "Both |", 0),
      ("[ =1 =2 ] n:Both u", 0, "| Both", 0),
      ("[ =1 [ =2 ] =3 ] n:All u", 0, "| All", 0),
      ("[ =1 [ =2 [ =3 ] ] ] n:Deep ; u r", 3, "Deep |", 0),
      // Two explicit groups in one event are one step.
      ("[ =1 ] [ =2 ] n:Pair ; u", 0, "| Pair", 0),
      // An explicit group still open keeps the event open.
      ("[ =1 ; =2 ;", 2, "- |", 2),
      ("[ =1 ; =2 ; ] n:Span ;", 2, "Span |", 0),
      // Empty groups stay on the stack; undoing one does nothing and leaves an empty redo step.
      ("[ ]", 0, "- |", 1),
      ("[ ] ;", 0, "- |", 0),
      ("manual [ ]", 0, "- |", 0),
      ("[ [ ] ]", 0, "- |", 1),
      ("=1 n:A ; [ ] u", 1, "A |", 0),
      ("=1 n:A ; [ ] n:Empty ; u u", 0, "| A", 0),
      ("=1 n:A ; [ ] n:Empty ; u r", 1, "A |", 0),
      // A nested group inside the event's group belongs to it.
      ("=1 [ =2 ] n:Auto ;", 2, "Auto |", 0),
      // undo closes a group open at level 1.
      ("manual [ =1 n:One u", 0, "| One", 0),
      ("=1 n:One u", 0, "| One", 0),
      // A redo with a group open becomes part of that group.
      ("=1 n:One ; u [ r", 1, "- |", 2),
      ("=1 n:One ; u [ r ] ; u", 0, "| -", 0),
      ("=1 n:One ; u =5 n:Five r", 5, "Five |", 1),
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

  @Test("groupingLevel counts the event's group, nested groups and the group an undo records")
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
    #expect(levels == [2, 3, 1, 1])
  }

  @Test(
    "undoNestedGroup reverses the last closed nested group or the top step",
    arguments: [
      ("[ =1 [ =2 =3 ] un", 1, 2, "- | -"),
      ("[ =1 [ =2 ] un ] n:Outer", 1, 1, "Outer | -"),
      // Called again, it undoes the nested group closed before.
      ("[ =1 [ =2 ] [ =3 ] un un", 1, 2, "- | - -"),
      ("manual [ [ =1 ] [ =2 ] [ =3 ] un un ] u", 0, 0, "| - - -"),
      ("=1 n:A ; =2 n:B ; un", 1, 0, "A | B"),
      // Without a closed nested group at the end, the call is refused.
      ("[ =1 [ =2 ] =3 un", 3, 2, "- |"),
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
    #expect(run.manager.groupingLevel == 0)
    #expect(run.stacks == "Two One |")
    run.run("=3")
    #expect(run.manager.lastMisuse == .registrationWithoutOpenGroup)
    #expect(run.stacks == "Two One |")
    #expect(run.cell.value == 3)
  }
}
