import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// Builds the viewer's HTML: the script, the picture with its controls, the Edit menu and the
/// timeline as markup, and the history as JSON data that the page's script draws from.
struct ViewerPage {
  let history: ViewerHistory
  /// The page's Content-Security-Policy: `policy`, or one that also lets a served page reach
  /// its own server (`circles preview`).
  var contentPolicy = ViewerPage.policy
  /// Script run after the viewer's, if any (`circles preview` keeps the page up to date).
  var extraScript: String?

  /// Nothing may load from elsewhere: pictures are `data:` URLs, style and script are inline.
  static let policy =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    + "base-uri 'none'; form-action 'none'"

  /// The numbers stored for each frame in the data (see `frameNumbers`).
  static let numbersPerFrame = 15

  var html: String {
    let name = history.source.fileName
    var html = Markup.pageHead(
      title: "\(name) — circles view", style: Self.style, policy: contentPolicy)
    let count = history.frames.count
    html += """
      <header><h1>\(Markup.escape(name))</h1>
      <p id="status" aria-live="polite"></p></header>
      <main>
      <section class="script" aria-label="script"><h2>Script</h2>
      <ol id="source">\(sourceLines)</ol>\(diagnostic)</section>
      <section class="stage" aria-label="picture">
      <div class="frame"><canvas id="picture" width="\(history.pixelWidth)" \
      height="\(history.pixelHeight)"></canvas><div id="outline" hidden></div></div>
      <div class="controls">
      <button type="button" id="first" title="first state (Home)">|◀</button>
      <button type="button" id="previous" title="previous state (←)">◀</button>
      <input type="range" id="scrub" min="0" max="\(max(0, count - 1))" value="0" \
      aria-label="state">
      <button type="button" id="next" title="next state (→)">▶</button>
      <button type="button" id="last" title="last state (End)">▶|</button>
      <output id="position"></output></div>
      <section class="menu" aria-label="Edit menu"><h2>Edit menu</h2>
      <div class="stacks"><div><h3 id="undo-heading">Undo</h3><ol id="undo"></ol></div>
      <div><h3 id="redo-heading">Redo</h3><ol id="redo"></ol></div></div></section>
      </section>
      <section class="timeline" aria-label="timeline"><h2>Timeline \
      <small>\(Plural.count(count, "state"))</small></h2>
      <ol id="timeline"></ol></section>
      </main>
      <script type="application/json" id="history">\(Markup.scriptData(data))</script>
      <script>\(Self.script)</script>\(extraScript.map { "\n<script>\($0)</script>" } ?? "")
      </body>
      </html>

      """
    return html
  }

  /// One item per line of the script, numbered by the list, `L<n>` as its id.
  private var sourceLines: String {
    let text = String(decoding: history.source.bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
    let failureLine = history.failure.map { $0.diagnostic.range.start.line }
    var html = ""
    for (index, line) in lines.enumerated() {
      let number = index + 1
      let error = number == failureLine ? " class=\"error\"" : ""
      html += "\n<li id=\"L\(number)\"\(error)><code>\(Markup.escape(String(line)))</code></li>"
    }
    return html + "\n"
  }

  /// The diagnostic of the failure that stopped the script, as the command line prints it.
  private var diagnostic: String {
    guard let failure = history.failure else { return "" }
    let printer = DiagnosticPrinter(colour: false)
    let text = failure.diagnostics.map { printer.render($0, source: history.source.bytes) }
      .joined()
    return "\n<pre class=\"diagnostic\" role=\"alert\">\(Markup.escape(text))</pre>"
  }

  /// The history as JSON: the picture size, the frames' names and actions, their numbers (see
  /// `frameNumbers`), the PNG files as base64 and the Edit menus' titles and entries.
  private var data: String {
    var pictures: [String] = []
    for frame in history.frames {
      if let png = frame.picture.png { pictures.append(png.base64EncodedString()) }
    }
    let menus = history.menus
    let payload = Payload(
      width: history.pixelWidth, height: history.pixelHeight,
      names: history.frames.map(\.name), actions: history.frames.map(\.action),
      frames: frameNumbers, pictures: pictures, titles: menus.titles,
      entries: menus.entries.flatMap { [$0.title, $0.below ?? -1] })
    let encoder = JSONEncoder()
    let json = (try? encoder.encode(payload)) ?? Data("{}".utf8)
    return String(decoding: json, as: UTF8.self)
  }

  private struct Payload: Encodable {
    var width: Int
    var height: Int
    var names: [String]
    var actions: [String]
    var frames: [Int]
    var pictures: [String]
    var titles: [String]
    var entries: [Int]
  }

  /// `numbersPerFrame` numbers for each frame, one after another: the direction (0 start,
  /// 1 change, 2 undo, 3 redo), the command's line (0 for none), the changed rectangle (x, y,
  /// width, height; all 0 for none), the picture (0 the same as before, 1 whole, 2 a
  /// rectangle) and its rectangle, then the undo stack's top entry (-1 for none) and length,
  /// and the redo stack's.
  private var frameNumbers: [Int] {
    var numbers: [Int] = []
    numbers.reserveCapacity(history.frames.count * Self.numbersPerFrame)
    let whole = [0, 0, history.pixelWidth, history.pixelHeight]
    for (index, frame) in history.frames.enumerated() {
      let direction: Int =
        switch frame.direction {
        case .start: 0
        case .change: 1
        case .undo: 2
        case .redo: 3
        }
      numbers += [direction, frame.direction == .start ? 0 : frame.range.start.line]
      numbers +=
        frame.changed.map { [$0.minX, $0.minY, $0.maxX - $0.minX, $0.maxY - $0.minY] }
        ?? [0, 0, 0, 0]
      switch frame.picture {
      case .same: numbers += [0, 0, 0, 0, 0]
      case .whole: numbers += [1] + whole
      case .patch(let rect, _):
        numbers += [2, rect.minX, rect.minY, rect.maxX - rect.minX, rect.maxY - rect.minY]
      }
      let undo = history.menus.undoStacks[index]
      let redo = history.menus.redoStacks[index]
      numbers += [undo.top ?? -1, undo.count, redo.top ?? -1, redo.count]
    }
    return numbers
  }
}
