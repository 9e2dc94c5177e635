import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// `circles review` in a real browser, driven through the page's own keys and buttons: the
/// goldens it leaves are byte for byte those of the equivalent command lines.
@Suite("circles review in Chromium", .serialized, .timeLimit(.minutes(5)))
struct ReviewBrowserTests {
  /// The goldens' script: `e` is added and removed between `a` and `b`.
  static let recorded = """
    canvas 60x40 background #202030
    add a at 10,20 radius 6 fill gold
    add e at 30,30 radius 4 fill white
    remove e
    add b at 30,20 radius 6 fill royalblue
    add c at 50,20 radius 6 fill seagreen

    """

  /// The script as edited: without `e`, `b`'s picture is the same under a new number (moved),
  /// `c` changed colour (failed), `d` is new (missing), and `e`'s two goldens have no frame.
  static let edited = """
    canvas 60x40 background #202030
    add a at 10,20 radius 6 fill gold
    add b at 30,20 radius 6 fill royalblue
    add c at 50,20 radius 6 fill tomato
    add d at 30,8 radius 3 fill white

    """

  /// A folder with the edited script and the goldens of the recorded one.
  static func suite() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(recorded, to: "s.circles")
    let record = try await Executable.run(["check", "s.circles", "--record"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    try folder.save(edited, to: "s.circles")
    return folder
  }

  /// Every file below the folder's `__snapshots__`, by path, with its bytes.
  static func goldens(_ folder: TemporaryFolder) throws -> [String: Data] {
    let root = folder.url.appendingPathComponent("__snapshots__")
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let path = walker?.nextObject() as? String {
      let url = root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  func until(_ condition: String, in browser: HeadlessChromium) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if (try? await browser.evaluate("!!(\(condition))", timeout: .seconds(10))) as? Bool == true {
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("'\(condition)' did not hold within 60 seconds")
    throw Failure()
  }

  struct Failure: Error {}

  /// Clicks the centre of the element the selector names, scrolled into view first.
  func click(_ selector: String, in browser: HeadlessChromium) async throws {
    let rect =
      try await browser.evaluate(
        """
        (() => { const e = document.querySelector(\(Self.quoted(selector)));
          e.scrollIntoView({ block: 'center' }); const r = e.getBoundingClientRect();
          return [r.x + r.width / 2, r.y + r.height / 2].join(); })()
        """) as? String
    let point = try #require(rect?.split(separator: ",").compactMap { Double($0) })
    try await browser.click(x: point[0], y: point[1])
  }

  static func quoted(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }

  static func item(_ id: String) -> String { "article[data-id=\"\(id)\"]" }

  /// The decision the page shows on an image: `accepted`, `rejected`, or empty.
  static func decision(of id: String, in browser: HeadlessChromium) async throws -> String? {
    try await browser.evaluate("document.querySelector('\(item(id))').dataset.decision")
      as? String
  }

  @Test("accept two by key and click, reject one: the goldens are the equivalent commands'")
  func acceptAndReject() async throws {
    let folder = try await Self.suite()
    let twin = try await Self.suite()
    let review = try await RunningReview.start(["s.circles"], in: folder.url)
    defer { review.program.signal(SIGKILL) }
    #expect(review.lines.dropFirst().first == "page 1: 5 to review")
    let browser = try await HeadlessChromium(width: 700, height: 900)
    try await browser.open(review.address)
    try await until("document.body.dataset.version === '1'", in: browser)
    let shown =
      try await browser.evaluate(
        "[...document.querySelectorAll('article.item')].map(a => a.dataset.id + '=' + "
          + "a.dataset.status).join(' ')") as? String
    #expect(
      shown == "0:0002-add-b=moved 0:0003-add-c=failed 0:0004-add-d=missing "
        + "0:golden:0002-add-e=orphan 0:golden:0003-remove-e=orphan")
    #expect(
      try await browser.evaluate(
        "document.querySelector('[data-id=\"0:0003-add-c\"] .scene').textContent") as? String
        == "c: fill #2e8b57 → #ff6347")
    #expect(
      try await browser.evaluate(
        "document.querySelector('[data-id=\"0:0003-add-c\"] .where').textContent") as? String
        == "s.circles:4:1 add c at 50,20 radius 6 fill tomato")
    #expect(
      try await browser.evaluate("document.body.dataset.selected") as? String == "0:0002-add-b")

    // The keys: accept the moved frame; the page moves on to the next undecided one.
    try await browser.press("a")
    try await until(
      "document.body.dataset.version === '2' && document.body.dataset.selected === '0:0003-add-c'",
      in: browser)
    #expect(
      try await Self.decision(of: "0:0002-add-b", in: browser) == "accepted")
    // The views of the failed frame: the slider and the onion skin, by key.
    try await browser.press("v")
    try await until(
      "document.querySelector('\(Self.item("0:0003-add-c")) .compare').dataset.view === 'slider'",
      in: browser)
    try await browser.press("v")
    try await until(
      "document.querySelector('\(Self.item("0:0003-add-c")) .compare').dataset.view === 'onion'",
      in: browser)
    // Reject it by key, then accept the new frame with a click.
    try await browser.press("r")
    try await until(
      "document.body.dataset.version === '3' && document.body.dataset.selected === '0:0004-add-d'",
      in: browser)
    #expect(
      try await Self.decision(of: "0:0003-add-c", in: browser) == "rejected")
    try await click("\(Self.item("0:0004-add-d")) button.accept", in: browser)
    try await until("document.body.dataset.version === '4'", in: browser)
    #expect(
      try await Self.decision(of: "0:0004-add-d", in: browser) == "accepted")
    // Another page cannot decide: without the page's token, 403, and nothing changes.
    #expect(
      try await browser.evaluate(
        "fetch('/accept?frame=0%3A0003-add-c', { method: 'POST' }).then(r => r.status)") as? Int
        == 403)
    #expect(browser.exceptions == [])
    let elsewhere = browser.requestedURLs.filter {
      !$0.hasPrefix("data:") && !$0.hasPrefix(review.address.absoluteString)
    }
    #expect(elsewhere == [], "the page asked for \(elsewhere)")

    // Ctrl-C: what was decided, and exit 1, since the rejected frame still fails.
    review.program.signal(SIGINT)
    let outcome = try #require(await review.program.outcome(within: .seconds(60)))
    #expect(outcome.status == 1, "\(outcome)")
    let decisions = review.lines.filter { $0.hasPrefix("accepted") || $0.hasPrefix("rejected") }
    #expect(
      decisions == [
        "accepted s.circles 0002-add-b: circles check s.circles --record --only 0002-add-b",
        "rejected s.circles 0003-add-c",
        "accepted s.circles 0004-add-d: circles check s.circles --record --only 0004-add-d",
      ])
    #expect(review.lines.last == "review: 2 accepted, 1 rejected; still failing: s.circles")

    // The same accepts as command lines, on a copy of the suite: the same bytes.
    for name in ["0002-add-b", "0004-add-d"] {
      let run = try await Executable.run(
        ["check", "s.circles", "--record", "--only", name], in: twin.url)
      #expect(run.status == 1, "\(run)")
    }
    let reviewed = try Self.goldens(folder)
    let commanded = try Self.goldens(twin)
    #expect(reviewed.keys.sorted() == commanded.keys.sorted())
    #expect(reviewed == commanded)

    // In CI, the check fails on the rejected frame alone.
    let ci = try await Executable.run(
      ["check", "s.circles", "--json"], in: folder.url, environment: ["CI": "true"])
    #expect(ci.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(ci.stdout.utf8)) as? [String: Any]
    let frames =
      ((report?["scripts"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]]) ?? []
    let failing = frames.filter { ["failed", "missing"].contains($0["status"] as? String) }
    #expect(failing.map { $0["name"] as? String } == ["0003-add-c"])
  }

  @Test("a save checks again: a rejection stays while its picture does, and is cleared after")
  func saves() async throws {
    let folder = try await Self.suite()
    let review = try await RunningReview.start(["s.circles"], in: folder.url)
    defer { review.program.signal(SIGKILL) }
    let browser = try await HeadlessChromium()
    try await browser.open(try #require(URL(string: "\(review.address)#0%3A0003-add-c")))
    try await until(
      "document.body.dataset.version === '1' && document.body.dataset.selected === '0:0003-add-c'",
      in: browser)
    try await browser.press("r")
    try await until("document.body.dataset.version === '2'", in: browser)

    // A save that leaves c's picture: still rejected.
    try folder.save(Self.edited + "add f at 5,5 radius 2 fill white\n", to: "s.circles")
    try await until("document.body.dataset.version === '3'", in: browser)
    #expect(
      try await Self.decision(of: "0:0003-add-c", in: browser) == "rejected")
    // A save that changes it: the decision is cleared, and the page says so.
    try folder.save(
      Self.edited.replacingOccurrences(of: "fill tomato", with: "fill orchid"), to: "s.circles")
    try await until("document.body.dataset.version === '4'", in: browser)
    #expect(
      try await Self.decision(of: "0:0003-add-c", in: browser) == "")
    #expect(
      try await browser.evaluate(
        "document.querySelector('\(Self.item("0:0003-add-c")) .note').textContent") as? String
        == "its picture changed since it was rejected: decide again")
    #expect(browser.exceptions == [])
    #expect(review.lines.contains("page 4: 5 to review, 1 decision cleared"))

    // On a narrow window, nothing is wider than the window.
    let narrow = try await HeadlessChromium(width: 360, height: 700)
    try await narrow.open(review.address)
    try await until(
      "document.body.dataset.version === '4' && document.body.dataset.ready !== undefined",
      in: narrow)
    #expect(
      try await narrow.evaluate("document.documentElement.scrollWidth <= innerWidth") as? Bool
        == true)
  }
}

/// A running `circles review`: the preview's helper, started with `review`.
enum RunningReview {
  static func start(_ arguments: [String], in folder: URL) async throws -> RunningPreview {
    try await RunningPreview.start(arguments, in: folder, command: "review")
  }
}
