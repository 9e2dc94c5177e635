extension ViewerPage {
  /// The page's JavaScript: draws the selected state from the stored pictures, steps with the
  /// keys, the buttons, the slider and the timeline, and draws thumbnails as they scroll into
  /// view.
  ///
  /// A frame's picture is its last whole picture with the rectangles of the frames after it
  /// drawn over, each cleared first (so transparent pixels stay transparent). Decoded pictures
  /// are cached, so stepping back and forth decodes nothing again. After a frame is drawn, the
  /// body's `data-painted` attribute holds its number.
  static let script = #"""
    (() => {
    'use strict';
    const data = JSON.parse(document.getElementById('history').textContent);
    const S = 15, F = data.frames, N = data.names.length, W = data.width, H = data.height;
    const $ = id => document.getElementById(id);
    const body = document.body, timeline = $('timeline'), rows = timeline.children;
    const picture = $('picture'), outline = $('outline'), scrub = $('scrub');
    const DIRECTION = ['start', 'change', 'undo', 'redo'];
    if (N === 0) return;
    // The timeline: one row per frame, a place for its thumbnail, its number, direction and
    // action.
    const list = document.createDocumentFragment();
    for (let i = 0; i < N; i++) {
      const row = document.createElement('li'), direction = DIRECTION[F[i * S]];
      row.className = direction;
      row.dataset.frame = i;
      for (const [name, text] of [['thumb', ''], ['number', i], ['direction', direction],
        ['action', data.actions[i]]]) {
        const part = document.createElement('span');
        part.className = name;
        part.textContent = text;
        row.append(part);
      }
      list.append(row);
    }
    timeline.append(list);
    // For each frame: the index of its PNG (-1 for the picture before) and its whole picture.
    const png = new Int32Array(N), whole = new Int32Array(N);
    for (let i = 0, next = 0, last = 0; i < N; i++) {
      const kind = F[i * S + 6];
      png[i] = kind ? next++ : -1;
      if (kind === 1) last = i;
      whole[i] = last;
    }
    const decoded = new Map(), KEEP = 1000;
    function image(index) {
      let promise = decoded.get(index);
      if (promise) {
        decoded.delete(index);
      } else {
        const img = new Image();
        img.src = 'data:image/png;base64,' + data.pictures[index];
        promise = img.decode().then(() => img);
      }
      decoded.set(index, promise);
      if (decoded.size > KEEP) decoded.delete(decoded.keys().next().value);
      return promise;
    }
    // A canvas that shows one frame and is brought to another by drawing pictures over it.
    function surface(canvas) {
      const context = canvas.getContext('2d');
      const self = { canvas, shown: -1 };
      self.show = async i => {
        const from = self.shown >= whole[i] && self.shown <= i ? self.shown + 1 : whole[i];
        const steps = [];
        for (let j = from; j <= i; j++) if (png[j] >= 0) steps.push(j);
        const images = await Promise.all(steps.map(j => image(png[j])));
        steps.forEach((j, n) => {
          const o = j * S;
          context.clearRect(F[o + 7], F[o + 8], F[o + 9], F[o + 10]);
          context.drawImage(images[n], F[o + 7], F[o + 8]);
        });
        self.shown = i;
      };
      return self;
    }
    // Draws the latest frame asked for, one drawing at a time.
    function painter(target, done) {
      let busy = false, wanted = -1;
      return async i => {
        wanted = i;
        if (busy) return;
        busy = true;
        try {
          while (target.shown !== wanted) {
            const frame = wanted;
            await target.show(frame);
            done(frame);
          }
        } catch (error) {
          body.dataset.error = String(error);
        } finally {
          busy = false;
        }
      };
    }
    const main = surface(picture);
    const paint = painter(main, frame => {
      body.dataset.painted = frame;
      if (!body.dataset.ready) {
        body.dataset.ready = Math.round(performance.now());
      }
    });

    function reveal(element, pane) {
      const top = element.offsetTop - pane.offsetTop, bottom = top + element.offsetHeight;
      if (top < pane.scrollTop) pane.scrollTop = top - 8;
      else if (bottom > pane.scrollTop + pane.clientHeight) {
        pane.scrollTop = bottom - pane.clientHeight + 8;
      }
    }
    function stack(list, heading, verb, top, count) {
      const SHOWN = 50;
      list.textContent = '';
      heading.textContent = count ? `${verb} (${count} ${count === 1 ? 'step' : 'steps'})` : verb;
      const add = (text, className) => {
        const item = document.createElement('li');
        item.textContent = text;
        if (className) item.className = className;
        list.append(item);
      };
      if (!count) add(`nothing to ${verb.toLowerCase()}`, 'empty');
      for (let entry = top, n = 0; entry >= 0 && n < Math.min(count, SHOWN); n++) {
        add(data.titles[data.entries[2 * entry]]);
        entry = data.entries[2 * entry + 1];
      }
      if (count > SHOWN) add(`and ${count - SHOWN} more`, 'more');
    }

    let current = -1, line = null;
    function select(i) {
      i = Math.max(0, Math.min(N - 1, i | 0));
      if (i === current) return;
      if (current >= 0) rows[current].classList.remove('selected');
      current = i;
      const o = i * S, direction = DIRECTION[F[o]];
      rows[i].classList.add('selected');
      reveal(rows[i], timeline);
      scrub.value = i;
      $('position').textContent = `${i} / ${N - 1}`;
      $('status').textContent = `${data.names[i]} · ${data.actions[i]}` +
        (F[o + 1] ? ` · line ${F[o + 1]}` : '');
      if (line) line.classList.remove('current', 'change', 'undo', 'redo');
      line = F[o + 1] ? $('L' + F[o + 1]) : null;
      if (line) {
        line.classList.add('current', direction);
        reveal(line, $('source'));
      }
      if (F[o + 4] > 0) {
        const style = outline.style;
        style.left = `calc(${F[o + 2] / W * 100}% - 5px)`;
        style.top = `calc(${F[o + 3] / H * 100}% - 5px)`;
        style.width = `calc(${F[o + 4] / W * 100}% + 10px)`;
        style.height = `calc(${F[o + 5] / H * 100}% + 10px)`;
        outline.className = direction;
        outline.hidden = false;
      } else {
        outline.hidden = true;
      }
      stack($('undo'), $('undo-heading'), 'Undo', F[o + 11], F[o + 12]);
      stack($('redo'), $('redo-heading'), 'Redo', F[o + 13], F[o + 14]);
      body.dataset.frame = i;
      try { history.replaceState(null, '', '#' + i); } catch (error) { /* a file: page */ }
      paint(i);
    }

    // The picture's size on screen: as large as the column allows, pixels kept sharp when
    // enlarged.
    function fit() {
      const room = picture.closest('.stage').clientWidth - 4;
      const factor = Math.min(room / W, (innerHeight * 0.6) / H, 8);
      picture.style.width = Math.max(1, Math.floor(W * factor)) + 'px';
      picture.classList.toggle('enlarged', factor > 1);
    }
    addEventListener('resize', fit);
    fit();

    const KEYS = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    document.addEventListener('keydown', event => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key in KEYS) select(current + KEYS[event.key]);
      else if (event.key === 'Home') select(0);
      else if (event.key === 'End') select(N - 1);
      else return;
      event.preventDefault();
    });
    scrub.addEventListener('input', () => select(Number(scrub.value)));
    $('first').onclick = () => select(0);
    $('previous').onclick = () => select(current - 1);
    $('next').onclick = () => select(current + 1);
    $('last').onclick = () => select(N - 1);
    timeline.addEventListener('click', event => {
      const row = event.target.closest('li');
      if (row) select(Number(row.dataset.frame));
    });

    // Thumbnails, drawn on a canvas of their own as their rows come into view, lowest first.
    const work = document.createElement('canvas');
    work.width = W;
    work.height = H;
    const thumbs = surface(work), waiting = new Set();
    const ratio = Math.min(48 / W, 36 / H);
    const TW = Math.max(1, Math.round(W * ratio)), TH = Math.max(1, Math.round(H * ratio));
    let drawing = false;
    async function drawThumbnails() {
      if (drawing) return;
      drawing = true;
      try {
        while (waiting.size) {
          const i = Math.min(...waiting);
          waiting.delete(i);
          await thumbs.show(i);
          const thumb = document.createElement('canvas');
          thumb.width = TW;
          thumb.height = TH;
          thumb.getContext('2d').drawImage(work, 0, 0, TW, TH);
          rows[i].firstChild.replaceChildren(thumb);
        }
      } finally {
        drawing = false;
      }
    }
    const observer = new IntersectionObserver(entries => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        waiting.add(Number(entry.target.dataset.frame));
      }
      drawThumbnails();
    }, { root: timeline, rootMargin: '200px 0px' });
    for (const row of rows) observer.observe(row);

    const asked = /^#(\d+)$/.exec(location.hash);
    select(asked ? Number(asked[1]) : N - 1);
    })();
    """#
}
