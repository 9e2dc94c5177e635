import CircleEngine
import CircleRender
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// The viewer's page in a real browser: Debian's Chromium without a window, driven through the
/// DevTools protocol with real key presses and clicks.
///
/// Chromium is installed by `scripts/ensure-deps --test` (which the first test runs when it is
/// missing); where it cannot be, the tests fail saying so.
@Suite("circles view in Chromium", .serialized)
struct ViewerBrowserTests {
  static let script = """
    canvas 60x40 background #202030
    add sun at 15,15 radius 8 fill gold
    add moon at 45,20 radius 6 fill #ccccdd opacity 0.7
    group "Stars" {
      add at 5,35 radius 2 fill white
      add at 55,5 radius 2 fill white
    }
    move moon by -10,5
    undo 2
    redo
    set sun fill tomato
    limit 2
    clear
    undo
    move sun by 0,0

    """

  /// FNV-1a over the straight RGBA bytes of the page's picture, as the page holds it.
  static let pictureHash = """
    (() => {
      const c = document.getElementById('picture');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let h = 0x811c9dc5;
      for (let i = 0; i < d.length; i++) { h ^= d[i]; h = Math.imul(h, 0x01000193) >>> 0; }
      return h;
    })()
    """

  /// The same hash of a PNG frame as `circles run` wrote it.
  static func hash(_ image: PixelImage) -> Int {
    var hash: UInt32 = 0x811c_9dc5
    for y in 0..<image.height {
      for x in 0..<image.width {
        let colour = image.colour(atX: x, y: y)
        for byte in [colour.red, colour.green, colour.blue, colour.alpha] {
          hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
      }
    }
    return Int(hash)
  }

  /// What the page shows now: the frame, the painted frame, the status, the highlighted line,
  /// whether the outline shows, and the two stacks' items.
  static let shown = """
    JSON.stringify({
      frame: document.body.dataset.frame, painted: document.body.dataset.painted,
      status: document.getElementById('status').textContent,
      line: [...document.querySelectorAll('#source li.current')].map(l => l.id).join(),
      outline: !document.getElementById('outline').hidden,
      undo: [...document.querySelectorAll('#undo li:not(.empty)')].map(l => l.textContent),
      redo: [...document.querySelectorAll('#redo li:not(.empty)')].map(l => l.textContent),
      slider: document.getElementById('scrub').value,
    })
    """

  struct Shown: Decodable, Equatable {
    var frame: String
    var painted: String
    var status: String
    var line: String
    var outline: Bool
    var undo: [String]
    var redo: [String]
    var slider: String
  }

  func shown(in browser: HeadlessChromium, frame: Int) async throws -> Shown {
    try await browser.wait(until: "document.body.dataset.painted === '\(frame)'")
    let text = try #require(try await browser.evaluate(Self.shown) as? String)
    return try JSONDecoder().decode(Shown.self, from: Data(text.utf8))
  }

  @Test(
    "every state is reachable with the keys, each with its picture, line, outline and Edit menu")
  func stepsThroughEveryState() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let view = try await Executable.run(["view", "scene.circles"], in: folder.url)
    #expect(view.status == 0, "\(view)")
    let run = try await Executable.run(["run", "scene.circles", "-o", "frames"], in: folder.url)
    #expect(run.status == 0, "\(run)")
    let history = try HistoryViewer.record(
      ScriptSource(bytes: Array(Self.script.utf8), fileName: "scene.circles"))
    let frames = history.frames
    #expect(frames.count == 11)
    let last = frames.count - 1

    let browser = try await HeadlessChromium()
    let page = folder.url.appendingPathComponent("scene-history.html")
    try await browser.open(page)
    // The page opens at the last state.
    #expect(try await shown(in: browser, frame: last).frame == "\(last)")
    let rows = try await browser.evaluate(
      "[...document.querySelectorAll('#timeline li')].map(r => r.dataset.frame + ' ' + "
        + "r.className.split(' ')[0] + ' ' + r.querySelector('.action').textContent).join('\\n')")
    #expect(
      rows as? String
        == frames.map { "\($0.number) \($0.direction.rawValue) \($0.action)" }.joined(
          separator: "\n"))

    try await browser.press("Home")
    for frame in frames {
      if frame.number > 0 { try await browser.press("ArrowRight") }
      let state = try await shown(in: browser, frame: frame.number)
      let menu = history.menus.menu(at: frame.number)
      let expected = Shown(
        frame: "\(frame.number)", painted: "\(frame.number)",
        status: "\(frame.name) · \(frame.action)"
          + (frame.number == 0 ? "" : " · line \(frame.range.start.line)"),
        line: frame.number == 0 ? "" : "L\(frame.range.start.line)",
        outline: frame.changed != nil, undo: menu.undoTitles, redo: menu.redoTitles,
        slider: "\(frame.number)")
      #expect(state == expected)
      let png = try PNGCodec.decode(
        Data(contentsOf: folder.url.appendingPathComponent("frames/\(frame.name).png")))
      #expect(
        try await browser.evaluate(Self.pictureHash) as? Int == Self.hash(png),
        "the picture of \(frame.name) differs from its frame")
    }
    // At the end → stays; ← steps back; End and Home jump; Page Up steps by ten.
    try await browser.press("ArrowRight")
    #expect(try await shown(in: browser, frame: last).frame == "\(last)")
    try await browser.press("ArrowLeft")
    #expect(try await shown(in: browser, frame: last - 1).frame == "\(last - 1)")
    try await browser.press("PageUp")
    #expect(try await shown(in: browser, frame: 0).frame == "0")
    try await browser.press("PageDown")
    #expect(try await shown(in: browser, frame: last).frame == "\(last)")
    try await browser.press("Home")
    #expect(try await shown(in: browser, frame: 0).frame == "0")
    try await browser.press("End")
    #expect(try await shown(in: browser, frame: last).frame == "\(last)")

    // A click on a row of the timeline selects its state.
    let point = try #require(
      try await browser.evaluate(
        """
        (() => { const r = document.querySelector('#timeline li[data-frame="4"]');
          r.scrollIntoView({ block: 'center' }); const b = r.getBoundingClientRect();
          return [b.left + b.width / 2, b.top + b.height / 2]; })()
        """) as? [Double])
    try await browser.click(x: point[0], y: point[1])
    #expect(try await shown(in: browser, frame: 4).frame == "4")
    let fourth = folder.url.appendingPathComponent("frames/\(frames[4].name).png")
    #expect(
      try await browser.evaluate(Self.pictureHash) as? Int
        == Self.hash(PNGCodec.decode(Data(contentsOf: fourth))))

    // Thumbnails are drawn for the rows in view.
    try await browser.wait(
      until: "document.querySelectorAll('#timeline .thumb canvas').length === \(frames.count)")
    #expect(browser.exceptions == [])
    // The page's own request is seen, so a request elsewhere would be too.
    #expect(browser.requestedURLs.first == page.absoluteString)
    let external = browser.requestedURLs.filter {
      !$0.hasPrefix("data:") && $0 != page.absoluteString
    }
    #expect(external == [], "the page asked for \(external)")
  }

  @Test("text from the script shows as text: no markup, no script, no request")
  func hostileText() async throws {
    let folder = try TemporaryFolder()
    let name = "</script><img src=http://127.0.0.1:9/x.png onerror=alert(2)>"
    try folder.write(
      """
      // <img src="http://127.0.0.1:9/y.png"> </script><script>alert(1)</script><!--
      group "\(name)" {
        add at 5,5 r 2
      }
      undo

      """, to: "evil.circles")
    let view = try await Executable.run(
      ["view", "evil.circles", "-o", "evil.html"], in: folder.url)
    #expect(view.status == 0, "\(view)")
    let browser = try await HeadlessChromium()
    let page = folder.url.appendingPathComponent("evil.html")
    try await browser.open(page)
    try await browser.wait(until: "document.body.dataset.painted === '2'")
    #expect(
      try await browser.evaluate("document.querySelectorAll('img, iframe').length") as? Int == 0)
    #expect(try await browser.evaluate("document.scripts.length") as? Int == 2)
    let actions = try await browser.evaluate(
      "[...document.querySelectorAll('#timeline .action')].map(a => a.textContent)")
    #expect(actions as? [String] == ["start", name, "Undo \(name)"])
    #expect(
      try await browser.evaluate("document.getElementById('L1').textContent") as? String
        == #"// <img src="http://127.0.0.1:9/y.png"> </script><script>alert(1)</script><!--"#)
    #expect(browser.exceptions == [])
    #expect(browser.requestedURLs.filter { !$0.hasPrefix("data:") } == [page.absoluteString])
  }

  @Test("a long line's error keeps its caret under the fault: the box scrolls, never wraps")
  func longErrorLine() async throws {
    let folder = try TemporaryFolder()
    let id = "a_circle_with_a_name_long_enough_to_run_past_the_side_of_the_box"
    try folder.write(
      """
      add \(id) at 10,10 radius 5
      set \(id) fill tomato stroke navy width 3 opacity 0.5 at 20,20 radius (1 / 0)

      """, to: "long.circles")
    let view = try await Executable.run(["view", "long.circles", "-o", "long.html"], in: folder.url)
    #expect(view.status == 2, "\(view)")
    let browser = try await HeadlessChromium()
    try await browser.open(folder.url.appendingPathComponent("long.html"))
    try await browser.wait(until: "document.querySelector('.diagnostic') !== null")
    // The x of the faulty character in the source line and of the caret below it, and how
    // many boxes the source line is laid out in (more than one when it wraps).
    let measured = try await browser.evaluate(
      """
      (() => {
        const pre = document.querySelector('.diagnostic');
        const node = pre.firstChild, text = node.textContent, lines = text.split('\\n');
        const start = lines[0].length + 1, caret = start + lines[1].length + 1;
        const column = lines[2].indexOf('^');
        const box = (from, to) => { const r = document.createRange();
          r.setStart(node, from); r.setEnd(node, to); return r; };
        return [box(start + column, start + column + 1).getBoundingClientRect().left,
          box(caret + column, caret + column + 1).getBoundingClientRect().left,
          box(start, start + lines[1].length).getClientRects().length,
          pre.scrollWidth > pre.clientWidth, column];
      })()
      """) as? [Any]
    let values = try #require(measured, "\(String(describing: measured))")
    let (fault, caret) = (values[0] as? Double ?? -1, values[1] as? Double ?? -2)
    #expect(abs(fault - caret) < 0.5, "\(values)")
    #expect(values[2] as? Int == 1, "the source line is laid out on one line: \(values)")
    #expect(values[3] as? Bool == true, "the line is wider than the box, which scrolls")
    #expect((values[4] as? Int ?? 0) > 100, "\(values)")
  }

  /// 3000 circles added, 1000 undone, 999 redone: 5000 states.
  static let longScript: String = {
    var random = SeededGenerator(seed: 5)
    var lines = ["canvas 200x150 background #101820"]
    for number in 0..<3000 {
      let x = Int.random(in: 0...200, using: &random)
      let y = Int.random(in: 0...150, using: &random)
      let radius = Int.random(in: 2...12, using: &random)
      let colour = String(Int.random(in: 0...0xFFFFFF, using: &random), radix: 16)
      let fill = String(repeating: "0", count: 6 - colour.count) + colour
      lines.append("add c\(number) at \(x),\(y) radius \(radius) fill #\(fill)")
    }
    lines += Array(repeating: "undo", count: 1000) + Array(repeating: "redo", count: 999)
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test("5000 states: every one is in the timeline, thumbnails are drawn as rows come into view")
  func longHistory() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.longScript, to: "long.circles")
    let view = try await Executable.run(["view", "long.circles"], in: folder.url)
    #expect(view.stdout == "history of 5000 states written to long-history.html\n", "\(view)")
    let page = folder.url.appendingPathComponent("long-history.html")
    // Pictures of the changed rectangles keep the page to a few megabytes (the 5000 PNG frames
    // of such a history take some 160).
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int)
    #expect(size < 7_000_000, "\(size) bytes")
    let frames = try ScriptFrames.of(Self.longScript, fileName: "long.circles")
    let browser = try await HeadlessChromium()
    try await browser.open(page)
    try await browser.wait(until: "document.body.dataset.painted === '4999'")
    #expect(
      try await browser.evaluate("document.querySelectorAll('#timeline li').length") as? Int == 5000
    )
    // Only the rows in view (and a little beyond) have thumbnails.
    try await browser.wait(until: "document.querySelectorAll('#timeline .thumb canvas').length > 0")
    let drawn = try await browser.evaluate(
      "document.querySelectorAll('#timeline .thumb canvas').length")
    #expect((drawn as? Int ?? 0) < 100, "\(String(describing: drawn)) thumbnails")
    #expect(
      try await browser.evaluate(
        "!!document.querySelector('#timeline li[data-frame=\"4999\"] canvas')")
        as? Bool == true)
    // Keys and the slider reach states far apart, each with its own picture.
    func check(_ number: Int) async throws {
      try await browser.wait(until: "document.body.dataset.painted === '\(number)'")
      #expect(
        try await browser.evaluate(Self.pictureHash) as? Int
          == Self.hash(try Renderer.render(frames[number].state)), "state \(number)")
    }
    try await browser.press("Home")
    try await check(0)
    for _ in 0..<3 { try await browser.press("PageDown") }
    try await check(30)
    try await browser.press("ArrowRight")
    try await check(31)
    for number in [2999, 3500, 1234, 4998] {
      try await browser.evaluate(
        "(s => { s.value = \(number); s.dispatchEvent(new Event('input')); })"
          + "(document.getElementById('scrub'))")
      try await check(number)
    }
    try await browser.press("End")
    try await check(4999)
    #expect(browser.exceptions == [])
  }
}
