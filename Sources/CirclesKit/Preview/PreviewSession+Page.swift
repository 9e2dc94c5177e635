import CircleSnapshot
import Foundation

extension PreviewSession {
  /// The viewer's policy, and the page's own server for its event stream: nothing else loads.
  static let policy =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'"

  /// The script added to the viewer's page: it listens to the server's events and, when a
  /// version other than its own is announced, loads the page again, keeping the state shown
  /// (the address's `#<frame>`, which the viewer keeps and clamps to the new history) or, when
  /// the last state was shown, showing the new last one.
  ///
  /// The body's `data-version` holds the page's version; `data-connection` is `open` while the
  /// stream is, `lost` when it is not (the badge in the header says so). With a check, the
  /// header says how it went, the timeline's rows of frames that did not pass are marked, and a
  /// panel under the picture shows the selected frame's message and its golden, differences
  /// and actual image.
  static func liveScript(version: Int, check: PreviewCheckResult? = nil) -> String {
    let checkData =
      check.flatMap { try? JSONEncoder().encode($0) }.map {
        Markup.scriptData(String(decoding: $0, as: UTF8.self))
      } ?? "null"
    return """
      (() => {
      'use strict';
      const VERSION = \(version), CHECK = \(checkData);
      const body = document.body, scrub = document.getElementById('scrub');
      body.dataset.version = VERSION;
      const badge = document.createElement('p');
      badge.id = 'live';
      badge.setAttribute('aria-live', 'polite');
      badge.style.cssText = 'margin:0 0 0 auto;font-size:12px;padding:.1em .6em;border-radius:1em';
      const show = (state, text, colour, background) => {
        body.dataset.connection = state;
        badge.textContent = text;
        badge.style.color = colour;
        badge.style.background = background;
      };
      show('connecting', 'connecting…', '#555', '#eee');
      document.querySelector('header').append(badge);
      const events = new EventSource('\(PreviewRoute.eventsPath)');
      events.onopen = () => show('open', '● live', '#1a7f37', '#dcf5e3');
      events.onerror = () => show('lost', 'circles preview has stopped: reconnecting…', '#b71c1c',
        '#fde0e0');
      events.addEventListener('version', event => {
        show('open', '● live', '#1a7f37', '#dcf5e3');
        if (Number(event.data) === VERSION) return;
        events.close();
        if (body.dataset.frame === undefined || body.dataset.frame === scrub.max) {
          history.replaceState(null, '', location.pathname);
        }
        location.reload();
      });
      if (!CHECK) return;
      const summary = document.createElement('p');
      summary.id = 'check';
      summary.textContent = CHECK.summary;
      summary.style.cssText = 'margin:0;font-weight:600;color:' + (CHECK.failed ? '#b71c1c' : '#1a7f37');
      badge.before(summary);
      const COLOURS = { failed: '#fde0e0', missing: '#fff1b8', moved: '#e3ecfa' };
      const marks = new Map(CHECK.marks.map(mark => [mark.frame, mark]));
      const rows = document.getElementById('timeline').children;
      for (const [frame, mark] of marks) {
        const row = rows[frame];
        if (!row) continue;
        row.dataset.check = mark.status;
        row.title = mark.message;
        row.style.background = COLOURS[mark.status] || '';
      }
      const panel = document.createElement('div');
      panel.id = 'check-frame';
      panel.style.cssText = 'width:100%;margin:0 0 .6em;font:12px/1.4 ui-monospace,monospace';
      const message = document.createElement('p'), image = document.createElement('img');
      message.style.cssText = 'margin:0 0 .3em;white-space:pre-wrap;color:#b71c1c';
      image.alt = 'golden, differences and actual picture';
      image.style.cssText = 'max-width:100%;image-rendering:pixelated;border:1px solid #ddd';
      panel.append(message, image);
      document.querySelector('.controls').after(panel);
      const showMark = () => {
        const mark = marks.get(Number(body.dataset.frame));
        panel.hidden = !mark;
        if (!mark) return;
        message.textContent = mark.message;
        image.hidden = !mark.diff;
        if (mark.diff) image.src = 'data:image/png;base64,' + mark.diff;
      };
      new MutationObserver(showMark).observe(body, { attributes: true, attributeFilter: ['data-frame'] });
      showMark();
      })();
      """
  }
}
