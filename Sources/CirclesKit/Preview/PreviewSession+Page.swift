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
  /// stream is, `lost` when it is not (the badge in the header says so).
  static func liveScript(version: Int) -> String {
    """
    (() => {
    'use strict';
    const VERSION = \(version), body = document.body, scrub = document.getElementById('scrub');
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
    })();
    """
  }
}
