/**
 * The walker's eyes in the page (added as an init script): lists what a
 * person could press or type into on the current screen, takes a signature of
 * what a person sees (to tell a dead control), and checks the page's
 * invariants. Plain browser JavaScript: it runs in the page as it is.
 *
 * Everything of the back-office console (the reviewer's tool, not the
 * trader's screens) is left out, and so are decorative and hidden parts.
 */
(() => {
  const CONSOLE = '.console, .console-launcher, .outbox-notice';
  const CLICKABLE = [
    'button',
    'a[href]',
    '[role="button"]',
    '[role="tab"]',
    '[role="link"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[role="switch"]',
    '[role="radio"]',
    '[role="checkbox"]',
    'input[type="checkbox"]',
    'input[type="radio"]',
    'summary',
  ].join(',');
  const TYPABLE =
    'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="range"]):not([type="button"]):not([type="submit"]), textarea';

  const hidden = (el) =>
    !!el.closest(`${CONSOLE}, [aria-hidden="true"], [inert], [hidden], template`);

  /** Laid out and not hidden by style (it may be outside the viewport: a person scrolls). */
  function shown(el) {
    if (hidden(el)) return false;
    const r = el.getBoundingClientRect();
    // Visually hidden text for screen readers (1 px, clipped) is not on the screen.
    if (r.width <= 1 || r.height <= 1) return false;
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0)
        return false;
    }
    return true;
  }

  const disabled = (el) =>
    el.disabled === true ||
    el.getAttribute('aria-disabled') === 'true' ||
    !!el.closest('fieldset[disabled], [aria-busy="true"]');

  /** What a person or a screen reader calls a control. */
  function nameOf(el) {
    const label =
      el.getAttribute('aria-label') ||
      (el.getAttribute('aria-labelledby') || '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim() ||
      (el.labels && el.labels[0]?.textContent) ||
      el.getAttribute('placeholder') ||
      el.innerText ||
      el.getAttribute('title') ||
      el.getAttribute('name') ||
      '';
    return label.replace(/\s+/g, ' ').trim().slice(0, 60);
  }

  /** A control the app says is already what it would select. */
  const current = (el) =>
    el.getAttribute('aria-current') === 'page' ||
    el.getAttribute('aria-current') === 'true' ||
    el.getAttribute('aria-selected') === 'true' ||
    // A segment already chosen (a pressed toggle that presses off would change what it shows).
    el.getAttribute('aria-pressed') === 'true' ||
    (el.getAttribute('role') === 'radio' && el.getAttribute('aria-checked') === 'true') ||
    (el.type === 'radio' && el.checked);

  /**
   * The screen already says why a press would do nothing: a field of its form
   * marked invalid, or an alert showing.
   */
  function explained(el) {
    const scope = el.closest('form, [role="dialog"], main') || document.body;
    return [...scope.querySelectorAll('[aria-invalid="true"], [role="alert"], .field-error')].some(
      (e) => shown(e) || e.getAttribute('aria-invalid') === 'true',
    );
  }

  /** Leaves the app or its window (a person's press would, but the walk stays here). */
  function external(el) {
    if (el.tagName !== 'A') return false;
    const href = el.getAttribute('href') || '';
    if (el.target === '_blank' || el.hasAttribute('download')) return true;
    if (/^(mailto|tel|javascript):/i.test(href)) return true;
    try {
      return new URL(href, location.href).origin !== location.origin;
    } catch {
      return true;
    }
  }

  /** Tag and list what can be pressed now: [{ id, name, role, current }]. */
  function controls() {
    for (const el of document.querySelectorAll('[data-walk-id]'))
      el.removeAttribute('data-walk-id');
    const out = [];
    let n = 0;
    for (const el of document.querySelectorAll(CLICKABLE)) {
      if (!shown(el) || disabled(el) || external(el)) continue;
      // A control inside another clickable (a row's link around its cells) counts once: the outer one.
      const outer = el.parentElement?.closest(CLICKABLE);
      if (outer && !hidden(outer) && outer.tagName !== 'LABEL') continue;
      const id = String(n++);
      el.setAttribute('data-walk-id', id);
      out.push({
        id,
        name: nameOf(el),
        role: el.getAttribute('role') || el.tagName.toLowerCase(),
        current: current(el),
        explained: explained(el),
      });
    }
    // By name: the same screen offers its controls in the same order, however it was reached.
    return out.sort((a, b) => (a.name + a.role).localeCompare(b.name + b.role));
  }

  /** Tag and list the fields a person can type into now. */
  function fields() {
    for (const el of document.querySelectorAll('[data-walk-field]'))
      el.removeAttribute('data-walk-field');
    const out = [];
    let n = 0;
    for (const el of document.querySelectorAll(TYPABLE)) {
      if (!shown(el) || disabled(el) || el.readOnly) continue;
      const id = String(n++);
      el.setAttribute('data-walk-field', id);
      out.push({
        id,
        name: nameOf(el),
        type: el.getAttribute('type') || el.tagName.toLowerCase(),
        inputMode: el.getAttribute('inputmode') || '',
        value: el.value,
      });
    }
    return out.sort((a, b) => (a.name + a.type).localeCompare(b.name + b.type));
  }

  /** A cheap fingerprint of what a canvas shows (a chart moved, zoomed or drew). */
  function pixels(c) {
    try {
      const g = c.getContext('2d');
      if (!g || !c.width || !c.height) return 0;
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      for (let i = 0; i < d.length; i += 97) h = (h * 31 + d[i]) | 0;
      return h;
    } catch {
      return 0;
    }
  }

  /**
   * What a person sees change when a control works, leaving out what moves
   * by itself (prices, clocks, countdowns) and keyboard focus.
   */
  function signature() {
    const texts = (sel) =>
      [...document.querySelectorAll(sel)]
        .filter(shown)
        .map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 80));
    const states = [
      ...document.querySelectorAll(
        '[aria-expanded], [aria-selected], [aria-checked], [aria-pressed], [aria-busy], [aria-disabled], [disabled], input, select, textarea, details',
      ),
    ]
      .filter((e) => !hidden(e))
      .map((e) =>
        [
          e.getAttribute('aria-expanded'),
          e.getAttribute('aria-selected'),
          e.getAttribute('aria-checked'),
          e.getAttribute('aria-pressed'),
          e.getAttribute('aria-busy'),
          e.getAttribute('aria-disabled'),
          e.disabled,
          e.checked,
          e.open,
          e.value,
        ].join(','),
      );
    return JSON.stringify({
      url: location.pathname + location.search + location.hash,
      title: document.title,
      dialogs: texts('[role="dialog"], [role="alertdialog"], dialog[open]'),
      toasts: texts('.toast, [role="alert"]'),
      heads: texts('h1, h2, h3, legend'),
      buttons: texts('button, [role="tab"], a[href]').length,
      states,
      scroll: Math.round(scrollY / 50),
      charts: [...document.querySelectorAll('canvas')].filter(shown).map(pixels),
      theme: document.documentElement.className + document.documentElement.dataset.theme,
      lang: document.documentElement.lang,
    });
  }

  const DECIMAL = /[-+−]?\d[\d,]*\.(\d+)/;
  const LOOSE_DECIMAL = /(^|[^\w.:/#-])\d[\d,]*\.\d+(?![\w.%]*[.\w])/;

  /** Decimals of the first number in a text, or undefined. */
  function decimals(text) {
    const m = DECIMAL.exec(text);
    if (m) return m[1].length;
    return /\d/.test(text) ? 0 : undefined;
  }

  function where(el) {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const label = e.getAttribute('aria-label') || e.getAttribute('data-testid');
      parts.unshift(
        label ? `${e.tagName.toLowerCase()}[${label.slice(0, 30)}]` : e.tagName.toLowerCase(),
      );
    }
    return parts.join(' > ');
  }

  /**
   * The page's invariants. `opts.precision` maps symbols to their price
   * decimals (from the catalogue, never the page); `opts.amount` currencies to
   * theirs; `opts.quietMarketMs` how long the market channel has sent nothing.
   */
  function check(opts) {
    const out = [];
    const add = (rule, detail) => out.length < 40 && out.push({ rule, detail });

    // No horizontal overflow: nothing wider than the window.
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      let widest = '';
      let most = width;
      for (const el of document.body.querySelectorAll('*')) {
        if (hidden(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.right > most + 1 && r.width > 0) {
          most = r.right;
          widest = where(el);
        }
      }
      add(
        'overflow',
        `the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window (${widest})`,
      );
    }

    // Every number at the precision of what it belongs to.
    const marked = [...document.querySelectorAll('[data-num]')].filter(shown);
    for (const el of marked) {
      const kind = el.getAttribute('data-num');
      const unit = el.getAttribute('data-unit') || '';
      const text = (el.textContent || '').trim();
      if (!/\d/.test(text)) continue; // '—' before a value is known
      const d = decimals(text);
      let want;
      if (kind === 'price') want = opts.precision[unit];
      else if (kind === 'percent') want = 2;
      else if (['amount', 'pnl', 'fee', 'margin'].includes(kind)) want = opts.amount[unit];
      if (want === undefined) {
        if ((kind === 'price' || kind === 'volume') && !(unit in opts.precision))
          add(
            'precision',
            `${kind} "${text}" names no known product (data-unit="${unit}") at ${where(el)}`,
          );
        continue;
      }
      if (d !== want)
        add(
          'precision',
          `${kind} of ${unit || 'no unit'} shows "${text}" with ${d} decimals, not ${want} (${where(el)})`,
        );
    }

    // No decimal number outside a marked element (it would escape the rules above).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let unmarked = 0;
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent || '';
      if (!LOOSE_DECIMAL.test(text)) continue;
      const el = t.parentElement;
      if (!el || el.closest('[data-num], script, style, svg, code, pre') || !shown(el)) continue;
      if (unmarked++ < 3)
        add(
          'unmarked-number',
          `"${text.trim().slice(0, 60)}" is a number with no product or currency (${where(el)})`,
        );
    }

    // A figure shown in two places says the same in both.
    const figures = new Map();
    for (const el of document.querySelectorAll('[data-figure]')) {
      if (!shown(el)) continue;
      const key = el.getAttribute('data-figure');
      const text = (el.textContent || '').trim();
      const seen = figures.get(key);
      if (seen === undefined) figures.set(key, text);
      else if (seen !== text)
        add('disagree', `"${key}" reads "${seen}" in one place and "${text}" in another`);
    }

    // Prices older than the stale rule (10 s without a message) say so. A page loaded since
    // the market went quiet fetched its prices then (HTTP): its silence counts from its load.
    const quiet = Math.min(opts.quietMarketMs, Date.now() - performance.timeOrigin);
    if (quiet > 13_000) {
      const offline = [...document.querySelectorAll('.offline-banner')].some(shown);
      // Streaming prices say whether they are live (data-stale); recorded ones (history) do not.
      const live = [...document.querySelectorAll('[data-stale="false"]')].filter(shown);
      if (!offline && live.length)
        add(
          'stale',
          `the market has sent nothing for ${Math.round(quiet / 1000)} s, yet ${live.length} prices show as live (e.g. ${where(live[0])})`,
        );
    }

    // Text stays inside its box: nothing cut off without an ellipsis.
    let cut = 0;
    for (const el of document.body.querySelectorAll('*')) {
      if (cut >= 3) break;
      if (!el.firstChild || hidden(el)) continue;
      const own = [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      if (!own) continue;
      const s = getComputedStyle(el);
      if (s.textOverflow === 'ellipsis' || s.overflowX === 'auto' || s.overflowX === 'scroll')
        continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && s.overflowX !== 'visible') {
        if (!shown(el)) continue;
        cut++;
        add(
          'clipped',
          `"${el.textContent.trim().slice(0, 40)}" is cut off (${el.scrollWidth} px of text in ${el.clientWidth} px) at ${where(el)}`,
        );
      }
    }
    return out;
  }

  /** Figures on the screen by key (data-figure), for agreement across screens. */
  function figures() {
    const out = {};
    for (const el of document.querySelectorAll('[data-figure]'))
      if (shown(el)) out[el.getAttribute('data-figure')] = (el.textContent || '').trim();
    return out;
  }

  /** The values of fields typed into earlier, by their walk mark. */
  function typed() {
    const out = {};
    for (const el of document.querySelectorAll('[data-walk-typed]'))
      out[el.getAttribute('data-walk-typed')] = shown(el) ? el.value : null;
    return out;
  }

  window.__walk = { controls, fields, signature, check, typed, figures };
})();
