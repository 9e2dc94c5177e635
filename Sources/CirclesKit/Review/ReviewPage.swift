import CircleRender
import CircleSnapshot
import Foundation

/// The page of `circles review`: every image waiting for a decision, grouped by script, each
/// with its golden, differences and actual picture (side by side, a slider, or an onion skin),
/// its scene's changes in words, the frames around it, and buttons to accept or reject it.
///
/// Its style and script are in the page, its pictures served by the review's server
/// (``ReviewImages``), and a policy lets it load nothing else and talk to its own server only. The keys are those of
/// review tools: `j` and `k` for the next and previous image, `a` to accept, `r` to reject,
/// `v` for the next view; every control is a button, reachable with Tab.
struct ReviewPage {
  var items: [ReviewItem]
  var problems: [ScriptCheckResult]
  var summary: String
  /// Whether every frame passes now.
  var passes: Bool
  var version: Int
  var token: String
  /// The address of a picture (`/images/3.png`).
  var source: (Data) -> String

  static let policy =
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'"

  var html: String {
    var html = Markup.pageHead(title: "circles review", style: Self.style, policy: Self.policy)
    html += """
      <header><h1>circles review</h1>
      <p id="summary" class="\(passes ? "ok" : "bad")">\(Markup.escape(summary))\
      \(passes ? " — every frame passes" : "")</p>
      <p id="live" aria-live="polite">connecting…</p></header>
      <p class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous · <kbd>a</kbd> accept · \
      <kbd>r</kbd> reject · <kbd>v</kbd> side by side, slider, onion skin</p>
      <p id="status" role="status" aria-live="polite"></p>
      <main>

      """
    for problem in problems {
      html += "<section class=\"script\"><h2>\(Markup.escape(problem.displayPath))</h2>\n"
      for diagnostic in problem.diagnostics {
        html += "<pre class=\"diagnostic\">\(Markup.escape(diagnostic.text))</pre>\n"
      }
      html += "</section>\n"
    }
    var section: Int?
    for (index, item) in items.enumerated() {
      if item.script != section {
        if section != nil { html += "</section>\n" }
        section = item.script
        html += "<section class=\"script\"><h2>\(Markup.escape(item.scriptName))</h2>\n"
      }
      html += article(item, number: index)
    }
    if section != nil { html += "</section>\n" }
    if items.isEmpty && problems.isEmpty {
      html += "<p class=\"empty\">Nothing to review: every frame matches its golden.</p>\n"
    }
    html += "</main>\n<script>\n\(pageScript)\n</script>\n"
    html += "</body>\n</html>\n"
    return html
  }

  private func image(_ data: Data?, alt: String, className: String = "") -> String {
    guard let data, PNGChunkWalk.hasSignature(data), data.count >= 24 else {
      return "<p class=\"none\">(\(Markup.escape(alt)): none)</p>"
    }
    // The header's size, so that the page is laid out before its pictures load.
    let bytes = [UInt8](data.prefix(24))
    func number(at offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    return "<img class=\"\(className)\" alt=\"\(Markup.escape(alt))\" loading=\"lazy\" "
      + "width=\"\(number(at: 16))\" height=\"\(number(at: 20))\" "
      + "src=\"\(Markup.escape(source(data)))\">"
  }

  private func article(_ item: ReviewItem, number: Int) -> String {
    let decision = item.decision?.rawValue ?? ""
    var html = """
      <article class="item \(item.status.rawValue)" id="item-\(number)" tabindex="-1" \
      data-id="\(Markup.escape(item.id))" data-status="\(item.status.rawValue)" \
      data-decision="\(decision)">
      <h3><span class="badge \(item.status.rawValue)">\(Self.label(item.status))</span> \
      \(Markup.escape(item.name))\
      \(item.decision.map { " <span class=\"decided \($0.rawValue)\">\($0.rawValue)</span>" } ?? "")\
      </h3>

      """
    if let location = item.location {
      html += "<p class=\"where\"><code>\(Markup.escape(item.scriptName)):\(location)</code>"
      if let line = item.sourceLine {
        html += " <code class=\"line\">\(Markup.escape(line))</code>"
      }
      html += "</p>\n"
    }
    html += "<p class=\"message\">\(Markup.escape(item.message))</p>\n"
    if !item.sceneDiff.isEmpty {
      html += "<ul class=\"scene\">"
      html += item.sceneDiff.map { "<li>\(Markup.escape($0))</li>" }.joined()
      html += "</ul>\n"
    }
    if let note = item.note { html += "<p class=\"note\">\(Markup.escape(note))</p>\n" }
    let both = item.golden != nil && item.actual != nil
    if both {
      html += """
        <div class="views" role="group" aria-label="view">\
        <button type="button" data-view="sides" aria-pressed="true">side by side</button>\
        <button type="button" data-view="slider" aria-pressed="false">slider</button>\
        <button type="button" data-view="onion" aria-pressed="false">onion skin</button></div>

        """
    }
    html += "<div class=\"compare\" data-view=\"sides\"><div class=\"sides\">"
    if item.status != .missing {
      html += "<figure>\(image(item.golden, alt: "golden"))<figcaption>golden</figcaption></figure>"
    }
    if item.diff != nil {
      html +=
        "<figure>\(image(item.diff, alt: "differences"))"
        + "<figcaption>differences</figcaption></figure>"
    }
    if item.status != .orphan {
      html += "<figure>\(image(item.actual, alt: "actual"))<figcaption>actual</figcaption></figure>"
    }
    html += "</div>"
    if both {
      html += """
        <div class="stack">\(image(item.golden, alt: "golden"))\
        \(image(item.actual, alt: "actual", className: "top"))</div>\
        <label class="mix">golden <input type="range" min="0" max="100" value="50" \
        aria-label="golden to actual"> actual</label>
        """
    }
    html += "</div>\n"
    if item.before != nil || item.after != nil {
      html += "<div class=\"context\">"
      for (word, neighbour) in [("before", item.before), ("after", item.after)] {
        guard let neighbour else { continue }
        html +=
          "<figure>\(image(neighbour.image, alt: "\(word): \(neighbour.name)"))"
          + "<figcaption>\(word): \(Markup.escape(neighbour.name))</figcaption></figure>"
      }
      html += "</div>\n"
    }
    let accepted = item.decision == .accepted
    html += """
      <p class="actions"><button type="button" class="accept"\(accepted ? " disabled" : "")>\
      Accept <kbd>a</kbd></button> <button type="button" class="reject"\
      \(accepted || item.decision == .rejected ? " disabled" : "")>Reject <kbd>r</kbd></button> \
      <span class="same">same as <code class="command">\(Markup.escape(item.acceptance.command))\
      </code></span></p>
      </article>

      """
    return html
  }

  static func label(_ status: FrameStatus) -> String {
    switch status {
    case .failed: "changed"
    case .missing: "new"
    case .moved: "moved"
    case .orphan: "orphan"
    default: status.rawValue
    }
  }

  static let style = """
    :root{color-scheme:light}
    body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#222;background:#f6f6f6}
    header{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:baseline;padding:.6em 1em;
    background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0;z-index:2}
    h1{font-size:18px;margin:0}#summary{margin:0;font-weight:600}.ok{color:#1a7f37}
    .bad{color:#b71c1c}#live{margin:0 0 0 auto;font-size:12px;padding:.1em .6em;
    border-radius:1em;background:#eee}.keys{margin:.5em 1em;color:#555;font-size:12px}
    kbd{font:11px ui-monospace,monospace;border:1px solid #bbb;border-bottom-width:2px;
    border-radius:3px;padding:0 .3em;background:#fff}#status{margin:0 1em;min-height:1.4em}
    main{padding:0 1em 3em}h2{font-size:15px;margin:1.5em 0 .5em;border-bottom:1px solid #ccc}
    .item{background:#fff;border:1px solid #ddd;border-left:5px solid #b71c1c;padding:.5em 1em;
    margin:.8em 0;outline:none}.item.missing{border-left-color:#c79100}
    .item.moved{border-left-color:#1565c0}.item.orphan{border-left-color:#777}
    .item.current{box-shadow:0 0 0 3px #6b8fd7}.item[data-decision=accepted]{opacity:.75;
    border-left-color:#1a7f37}h3{font-size:15px;margin:.2em 0;word-break:break-all}
    .badge,.decided{font-size:11px;text-transform:uppercase;padding:.1em .5em;border-radius:1em;
    background:#fde0e0;color:#b71c1c}.badge.missing{background:#fff1b8;color:#7a5b00}
    .badge.moved{background:#e3ecfa;color:#0d47a1}.badge.orphan{background:#eee;color:#444}
    .decided.accepted{background:#dcf5e3;color:#1a7f37}.decided.rejected{background:#333;color:#fff}
    .where,.message,.note{margin:.3em 0;word-break:break-word}.line{white-space:pre-wrap}
    code{font:12px ui-monospace,monospace;background:#f0f0f0;padding:0 .3em}
    .note{color:#7a5b00}.scene{margin:.3em 0;padding-left:1.2em;font:12px ui-monospace,monospace}
    .diagnostic{white-space:pre-wrap;background:#fff;border-left:5px solid #b71c1c;padding:.5em}
    .views button[aria-pressed=true]{background:#333;color:#fff}
    .sides,.context{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}
    figure{margin:.4em 0}figcaption{font-size:12px;color:#555}
    img{image-rendering:pixelated;max-width:100%;height:auto;border:1px solid #ccc;
    background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
    .context img{max-width:120px;max-height:90px}
    .compare .stack,.compare .mix{display:none}.compare[data-view=slider] .sides,
    .compare[data-view=onion] .sides{display:none}.compare[data-view=slider] .stack,
    .compare[data-view=onion] .stack{display:inline-block;position:relative}
    .compare[data-view=slider] .mix,.compare[data-view=onion] .mix{display:flex;gap:.5em;
    align-items:center;font-size:12px;max-width:30em}.mix input{flex:1}
    .stack .top{position:absolute;left:0;top:0}.actions{margin:.5em 0 .2em}
    .actions button{font:inherit;padding:.3em .9em;margin-right:.3em}.same{color:#555;
    font-size:12px;word-break:break-all}button{cursor:pointer}
    @media (max-width:600px){main{padding:0 .4em 2em}.item{padding:.4em .5em}}
    """

  private var pageScript: String {
    """
    (() => {
    'use strict';
    const VERSION = \(version), TOKEN = '\(token)';
    const body = document.body, live = document.getElementById('live');
    const status = document.getElementById('status');
    body.dataset.version = VERSION;
    const items = [...document.querySelectorAll('article.item')];
    const VIEWS = ['sides', 'slider', 'onion'];
    let current = -1;
    // A new version announced while a decision is on its way: the page reloads once the
    // decision's answer has chosen the frame to show.
    let missed = false;
    const open = item => item.dataset.decision === '';
    const select = (index, focus = true) => {
      if (index < 0 || index >= items.length) return;
      if (current >= 0) items[current].classList.remove('current');
      current = index;
      const item = items[index];
      item.classList.add('current');
      body.dataset.selected = item.dataset.id;
      history.replaceState(null, '', '#' + encodeURIComponent(item.dataset.id));
      if (focus) item.focus({ preventScroll: true });
      item.scrollIntoView({ block: 'nearest' });
    };
    const view = (item, name) => {
      const compare = item.querySelector('.compare');
      if (!item.querySelector('.views')) return;
      compare.dataset.view = name;
      for (const button of item.querySelectorAll('.views button')) {
        button.setAttribute('aria-pressed', String(button.dataset.view === name));
      }
      mix(item);
    };
    const mix = item => {
      const compare = item.querySelector('.compare'), top = item.querySelector('.stack .top');
      const range = item.querySelector('.mix input');
      if (!top || !range) return;
      const share = Number(range.value);
      top.style.opacity = compare.dataset.view === 'onion' ? share / 100 : 1;
      top.style.clipPath = compare.dataset.view === 'slider' ? `inset(0 0 0 ${100 - share}%)` : '';
    };
    const decide = async (index, kind) => {
      const item = items[index];
      if (!item || body.dataset.busy === '1') return;
      const button = item.querySelector('.' + kind);
      if (button.disabled) return;
      body.dataset.busy = '1';
      status.textContent = (kind === 'accept' ? 'accepting ' : 'rejecting ') + item.dataset.id + '…';
      try {
        const response = await fetch('/' + kind + '?frame=' + encodeURIComponent(item.dataset.id),
          { method: 'POST', headers: { '\(PreviewServer.tokenHeader)': TOKEN } });
        const text = (await response.text()).trim();
        status.textContent = text;
        if (!response.ok) {
          body.dataset.busy = '';
          if (missed) location.reload();
          return;
        }
        const next = items.slice(index + 1).find(open) ?? items.find((other, at) => at !== index && open(other));
        const chosen = next ?? item;
        history.replaceState(null, '', '#' + encodeURIComponent(chosen.dataset.id));
        location.reload();
      } catch (error) {
        status.textContent = 'circles review has stopped: ' + error;
        body.dataset.busy = '';
        if (missed) location.reload();
      }
    };
    items.forEach((item, index) => {
      item.addEventListener('click', event => {
        if (current !== index) select(index, false);
        const button = event.target.closest('button');
        if (!button) return;
        if (button.classList.contains('accept')) decide(index, 'accept');
        else if (button.classList.contains('reject')) decide(index, 'reject');
        else if (button.dataset.view) view(item, button.dataset.view);
      });
      const range = item.querySelector('.mix input');
      if (range) range.addEventListener('input', () => mix(item));
    });
    document.addEventListener('keydown', event => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const item = items[current];
      switch (event.key) {
        case 'j': select(Math.min(current + 1, items.length - 1)); break;
        case 'k': select(Math.max(current - 1, 0)); break;
        case 'a': if (item) decide(current, 'accept'); break;
        case 'r': if (item) decide(current, 'reject'); break;
        case 'v':
          if (item && item.querySelector('.views')) {
            const now = VIEWS.indexOf(item.querySelector('.compare').dataset.view);
            view(item, VIEWS[(now + 1) % VIEWS.length]);
          }
          break;
        default: return;
      }
      event.preventDefault();
    });
    // Small pictures are shown magnified by a whole factor, at least 240 pixels wide.
    for (const image of document.querySelectorAll('.sides img, .stack img')) {
      const scale = () => {
        const factor = Math.floor(240 / image.naturalWidth);
        if (factor > 1) image.style.width = image.naturalWidth * factor + 'px';
      };
      if (image.complete) scale(); else image.addEventListener('load', scale);
    }
    // When every picture has loaded: for the benchmark of a save to its page (BENCHMARKS.md).
    addEventListener('load', () => { body.dataset.ready = performance.now(); });
    const wanted = decodeURIComponent(location.hash.slice(1));
    const start = items.findIndex(item => item.dataset.id === wanted);
    select(start >= 0 ? start : Math.max(0, items.findIndex(open)));
    const show = (state, text) => { body.dataset.connection = state; live.textContent = text; };
    const events = new EventSource('\(PreviewRoute.eventsPath)');
    events.onopen = () => show('open', '● live');
    events.onerror = () => show('lost', 'circles review has stopped: reconnecting…');
    events.addEventListener('version', event => {
      show('open', '● live');
      if (Number(event.data) === VERSION) return;
      if (body.dataset.busy === '1') { missed = true; return; }
      events.close();
      location.reload();
    });
    })();
    """
  }
}
