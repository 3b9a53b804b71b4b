/**
 * Where start-up time goes: loads the production build (`dist`, build it
 * first) in a new context per sample and prints, per condition, the median
 * time of every start-up mark of the page (boot:*) and the worker (sim:*),
 * FCP, the first live price, and each long task with its start.
 *
 *   npx vite build && npx tsx bench/startup-trace.ts [samples]
 *
 * TRACE_PORT sets the preview port (default 4392), TRACE_THROTTLE the
 * throttled condition's rate (default 4), TRACE_DIST the build served
 * (default dist), so two builds can be compared in the same minute. Not a bench: no budgets.
 */
import { preview } from './serve.ts';
import { gotoUntilSignal } from './page-signal.ts';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.TRACE_PORT ?? 4392);
const SAMPLES = Number(process.argv[2] ?? 3);
const RATE = Number(process.env.TRACE_THROTTLE ?? 4);
const DIST = process.env.TRACE_DIST ?? 'dist';
const LIVE_PRICE = '[data-testid^="row-bid-"]:not([data-stale="true"])';
const ANY_PRICE = '[data-testid^="row-bid-"]';
const DONE = '__trace_live_price';

/** A string, not a function: tsx's helpers do not exist in the page. */
const PROBE = `(() => {
  const w = window;
  w.__trace = { long: [] };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    if (w.__trace.live === undefined) w.__trace.long.push([Math.round(e.startTime), Math.round(e.duration)]);
  })).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    if (e.name === 'first-contentful-paint') w.__trace.fcp = e.startTime;
  })).observe({ type: 'paint', buffered: true });
  const mo = new MutationObserver(() => {
    const has = (sel) => { const c = document.querySelector(sel); return c && c.textContent && c.textContent.trim(); };
    if (w.__trace.any === undefined && has(${JSON.stringify(ANY_PRICE)})) w.__trace.any = performance.now();
    if (w.__trace.live === undefined && has(${JSON.stringify(LIVE_PRICE)})) { w.__trace.live = performance.now(); mo.disconnect(); console.debug(${JSON.stringify(DONE)}); }
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
})();`;

type Row = Record<string, number>;

async function sample(browser: Browser, throttle: number): Promise<{ row: Row; long: number[][] }> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await ctx.newPage();
    if (throttle > 1) {
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    await page.addInitScript(PROBE);
    // Nothing runs in the page until it says it is done (page-signal.ts).
    await gotoUntilSignal(page, `http://127.0.0.1:${PORT}/`, DONE);
    return await page.evaluate(`(async () => {
      const t = window.__trace;
      const row = { fcp: t.fcp, 'price (any)': t.any, 'price (live)': t.live };
      for (const m of performance.getEntriesByType('mark')) row[m.name] = m.startTime;
      const sim = window.__simulator;
      if (sim && sim.marks) for (const m of await sim.marks()) row[m.name] = m.at - performance.timeOrigin;
      const nav = performance.getEntriesByType('navigation')[0];
      row['dom content loaded'] = nav.domContentLoadedEventEnd;
      return { row, long: t.long };
    })()`);
  } finally {
    await ctx.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};

const app = await preview(PORT, DIST);
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  await sample(browser, 1);
  for (const throttle of [1, RATE]) {
    const rows: Row[] = [];
    const long: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const s = await sample(browser, throttle);
      rows.push(s.row);
      long.push(s.long.map(([at, d]) => `${d}@${at}`).join(' ') || '-');
    }
    const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const med = names
      .map(
        (n) =>
          [n, median(rows.map((r) => r[n]).filter((v): v is number => v !== undefined))] as const,
      )
      .sort((a, b) => a[1] - b[1]);
    console.log(`\n== CPU ×${throttle}, median of ${SAMPLES} (ms from navigation start)`);
    for (const [n, v] of med) console.log(`  ${n.padEnd(22)} ${v.toFixed(0).padStart(6)}`);
    console.log('  long tasks (duration@start) per load:');
    for (const l of long) console.log(`    ${l}`);
  }
  await browser.close();
} finally {
  app.stop();
}
