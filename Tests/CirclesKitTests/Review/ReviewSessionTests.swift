import CircleEngine
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

@Suite("A review's session: decisions, the plan's writes, and saves")
struct ReviewSessionTests {
  static let recorded = """
    canvas 40x30
    add a at 10,15 radius 5 fill gold
    add e at 20,25 radius 3 fill white
    remove e
    add b at 20,15 radius 5 fill royalblue
    add c at 30,15 radius 5 fill seagreen

    """
  static let edited = """
    canvas 40x30
    add a at 10,15 radius 5 fill gold
    add b at 20,15 radius 5 fill royalblue
    add c at 30,15 radius 5 fill tomato
    add d at 20,5 radius 2 fill white

    """

  /// A folder with `s.circles` edited after its goldens were recorded, and its session.
  static func session(
    scripts: [String: String] = ["s.circles": edited]
  ) throws -> (TemporaryFolder, ReviewSession) {
    let folder = try TemporaryFolder()
    for name in scripts.keys.sorted() {
      let url = try folder.write(recorded, to: name)
      let options = CheckOptions(
        record: .missingAndFailed,
        artifactsDirectory: folder.url.appendingPathComponent("artifacts", isDirectory: true))
      let record = try GoldenSuite.check([url], options: options, currentDirectory: folder.url)
      #expect(record.first?.result?.passed == true)
      try folder.save(scripts[name]!, to: name)
    }
    let session = ReviewSession(
      subjects: scripts.keys.sorted().map { .script(folder.url.appendingPathComponent($0)) },
      options: CheckOptions(), currentDirectory: folder.url, channel: PreviewChannel())
    return (folder, session)
  }

  static func files(_ folder: TemporaryFolder, _ script: String = "s") -> [String: Data] {
    var files: [String: Data] = [:]
    for name in folder.allFiles(in: "__snapshots__/\(script)") {
      files[name] = FileManager.default.contents(
        atPath: folder.url.appendingPathComponent("__snapshots__/\(script)/\(name)").path)
    }
    return files
  }

  func request(_ session: ReviewSession, _ name: String, _ frame: String?, token: String? = nil)
    -> PreviewActionAnswer
  {
    session.answer(
      PreviewActionRequest(
        name: name, arguments: frame.map { ["frame": $0] } ?? [:], token: token ?? session.token))
  }

  @Test("nothing is written until an accept; each kind of image is listed with its command")
  func items() throws {
    let (folder, session) = try Self.session()
    let before = Self.files(folder)
    let round = try session.refresh()
    #expect(round.summary == "5 to review")
    #expect(Self.files(folder) == before)
    let items = session.currentItems
    #expect(
      items.map(\.id) == [
        "0:0002-add-b", "0:0003-add-c", "0:0004-add-d", "0:golden:0002-add-e",
        "0:golden:0003-remove-e",
      ])
    #expect(items.map(\.status) == [.moved, .failed, .missing, .orphan, .orphan])
    #expect(
      items.map(\.acceptance.command) == [
        "circles check s.circles --record --only 0002-add-b",
        "circles check s.circles --record --only 0003-add-c",
        "circles check s.circles --record --only 0004-add-d",
        "circles check s.circles --prune --only 0002-add-e",
        "circles check s.circles --prune --only 0003-remove-e",
      ])
    let failed = items[1]
    #expect(failed.golden != nil && failed.diff != nil && failed.actual != nil)
    #expect(failed.sceneDiff == ["c: fill #2e8b57 → #ff6347"])
    #expect(failed.sourceLine == "add c at 30,15 radius 5 fill tomato")
    #expect(failed.before?.name == "0002-add-b")
    #expect(failed.after?.name == "0004-add-d")
    #expect(items[2].golden == nil && items[2].actual != nil)
    #expect(items[3].golden != nil && items[3].actual == nil)
    let page = String(decoding: session.channel.current.page, as: UTF8.self)
    #expect(page.contains("TOKEN = '\(session.token)'"))
    #expect(page.contains("data-id=\"0:golden:0003-remove-e\""))
    // Each picture once, by number: the golden of the failed frame is served as it is on disk.
    let numbers = page.matches(of: /src="\/images\/(\d+)\.png"/).compactMap { Int($0.1) }
    #expect(!numbers.isEmpty)
    #expect(numbers.allSatisfy { session.picture($0) != nil })
    let golden = try Data(
      contentsOf: folder.url.appendingPathComponent("__snapshots__/s/0005-add-c.png"))
    #expect(numbers.contains { session.picture($0) == golden })
    #expect(Set(numbers).count < numbers.count, "a picture shown twice is served once")
    #expect(!page.contains("data:image"))
  }

  @Test("each accept writes what its command line does; reject writes nothing")
  func accepts() throws {
    let (folder, session) = try Self.session()
    let (twin, _) = try Self.session()
    try session.refresh()
    for id in ["0:0003-add-c", "0:golden:0002-add-e", "0:0002-add-b", "0:0004-add-d"] {
      let answer = request(session, "accept", id)
      #expect(answer.status == 200, "\(answer.text)")
    }
    let rejected = request(session, "reject", "0:golden:0003-remove-e")
    #expect(rejected == PreviewActionAnswer(status: 200, text: "rejected 0003-remove-e\n"))
    // The same through the library's check with the options each command line sets.
    let script = twin.url.appendingPathComponent("s.circles")
    for (only, prune) in [
      ("0003-add-c", false), ("0002-add-e", true), ("0002-add-b", false), ("0004-add-d", false),
    ] {
      let options = CheckOptions(
        record: prune ? .none : .missingAndFailed, prune: prune,
        artifactsDirectory: twin.url.appendingPathComponent("artifacts"), only: [only])
      _ = try GoldenSuite.check([script], options: options, currentDirectory: twin.url)
    }
    #expect(Self.files(folder) == Self.files(twin))
    #expect(Self.files(folder).keys.sorted().contains("0003-remove-e.png"))
    #expect(session.result.passed)
    let summary = session.summary
    #expect(
      summary.accepted.map(\.name) == ["0003-add-c", "0002-add-e", "0002-add-b", "0004-add-d"])
    #expect(summary.rejected.map(\.name) == ["0003-remove-e"])
    let items = session.currentItems
    #expect(items.filter { $0.decision == .accepted }.count == 4)
    #expect(items.filter { $0.decision == nil }.isEmpty)
  }

  @Test("without the session's token: 403 and nothing written; a stale or absent frame: 409, 400")
  func refusals() throws {
    let (folder, session) = try Self.session()
    try session.refresh()
    let before = Self.files(folder)
    #expect(request(session, "accept", "0:0004-add-d", token: "").status == 403)
    #expect(request(session, "accept", "0:0004-add-d", token: "0" + session.token).status == 403)
    #expect(Self.files(folder) == before)
    #expect(request(session, "accept", nil).status == 400)
    let stale = request(session, "accept", "0:0009-add-z")
    #expect(stale.status == 409)
    #expect(stale.text == "no image '0:0009-add-z' waits for a decision: reload the page\n")
    #expect(request(session, "accept", "0:0004-add-d").status == 200)
    #expect(request(session, "accept", "0:0004-add-d").status == 409, "accepted once")
    #expect(Self.files(folder).count == before.count + 1)
  }

  @Test("a rejection stays while the picture does; a save that changes it clears it")
  func saves() throws {
    let (folder, session) = try Self.session()
    try session.refresh()
    #expect(request(session, "reject", "0:0003-add-c").status == 200)
    #expect(request(session, "accept", "0:0004-add-d").status == 200)
    try folder.save(Self.edited + "add f at 5,5 radius 1 fill white\n", to: "s.circles")
    let kept = try session.refresh([0])
    #expect(kept.cleared == 0)
    #expect(session.currentItems.first { $0.id == "0:0003-add-c" }?.decision == .rejected)
    #expect(session.currentItems.first { $0.id == "0:0004-add-d" }?.decision == .accepted)
    try folder.save(
      Self.edited.replacingOccurrences(of: "fill tomato", with: "fill orchid")
        .replacingOccurrences(of: "20,5 radius 2", with: "20,5 radius 3"), to: "s.circles")
    let changed = try session.refresh([0])
    #expect(changed.cleared == 2)
    let items = session.currentItems
    #expect(items.first { $0.id == "0:0003-add-c" }?.decision == nil)
    #expect(
      items.first { $0.id == "0:0003-add-c" }?.note
        == "its picture changed since it was rejected: decide again")
    #expect(
      items.first { $0.id == "0:0004-add-d" }?.note
        == "its picture changed since it was accepted: decide again")
    #expect(session.summary.accepted.map(\.name) == ["0004-add-d"], "what was written stays said")
  }

  @Test("scripts are grouped; one with an error shows its diagnostic and has nothing to decide")
  func scripts() throws {
    let (folder, session) = try Self.session(scripts: [
      "a.circles": Self.edited, "b.circles": Self.edited + "remove nobody\n",
    ])
    let round = try session.refresh()
    #expect(round.errors == 1)
    #expect(round.summary == "5 to review, 1 script with an error")
    #expect(Set(session.currentItems.map(\.scriptName)) == ["a.circles"])
    let page = String(decoding: session.channel.current.page, as: UTF8.self)
    #expect(page.contains("b.circles:6:8: error: no circle named &#39;nobody&#39;"))
    #expect(!session.result.passed)
    withExtendedLifetime(folder) {}
  }

  @Test("a page shows at most 500 images to decide on, and counts the others")
  func bounded() throws {
    let folder = try TemporaryFolder()
    let url = try folder.write(
      "canvas 4x4\nrepeat 501 as i {\n  add c{i} at 2,2 radius 1\n}\n", to: "s.circles")
    let options = CheckOptions(
      record: .missingAndFailed,
      artifactsDirectory: folder.url.appendingPathComponent("artifacts", isDirectory: true))
    _ = try GoldenSuite.check([url], options: options, currentDirectory: folder.url)
    try folder.save(
      "canvas 4x4 background black\nrepeat 501 as i {\n  add c{i} at 2,2 radius 1\n}\n",
      to: "s.circles")
    let session = ReviewSession(
      subjects: [.script(url)], options: CheckOptions(), currentDirectory: folder.url,
      channel: PreviewChannel())
    let round = try session.refresh()
    #expect(session.currentItems.count == ReviewSession.maximumItems)
    #expect(round.summary == "502 to review (500 shown)")
    #expect(request(session, "accept", "0:0000-start").status == 200)
    #expect(session.currentItems.filter { $0.decision == nil }.count == 500, "the next one shows")
  }

  @Test("two reviews of one folder: what one accepted, the other's accept finds done")
  func twoReviews() throws {
    let (folder, first) = try Self.session()
    let second = ReviewSession(
      subjects: [.script(folder.url.appendingPathComponent("s.circles"))],
      options: CheckOptions(), currentDirectory: folder.url, channel: PreviewChannel())
    try first.refresh()
    try second.refresh()
    for id in ["0:0003-add-c", "0:golden:0002-add-e", "0:0004-add-d"] {
      #expect(request(first, "accept", id).status == 200)
      let again = request(second, "accept", id)
      #expect(again.status == 200, "\(again.text)")
    }
    let files = Self.files(folder)
    #expect(files["0002-add-e.png"] == nil)
    #expect(files["0003-add-c.png"] != nil && files["0004-add-d.png"] != nil)
  }
}
