import CircleEngine
import CircleRender
import CircleSnapshot
import Foundation
import Testing

/// Goldens follow the history: steps inserted, removed, changed or reordered since the goldens
/// were recorded are told apart from pictures that changed, and recording renames moved goldens
/// byte for byte, touching nothing else.
@Suite("Goldens follow the history")
struct GoldenHistoryTests {
  static let canvas = "canvas 40x30"
  static let a = "add a at 8,10 r 5 fill red"
  static let b = "add b at 20,10 r 5 fill green"
  static let c = "add c at 32,10 r 5 fill blue"
  /// A step whose circle cannot be seen: every later picture stays the same.
  static let ghost = "add ghost at 20,25 r 3 opacity 0"
  static let base = [canvas, a, b, c]

  @Test(
    "an inserted step is one new frame; the goldens after it moved, and recording renames them",
    arguments: [false, true])
  func insertedStep(update: Bool) throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    let before = try workspace.state()
    try workspace.write([Self.canvas, Self.a, Self.ghost, Self.b, Self.c])
    let checked = try workspace.check()
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-ghost missing",
        "0003-add-b moved < 0002-add-b", "0004-add-c moved < 0003-add-c",
      ])
    #expect(!checked.passed, "the new frame has no golden")
    #expect(try workspace.state() == before, "a check without --record touched goldens")
    let recorded = try workspace.check(record: .missingAndFailed, prune: update)
    #expect(
      recorded.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-ghost recorded",
        "0003-add-b moved < 0002-add-b (renamed)", "0004-add-c moved < 0003-add-c (renamed)",
      ])
    workspace.expect(
      try workspace.state(), from: before,
      renamed: ["0002-add-b.png": "0003-add-b.png", "0003-add-c.png": "0004-add-c.png"],
      written: ["0002-add-ghost.png"])
    #expect(try workspace.check().outline.allSatisfy { $0.hasSuffix(" passed") })
  }

  @Test("two inserted steps: two new frames, and each golden after them moved by its own count")
  func twoInsertedSteps() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    let before = try workspace.state()
    let ghost2 = "add ghost2 at 8,25 r 2 opacity 0"
    try workspace.write([Self.canvas, Self.a, Self.ghost, Self.b, ghost2, Self.c])
    #expect(
      try workspace.check().outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-ghost missing",
        "0003-add-b moved < 0002-add-b", "0004-add-ghost2 missing", "0005-add-c moved < 0003-add-c",
      ])
    try workspace.check(record: .missing)
    workspace.expect(
      try workspace.state(), from: before,
      renamed: ["0002-add-b.png": "0003-add-b.png", "0003-add-c.png": "0005-add-c.png"],
      written: ["0002-add-ghost.png", "0004-add-ghost2.png"])
  }

  @Test("a removed step is one removed golden: the rest moved, which alone does not fail")
  func removedStep() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record([Self.canvas, Self.a, Self.ghost, Self.b, Self.c])
    let before = try workspace.state()
    try workspace.write(Self.base)
    let checked = try workspace.check()
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-b moved < 0003-add-b",
        "0003-add-c moved < 0004-add-c", "0002-add-ghost orphan",
      ])
    #expect(checked.passed, "moved goldens and an orphan do not fail a check")
    let hint = try #require(checked.hint)
    #expect(hint.hasPrefix("to rename the moved goldens and delete those without a frame: "))
    #expect(hint.hasSuffix("scene.circles --record --prune"))
    // --record renames, but deletes nothing.
    let renamed = try workspace.check(record: .missingAndFailed)
    #expect(renamed.outline.last == "0002-add-ghost orphan")
    workspace.expect(
      try workspace.state(), from: before,
      renamed: ["0003-add-b.png": "0002-add-b.png", "0004-add-c.png": "0003-add-c.png"])
    // --prune (as --update does) deletes the golden of the removed step alone.
    let pruned = try workspace.check(record: .missingAndFailed, prune: true)
    #expect(pruned.outline.last == "0002-add-ghost pruned")
    workspace.expect(
      try workspace.state(), from: before,
      renamed: ["0003-add-b.png": "0002-add-b.png", "0004-add-c.png": "0003-add-c.png"],
      removed: ["0002-add-ghost.png"])
  }

  @Test("a removed step whose circle showed: the frames after it changed, compared where they were")
  func removedVisibleStep() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    try workspace.write([Self.canvas, Self.a, Self.c])
    let checked = try workspace.check()
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-c failed < 0003-add-c",
        "0002-add-b orphan",
      ])
    #expect(checked.frames[2].sceneDiff == ["b removed"])
  }

  @Test("a moved golden whose picture changed fails against the golden it moved from")
  func movedAndChanged() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    let before = try workspace.state()
    let yellow = "add c at 32,10 r 5 fill yellow"
    try workspace.write([Self.canvas, Self.a, Self.ghost, Self.b, yellow])
    let checked = try workspace.check()
    #expect(checked.outline.last == "0004-add-c failed < 0003-add-c")
    let failure = checked.frames[4]
    #expect(failure.nameWithOrigin == "0004-add-c (was 0003-add-c)")
    #expect(failure.comparison?.differingPixels ?? 0 > 0)
    #expect(failure.sceneDiff == ["ghost added at 20,25 radius 3", "c: fill #0000ff → #ffff00"])
    #expect(failure.artifacts?.diff != nil)
    // Recording only what is missing renames the moved golden, byte for byte, and leaves the
    // changed one where it is: a golden that fails is replaced only when failures are recorded.
    let missingOnly = try workspace.check(record: .missing)
    #expect(missingOnly.outline.last == "0004-add-c failed < 0003-add-c")
    workspace.expect(
      try workspace.state(), from: before, renamed: ["0002-add-b.png": "0003-add-b.png"],
      written: ["0002-add-ghost.png"])
    let after = try workspace.check(record: .failed)
    #expect(after.outline.last == "0004-add-c recorded < 0003-add-c")
    workspace.expect(
      try workspace.state(), from: before, renamed: ["0002-add-b.png": "0003-add-b.png"],
      written: ["0002-add-ghost.png", "0004-add-c.png"], removed: ["0003-add-c.png"])
    #expect(try workspace.check().passed)
  }

  @Test("a reordered pair: one step is new, the other changed, the rest untouched")
  func reorderedPair() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    try workspace.write([Self.canvas, Self.a, Self.c, Self.b])
    let checked = try workspace.check()
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-c missing",
        "0003-add-b failed < 0002-add-b", "0003-add-c orphan",
      ])
  }

  @Test("repeated slugs align in order: each undo and redo frame with its own golden")
  func repeatedSlugs() throws {
    let workspace = try GoldenWorkspace()
    let steps = ["add a at 20,15 r 8 fill red", "undo", "redo", "undo", "redo"]
    try workspace.record([Self.canvas] + steps)
    let before = try workspace.state()
    try workspace.write([Self.canvas, Self.ghost] + steps)
    #expect(
      try workspace.check().outline == [
        "0000-start passed", "0001-add-ghost missing", "0002-add-a moved < 0001-add-a",
        "0003-undo-add-a moved < 0002-undo-add-a", "0004-redo-add-a moved < 0003-redo-add-a",
        "0005-undo-add-a moved < 0004-undo-add-a", "0006-redo-add-a moved < 0005-redo-add-a",
      ])
    // Five renames in a chain where new names are old ones: done from the free end.
    try workspace.check(record: .missing)
    workspace.expect(
      try workspace.state(), from: before,
      renamed: [
        "0001-add-a.png": "0002-add-a.png", "0002-undo-add-a.png": "0003-undo-add-a.png",
        "0003-redo-add-a.png": "0004-redo-add-a.png", "0004-undo-add-a.png": "0005-undo-add-a.png",
        "0005-redo-add-a.png": "0006-redo-add-a.png",
      ], written: ["0001-add-ghost.png"])
    // One undo and redo pair fewer: the two goldens of the end are the removed ones.
    try workspace.write([Self.canvas, Self.ghost, steps[0], steps[1], steps[2]])
    #expect(
      try workspace.check().outline == [
        "0000-start passed", "0001-add-ghost passed", "0002-add-a passed",
        "0003-undo-add-a passed", "0004-redo-add-a passed", "0005-undo-add-a orphan",
        "0006-redo-add-a orphan",
      ])
  }

  @Test("a rename onto the name of a removed step's golden waits for --prune")
  func renameOntoOrphan() throws {
    let workspace = try GoldenWorkspace()
    let steps = ["add a at 5,5 r 3", "move a to 10,10", "move a to 20,20", "move a to 30,20"]
    try workspace.record([Self.canvas] + steps)
    let before = try workspace.state()
    try workspace.write([Self.canvas, steps[0], steps[1], steps[3]])
    let checked = try workspace.check(record: .missingAndFailed)
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-move-a passed",
        "0003-move-a moved < 0004-move-a", "0003-move-a orphan",
      ])
    #expect(
      checked.frames[3].notes == [
        "not renamed: '0003-move-a.png' still holds another golden, which has no frame; "
          + "--prune deletes it"
      ])
    #expect(try workspace.state() == before)
    let updated = try workspace.check(record: .missingAndFailed, prune: true)
    #expect(
      updated.outline.suffix(2) == [
        "0003-move-a moved < 0004-move-a (renamed)", "0003-move-a pruned",
      ])
    workspace.expect(
      try workspace.state(), from: before, renamed: ["0004-move-a.png": "0003-move-a.png"])
  }

  @Test("a script cut at the end: its last goldens are orphans, deleted only with --prune")
  func cutAtTheEnd() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    let before = try workspace.state()
    try workspace.write(Array(Self.base.dropLast()))
    let checked = try workspace.check(record: .all)
    #expect(
      checked.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-b passed", "0003-add-c orphan",
      ])
    #expect(try workspace.state() == before, "--record all rewrote goldens that match")
    try workspace.check(record: .missingAndFailed, prune: true, only: ["0003-*"])
    workspace.expect(try workspace.state(), from: before, removed: ["0003-add-c.png"])
  }

  @Test("recording a chosen subset touches only the frames named, by name or glob")
  func chosenSubset() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    let before = try workspace.state()
    try workspace.write([Self.canvas, Self.a, Self.ghost, Self.b, "add c at 32,10 r 5 fill yellow"])
    let result = try workspace.check(record: .missingAndFailed, prune: true, only: ["0003-*"])
    #expect(
      result.outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-ghost missing",
        "0003-add-b moved < 0002-add-b (renamed)", "0004-add-c failed < 0003-add-c",
      ])
    workspace.expect(
      try workspace.state(), from: before, renamed: ["0002-add-b.png": "0003-add-b.png"])
    try workspace.check(record: .missingAndFailed, only: ["0002-add-ghost", "0004-add-c"])
    #expect(try workspace.check().passed)
  }

  @Test("goldens with no metadata, made by hand, are compared by pixels and renamed as they are")
  func handMadeGoldens() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    // Cairo's own encoding, no text chunks, no history: as another tool would write them.
    for name in workspace.folder.files(in: "__snapshots__/scene") {
      let url = workspace.goldens.appendingPathComponent(name)
      try PNGCodec.encode(try PNGCodec.decode(Data(contentsOf: url))).write(to: url)
    }
    try FileManager.default.removeItem(at: workspace.history)
    let before = try workspace.state()
    #expect(try workspace.check().outline.allSatisfy { $0.hasSuffix(" passed") })
    try workspace.write([Self.canvas, Self.a, Self.ghost, Self.b, Self.c])
    #expect(
      try workspace.check().outline == [
        "0000-start passed", "0001-add-a passed", "0002-add-ghost missing",
        "0003-add-b moved < 0002-add-b", "0004-add-c moved < 0003-add-c",
      ])
    try workspace.check(record: .missing)
    workspace.expect(
      try workspace.state(), from: before,
      renamed: ["0002-add-b.png": "0003-add-b.png", "0003-add-c.png": "0004-add-c.png"],
      written: ["0002-add-ghost.png"])
  }

  @Test("goldens of an older circles carry their scene and renderer; a failure names both")
  func olderGoldens() throws {
    let workspace = try GoldenWorkspace()
    try workspace.record(Self.base)
    for name in workspace.folder.files(in: "__snapshots__/scene") {
      let url = workspace.goldens.appendingPathComponent(name)
      let data = try Data(contentsOf: url)
      let scene = try #require(try GoldenMetadata(png: data, file: url).scene)
      try GoldenChecker.goldenData(
        image: try PNGCodec.decode(data), state: scene, renderer: "cairo 1.14.0"
      ).write(to: url)
    }
    try FileManager.default.removeItem(at: workspace.history)
    try workspace.write([Self.canvas, Self.a, Self.b, "add c at 32,10 r 5 fill yellow"])
    let failure = try #require(try workspace.check().frames.last)
    #expect(failure.status == .failed)
    #expect(failure.sceneDiff == ["c: fill #0000ff → #ffff00"])
    #expect(
      failure.notes.contains { $0.hasPrefix("the golden was rendered with cairo 1.14.0") })
  }
}
