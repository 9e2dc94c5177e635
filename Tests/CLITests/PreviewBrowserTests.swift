import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// `circles preview` in a real browser: Debian's Chromium without a window opens the address,
/// and the test saves the script as an editor would and waits, through the page's DOM, for the
/// page to show what the save changed.
@Suite("circles preview in Chromium", .serialized, .timeLimit(.minutes(5)))
struct PreviewBrowserTests {
  /// The colour of the picture's pixel at a point, as `r,g,b`.
  static func pixel(x: Int, y: Int) -> String {
    """
    (() => { const c = document.getElementById('picture');
      return [...c.getContext('2d').getImageData(\(x), \(y), 1, 1).data].slice(0, 3).join(); })()
    """
  }

  static func script(fill: String, moves: [String] = ["move sun by 10,0"]) -> String {
    """
    canvas 60x40 background #202030
    add sun at 10,20 radius 8 fill \(fill)
    \(moves.joined(separator: "\n"))

    """
  }

  /// Waits until a condition holds in the page, asking again after each reload (a reload ends
  /// the page's scripts, so one long wait inside the page would be cut short).
  func until(
    _ condition: String, in browser: HeadlessChromium, within limit: Duration = .seconds(60)
  ) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if (try? await browser.evaluate("!!(\(condition))", timeout: .seconds(10))) as? Bool == true {
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("'\(condition)' did not hold within \(limit)")
    throw DevToolsFailure()
  }

  struct DevToolsFailure: Error {}

  /// The page is at `version`, its picture drawn at `frame`.
  static func shows(version: Int, frame: Int) -> String {
    "document.body.dataset.version === '\(version)' && document.body.dataset.painted === '\(frame)'"
      + " && document.body.dataset.frame === '\(frame)'"
  }

  @Test("a save shows the new picture at the state shown; an error appears and clears")
  func liveUpdates() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script(fill: "gold"), to: "s.circles")
    let preview = try await RunningPreview.start(["s.circles"], in: folder.url)
    defer { preview.program.signal(SIGKILL) }
    let browser = try await HeadlessChromium()
    try await browser.open(preview.address)

    // The first picture: the sun, moved, at the last state.
    try await until(Self.shows(version: 1, frame: 2), in: browser)
    #expect(try await browser.evaluate(Self.pixel(x: 20, y: 20)) as? String == "255,215,0")
    #expect(try await browser.evaluate(Self.pixel(x: 10, y: 20)) as? String == "32,32,48")
    try await until("document.body.dataset.connection === 'open'", in: browser)

    // A save: the new picture, still at the last state.
    try folder.save(Self.script(fill: "tomato"), to: "s.circles")
    try await until(Self.shows(version: 2, frame: 2), in: browser)
    #expect(try await browser.evaluate(Self.pixel(x: 20, y: 20)) as? String == "255,99,71")

    // At an earlier state, a save that adds states keeps it.
    try await browser.press("Home")
    try await browser.press("ArrowRight")
    try await until(Self.shows(version: 2, frame: 1), in: browser)
    try folder.save(
      Self.script(
        fill: "tomato", moves: ["move sun by 10,0", "move sun by 10,0", "move sun by 10,0"]),
      to: "s.circles")
    try await until(Self.shows(version: 3, frame: 1), in: browser)
    #expect(try await browser.evaluate("document.getElementById('scrub').max") as? String == "4")
    #expect(try await browser.evaluate(Self.pixel(x: 10, y: 20)) as? String == "255,99,71")

    // A save that takes away the state shown shows the nearest one.
    try await browser.press("ArrowRight")
    try await browser.press("ArrowRight")
    try await until(Self.shows(version: 3, frame: 3), in: browser)
    try folder.save(Self.script(fill: "tomato", moves: []), to: "s.circles")
    try await until(Self.shows(version: 4, frame: 1), in: browser)
    #expect(try await browser.evaluate(Self.pixel(x: 10, y: 20)) as? String == "255,99,71")

    // A syntax error: shown at its line with its caret, the last picture kept beside it.
    try folder.save(Self.script(fill: "tomato", moves: ["add at 5,5 radius"]), to: "s.circles")
    try await until(
      "document.body.dataset.version === '5' && document.body.dataset.painted === '1'", in: browser)
    let diagnostic =
      try await browser.evaluate(
        "document.querySelector('.diagnostic')?.textContent ?? ''") as? String
    #expect(
      diagnostic == "s.circles:3:18: error: expected a radius after 'radius'\n"
        + "add at 5,5 radius\n                 ^\n")
    #expect(
      try await browser.evaluate("document.querySelector('#L3.error') !== null") as? Bool == true)
    #expect(try await browser.evaluate(Self.pixel(x: 10, y: 20)) as? String == "255,99,71")

    // Fixed: the error clears and the new picture shows.
    try folder.save(Self.script(fill: "royalblue"), to: "s.circles")
    try await until(Self.shows(version: 6, frame: 2), in: browser)
    #expect(
      try await browser.evaluate("document.querySelector('.diagnostic') === null") as? Bool == true)
    #expect(try await browser.evaluate(Self.pixel(x: 20, y: 20)) as? String == "65,105,225")

    #expect(browser.exceptions == [])
    let elsewhere = browser.requestedURLs.filter {
      !$0.hasPrefix("data:") && !$0.hasPrefix(preview.address.absoluteString)
    }
    #expect(elsewhere == [], "the page asked for \(elsewhere)")
    let streams = browser.requestedURLs.filter { $0.hasSuffix("/events") }
    #expect(streams.count >= 6, "each page listens for the next version")

    // Ctrl-C: the preview stops, and the page says so.
    preview.program.signal(SIGINT)
    #expect(await preview.program.outcome(within: .seconds(60))?.status == 0)
    try await until("document.body.dataset.connection === 'lost'", in: browser)
    #expect(
      try await browser.evaluate("document.getElementById('live').textContent") as? String
        == "circles preview has stopped: reconnecting…")
  }

  @Test("with --check, frames that differ from their goldens are marked and their diff shown")
  func check() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script(fill: "gold"), to: "s.circles")
    let record = try await Executable.run(["check", "s.circles", "--record"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    let preview = try await RunningPreview.start(["s.circles", "--check"], in: folder.url)
    defer { preview.program.signal(SIGKILL) }
    #expect(preview.lines.last == "page 1: 3 states; check: 3 frames, each matching its golden")
    let browser = try await HeadlessChromium()
    try await browser.open(preview.address)
    try await until(Self.shows(version: 1, frame: 2), in: browser)
    #expect(
      try await browser.evaluate("document.getElementById('check').textContent") as? String
        == "check: 3 frames, each matching its golden")
    #expect(
      try await browser.evaluate("document.querySelectorAll('[data-check]').length") as? Int == 0)
    #expect(
      try await browser.evaluate("document.getElementById('check-frame').hidden") as? Bool == true)

    try folder.save(Self.script(fill: "tomato"), to: "s.circles")
    try await until(Self.shows(version: 2, frame: 2), in: browser)
    #expect(
      try await browser.evaluate("document.getElementById('check').textContent") as? String
        == "check: 2 of 3 frames fail their goldens")
    #expect(
      try await browser.evaluate(
        "[...document.querySelectorAll('#timeline li')].map(r => r.dataset.check ?? '').join()")
        as? String == ",failed,failed")
    try await until(
      "!document.getElementById('check-frame').hidden && document.querySelector('#check-frame img')"
        + ".complete && document.querySelector('#check-frame img').naturalWidth > 3 * 60",
      in: browser)
    let message =
      try await browser.evaluate(
        "document.querySelector('#check-frame p').textContent") as? String
    #expect(
      message?.hasPrefix("frame 0002-move-sun differs from its golden: ") == true,
      "\(message ?? "")")
    try await browser.press("Home")
    try await until(Self.shows(version: 2, frame: 0), in: browser)
    #expect(
      try await browser.evaluate("document.getElementById('check-frame').hidden") as? Bool == true)
    #expect(browser.exceptions == [])
    #expect(folder.files(in: "__snapshots__/s").count == 3, "nothing recorded")
  }
}
