import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// `circles compare` on real screenshots: Debian's Chromium without a window takes two sets of
/// screenshots of small pages, the second with one element moved, and compare must find that
/// page alone changed, and pass it when the element's area is ignored.
///
/// Chromium is installed by `scripts/ensure-deps --test`; where it cannot be, the test fails
/// saying so.
@Suite("circles compare on Chromium screenshots", .serialized)
struct CompareScreenshotTests {
  /// A page with a title, a few boxes and a badge at `badgeLeft`.
  static func page(title: String, badgeLeft: Int) -> String {
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><style>
    body { margin: 0; background: #f4f4f8; font: 16px sans-serif; }
    h1 { margin: 0; padding: 12px 16px; background: #24292f; color: white; font-size: 20px; }
    .card { position: absolute; top: 70px; width: 100px; height: 60px; background: #d0e0ff;
      border: 2px solid #5577aa; }
    #badge { position: absolute; top: 170px; left: \(badgeLeft)px; width: 80px; height: 30px;
      background: #e8590c; color: white; text-align: center; line-height: 30px; }
    </style></head><body>
    <h1>\(title)</h1>
    <div class="card" style="left: 16px">one</div>
    <div class="card" style="left: 140px">two</div>
    <div class="card" style="left: 264px">three</div>
    <div id="badge">new!</div>
    </body></html>
    """
  }

  /// The badge's rectangle in CSS pixels, as `x,y,w,h`, rounded outwards.
  static let badgeRect = """
    (() => {
      const r = document.getElementById('badge').getBoundingClientRect();
      const x = Math.floor(r.left), y = Math.floor(r.top);
      return [x, y, Math.ceil(r.right) - x, Math.ceil(r.bottom) - y].join(',');
    })()
    """

  @Test(
    "one moved element: exactly its page changes, and ignoring its area passes",
    .timeLimit(.minutes(5)))
  func movedElement() async throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(Self.page(title: "Home", badgeLeft: 40), to: "site/home.html")
    _ = try folder.write(Self.page(title: "Home", badgeLeft: 200), to: "site/home-moved.html")
    _ = try folder.write(Self.page(title: "About", badgeLeft: 120), to: "site/about.html")
    for set in ["expected", "actual"] {
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("\(set)/pages"), withIntermediateDirectories: true)
    }
    let browser = try await HeadlessChromium(width: 640, height: 480)
    var badges: [String] = []
    let shots = [
      ("home.html", "expected/pages/home.png"), ("about.html", "expected/pages/about.png"),
      ("home-moved.html", "actual/pages/home.png"), ("about.html", "actual/pages/about.png"),
    ]
    for (page, target) in shots {
      try await browser.open(folder.url.appendingPathComponent("site/\(page)"))
      if page.hasPrefix("home") {
        badges.append(try await browser.evaluate(Self.badgeRect) as? String ?? "")
      }
      try await browser.screenshot().write(to: folder.url.appendingPathComponent(target))
    }
    // The screenshots are of the page's viewport, which holds the whole badge.
    let header = try PNGHeader(
      Data(contentsOf: folder.url.appendingPathComponent("actual/pages/home.png")))
    let viewport = try await browser.evaluate("innerWidth + 'x' + innerHeight") as? String
    #expect("\(header.width)x\(header.height)" == viewport)
    #expect(header.height >= 200 && header.width >= 300, "\(header)")
    #expect(badges == ["40,170,80,30", "200,170,80,30"])

    let compared = try await Executable.run(
      ["compare", "expected", "actual", "--json"], in: folder.url)
    #expect(compared.status == 1, "\(compared)")
    let frames = try Self.frames(compared.stdout)
    #expect(
      frames.map { "\($0["path"]!) \($0["change"]!)" } == [
        "pages/about.png passed", "pages/home.png changed",
      ])
    let home = frames[1]
    // Every differing pixel lies where the badge was or now is.
    let regions = badges.map { $0.split(separator: ",").compactMap { Int($0) } }
    let bounds = try #require(home["differenceBounds"] as? [String: Int])
    let left = regions.map { $0[0] }.min()!
    let top = regions.map { $0[1] }.min()!
    let right = regions.map { $0[0] + $0[2] }.max()!
    let bottom = regions.map { $0[1] + $0[3] }.max()!
    #expect(bounds["x"]! >= left && bounds["y"]! >= top, "\(bounds) \(badges)")
    #expect(bounds["x"]! + bounds["width"]! <= right && bounds["y"]! + bounds["height"]! <= bottom)
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent(".circles-artifacts/actual/pages/home.diff.png")
          .path))

    // Ignoring where the badge was and where it is now makes the folders agree.
    let ignoring = try await Executable.run(
      ["compare", "expected", "actual", "--ignore", badges[0], "--ignore", badges[1]],
      in: folder.url)
    #expect(ignoring.status == 0, "\(ignoring)")
    #expect(ignoring.stdout.hasSuffix("compared 2 images: 2 passed\n"), "\(ignoring)")
    // Ignoring only its old place does not.
    let half = try await Executable.run(
      ["compare", "expected", "actual", "--ignore", badges[0]], in: folder.url)
    #expect(half.status == 1, "\(half)")
  }

  static func frames(_ json: String) throws -> [[String: Any]] {
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let comparisons = try #require(document?["comparisons"] as? [[String: Any]])
    return try #require(comparisons.first?["images"] as? [[String: Any]])
  }
}
