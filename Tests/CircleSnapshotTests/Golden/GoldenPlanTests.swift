import Testing

@testable import CircleSnapshot

/// The plan of a check on its own, without files: pairs, statuses, the order of renames and
/// writes, the notes of what waits, and the rules it checks on itself.
@Suite("The plan of a check")
struct GoldenPlanTests {
  typealias Image = GoldenPlan.Image
  typealias Golden = GoldenPlan.Golden

  static func frame(_ name: String, picture: Int? = nil) -> Image {
    Image(name: name, slug: GoldenFile(name: name).slug, byName: false, picture: picture)
  }

  static func golden(_ name: String, picture: Int? = nil) -> Golden {
    Golden(name: name, slug: GoldenFile(name: name).slug, isFrame: true, picture: picture)
  }

  /// Plans a check; a verdict of `.same` for pairs with a common picture, `.differs` otherwise.
  static func plan(
    _ images: [Image], _ goldens: [Golden], record: RecordMode = .missing, prune: Bool = false,
    listed: [String] = []
  ) -> GoldenPlan {
    let order = GoldenPlan.historyOrder(of: goldens, listed: listed)
    let pairs = GoldenPlan.pairs(images: images, goldens: goldens, order: order)
    var verdicts: [Int: GoldenPlan.Verdict] = [:]
    for (image, golden) in pairs {
      let same = images[image].picture != nil && images[image].picture == goldens[golden].picture
      verdicts[image] = same ? .same : .differs
    }
    return GoldenPlan(
      images: images, goldens: goldens, pairs: pairs, order: order, verdicts: verdicts,
      rules: GoldenPlan.Rules(record: record, prune: prune))
  }

  static func outline(_ plan: GoldenPlan) -> [String] {
    plan.entries.map { entry in
      let name = entry.image.map { plan.images[$0].name } ?? plan.goldens[entry.golden!].name
      var line = "\(name) \(entry.status.rawValue)"
      if let golden = entry.golden, plan.goldens[golden].name != name {
        line += " < \(plan.goldens[golden].name)"
      }
      if entry.renamed { line += " renamed" }
      return line
    }
  }

  @Test("a step inserted before repeated slugs: renames go from the free end of the chain")
  func chainFromTheFreeEnd() {
    let plan = Self.plan(
      [
        Self.frame("0000-start", picture: 1), Self.frame("0001-add-a", picture: 2),
        Self.frame("0002-move-a", picture: 3), Self.frame("0003-move-a", picture: 4),
        Self.frame("0004-move-a", picture: 5),
      ],
      [
        Self.golden("0000-start", picture: 1), Self.golden("0001-move-a", picture: 3),
        Self.golden("0002-move-a", picture: 4), Self.golden("0003-move-a", picture: 5),
      ])
    #expect(
      Self.outline(plan) == [
        "0000-start passed", "0001-add-a recorded", "0002-move-a moved < 0001-move-a renamed",
        "0003-move-a moved < 0002-move-a renamed", "0004-move-a moved < 0003-move-a renamed",
      ])
    #expect(
      plan.operations == [
        .write(image: 1, over: nil), .rename(golden: 3, to: "0004-move-a"),
        .rename(golden: 2, to: "0003-move-a"), .rename(golden: 1, to: "0002-move-a"),
      ])
    #expect(plan.violations == [])
  }

  @Test("in CI nothing is renamed or written; moved alone is not a change")
  func nothingInCI() {
    let plan = Self.plan(
      [Self.frame("0000-start", picture: 1), Self.frame("0001-add-a", picture: 2)],
      [Self.golden("0000-start", picture: 1), Self.golden("0002-add-a", picture: 2)],
      record: .none)
    #expect(Self.outline(plan) == ["0000-start passed", "0001-add-a moved < 0002-add-a"])
    #expect(plan.operations == [])
  }

  @Test("a moved golden waits while a golden without a frame holds its name; --prune frees it")
  func renameOntoOrphan() {
    let images = [Self.frame("0001-move-a", picture: 3)]
    let goldens = [Self.golden("0001-move-a", picture: 2), Self.golden("0002-move-a", picture: 3)]
    let waiting = Self.plan(images, goldens)
    #expect(Self.outline(waiting) == ["0001-move-a moved < 0002-move-a", "0001-move-a orphan"])
    #expect(waiting.operations == [])
    #expect(
      waiting.entries[0].note
        == "not renamed: '0001-move-a.png' still holds another golden, which has no frame; "
        + "--prune deletes it")
    let pruned = Self.plan(images, goldens, prune: true)
    #expect(pruned.operations == [.delete(golden: 0), .rename(golden: 1, to: "0001-move-a")])
    #expect(pruned.violations == [])
  }

  @Test("a frame without a golden takes the golden of its name that has no frame")
  func claimByName() {
    // The history lists add-b before add-c, the script has them the other way round: the
    // alignment keeps add-c, and add-b's frame and golden are both left out. The golden of the
    // frame's own name is its golden, never an orphan of the name a missing frame claims.
    let images = [Self.frame("0001-add-c", picture: 6), Self.frame("0002-add-b", picture: 5)]
    let goldens = [Self.golden("0001-add-c", picture: 6), Self.golden("0002-add-b", picture: 2)]
    let plan = Self.plan(images, goldens, record: .none, listed: ["0002-add-b", "0001-add-c"])
    #expect(Self.outline(plan) == ["0001-add-c passed", "0002-add-b failed"])
    #expect(plan.violations == [])
  }

  @Test("a failed golden under another name is replaced only with --record failed, renamed first")
  func failedUnderAnotherName() {
    let images = [Self.frame("0002-add-c", picture: 9)]
    let goldens = [Self.golden("0003-add-c", picture: 4)]
    #expect(Self.plan(images, goldens).operations == [])
    let recorded = Self.plan(images, goldens, record: .failed)
    #expect(
      recorded.operations == [
        .rename(golden: 0, to: "0002-add-c"), .write(image: 0, over: 0),
      ])
    #expect(Self.outline(recorded) == ["0002-add-c recorded < 0003-add-c"])
    #expect(recorded.violations == [])
  }

  @Test("the history's order wins over numbers where two versions' goldens share the folder")
  func historyOrder() {
    let goldens = [
      Self.golden("0000-start"), Self.golden("0001-add-a"), Self.golden("0001-add-d"),
      Self.golden("0002-remove-a"), Self.golden("0009-add-z"),
    ]
    #expect(GoldenPlan.historyOrder(of: goldens, listed: []) == [0, 1, 2, 3, 4])
    #expect(
      GoldenPlan.historyOrder(
        of: goldens, listed: ["0000-start", "0001-add-d", "0001-add-a", "0002-remove-a", "gone"])
        == [0, 2, 1, 3, 4])
    // A golden the history does not list goes before the first listed one of a greater number.
    #expect(
      GoldenPlan.historyOrder(of: goldens, listed: ["0002-remove-a", "0000-start"])
        == [1, 2, 3, 0, 4])
  }

  @Test(
    "the plan's own check finds each broken rule",
    arguments: [
      "a deletion of a golden that has a frame", "a rename over a golden", "a lost golden",
      "a write in CI", "an orphan with a missing frame's name",
    ])
  func violations(broken: String) {
    var plan = Self.plan(
      [Self.frame("0000-start", picture: 1), Self.frame("0001-add-a", picture: 2)],
      [Self.golden("0000-start", picture: 1), Self.golden("0002-add-a", picture: 2)],
      record: .none)
    #expect(plan.violations == [])
    switch broken {
    case "a deletion of a golden that has a frame": plan.operations = [.delete(golden: 0)]
    case "a rename over a golden": plan.operations = [.rename(golden: 1, to: "0000-start")]
    case "a lost golden":
      plan.operations = [.rename(golden: 1, to: "0001-add-a"), .delete(golden: 1)]
    case "a write in CI": plan.operations = [.write(image: 0, over: 0)]
    default:
      plan = Self.plan(
        [Self.frame("0000-start", picture: 1), Self.frame("0001-add-a", picture: 2)],
        [Self.golden("0000-start", picture: 1), Self.golden("0001-add-a", picture: 9)],
        record: .none)
      #expect(Self.outline(plan) == ["0000-start passed", "0001-add-a failed"])
      plan.entries[1] = GoldenPlan.Entry(image: 1, status: .missing, found: .missing)
      plan.entries.append(GoldenPlan.Entry(golden: 1, status: .orphan, found: .orphan))
    }
    #expect(!plan.violations.isEmpty, "\(broken) went unseen")
  }
}
