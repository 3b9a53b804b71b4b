/**
 * Soak (issue 14): the desktop workspace streaming for BENCH_SOAK_MINUTES
 * (default 10) against the production build on its in-browser simulator, in
 * Debian Chromium at 1440 × 900: the chart on 1-minute candles with three
 * indicators (MA, EMA and BOLL on the candles), the quotation list, and the
 * positions list with one open position (signed in and bought through the UI).
 *
 * Every 30 s: the page's JS heap after a forced GC (CDP
 * HeapProfiler.collectGarbage, then Runtime.getHeapUsage), DOM nodes and JS
 * event listeners (CDP Memory.getDOMCounters, after that GC), long tasks (Long
 * Tasks API) and the p95 frame time (requestAnimationFrame deltas). The GC is
 * ours, so long tasks and frames during it are not counted. The last 5 s of
 * every 30 are traced too, for the longest task and the main thread's busy
 * share in thread time: on a machine others are using, a task the scheduler
 * held up is long by the wall clock, not by its own cost. Budgets: heap
 * growth < 0.5 MB/min (least-squares slope of the samples after the first
 * minute), DOM nodes flat (last ≤ first after that minute + 2 %), no task over
 * 50 ms, frame p95 ≤ 20 ms.
 */
import { execSync } from 'node:child_process';
import { preview } from './serve.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { BenchResult } from './types.ts';
import { workerHeap, type WorkerHeap } from './soak-worker.ts';
import { ARGS, CHROMIUM } from './browser.ts';

export const PORT = Number(process.env.BENCH_SOAK_PORT ?? 4393);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SAMPLE_MS = 30_000;
const WARM_UP_MS = 60_000;
const SYMBOL = 'BTCUSDT';
const TRACE_MS = 5_000;

/**
 * Installed before any page script (a string: tsx's `__name` helpers do not
 * exist in the page). Long tasks and frame times accumulate until drained.
 * The chart starts on 1-minute candles with three indicators.
 */
export const PROBE = `(() => {
  localStorage.setItem('chart-view', JSON.stringify({ period: '1min', candleType: 'solid', colours: 'green_up' }));
  localStorage.setItem('chart:${SYMBOL}', JSON.stringify({ main: ['MA', 'EMA', 'BOLL'], sub: [], drawings: [] }));
  const w = window;
  w.__soak = { long: [], frames: [] };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    w.__soak.long.push([e.startTime, e.duration]);
  })).observe({ type: 'longtask' });
  let last = 0;
  const frame = (t) => {
    if (last) w.__soak.frames.push([last, t - last]);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** What the page gathered since the last drain, then empty. */
const DRAIN = `(() => {
  const s = window.__soak;
  const out = { long: s.long, frames: s.frames, now: performance.now(), nodes: document.querySelectorAll('*').length };
  s.long = [];
  s.frames = [];
  return out;
})()`;

interface Drained {
  long: Array<[number, number]>;
  frames: Array<[number, number]>;
  now: number;
  nodes: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}
/** The renderer main thread's tasks in a trace: the longest and the busy total, in thread time (ms). */
function threadTime(events: TraceEvent[]): { longest: number; busy: number } {
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main?.pid && e.tid === main.tid,
  );
  const ms = tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
  return { longest: Math.max(0, ...ms), busy: ms.reduce((a, b) => a + b, 0) };
}

interface Sample {
  atMs: number;
  /** Longest main-thread task and busy share in the traced 5 s (thread time). */
  threadLongest: number;
  busyShare: number;
  heapMb: number;
  /** The simulator's shared worker, after a forced GC of its own. */
  workerMb: number;
  domNodes: number;
  attached: number;
  listeners: number;
  longTasks: number[];
  frameP95: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxy / sxx;
}

/** Sign in on the desktop card as a seeded user and buy the minimum through the place panel. */
export async function setUp(page: Page): Promise<void> {
  await page.goto(`http://127.0.0.1:${PORT}/login`);
  await page.waitForFunction('!!window.__simulator', undefined, { timeout: 30_000 });
  const email = `soak${Date.now()}@example.com`;
  await page.evaluate(
    `window.__simulator.backOffice.seedUser(${JSON.stringify({ email, password: 'secret123', deposit: 50_000 })})`,
  );
  const scope = page.getByRole('dialog', { name: 'Sign in' }).or(page.getByRole('main'));
  await scope.getByLabel('E-mail').first().fill(email);
  await scope.getByLabel('Password', { exact: true }).first().fill('secret123');
  await scope.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(/\/$/);
  const place = page.getByRole('complementary', { name: 'Place order' });
  await place.getByLabel('Volume (lots)').fill('0.1');
  await place.getByRole('button', { name: `Buy ${SYMBOL}` }).click();
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'Continue trading' })
    .click();
  await page.getByRole('tab', { name: 'Opening (1)' }).waitFor();
  await page.locator('[data-testid^="row-bid-"]').first().waitFor();
}

/** The previous sample's GC window (page time). */
let last = { gcFrom: 0, gcTo: 0 };

async function sample(
  cdp: CDPSession,
  page: Page,
  startedAt: number,
  worker: WorkerHeap,
  traced = { longest: 0, busy: 0 },
): Promise<Sample> {
  // Drain first: what happened since the last sample, before our own GC pause.
  const d = (await page.evaluate(DRAIN)) as Drained;
  const gcFrom = d.now;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const workerMb = await worker.read();
  const gcTo = (await page.evaluate('performance.now()')) as number;
  // The previous sample's GC window lies before this drain's entries; skip anything overlapping it.
  const outside = ([start, dur]: [number, number]) =>
    !(start < last.gcTo + 20 && start + dur > last.gcFrom - 20);
  const s: Sample = {
    atMs: Date.now() - startedAt,
    threadLongest: traced.longest,
    busyShare: traced.busy / TRACE_MS,
    heapMb: heap.usedSize / 2 ** 20,
    workerMb,
    domNodes: dom.nodes,
    attached: d.nodes,
    listeners: dom.jsEventListeners,
    longTasks: d.long.filter(outside).map(([, dur]) => dur),
    frameP95: quantile(
      d.frames.filter(outside).map(([, dt]) => dt),
      0.95,
    ),
  };
  last = { gcFrom, gcTo };
  return s;
}
export async function run(): Promise<BenchResult[]> {
  const out = mkdtempSync(path.join(tmpdir(), 'soak-build-'));
  execSync(`npx vite build --logLevel warn --outDir ${out}`, { stdio: 'inherit' });
  const app = await preview(PORT, out);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const samples: Sample[] = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await ctx.addInitScript(PROBE);
    await setUp(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const worker = await workerHeap(browser);
    const startedAt = Date.now();
    await sample(cdp, page, startedAt, worker); // the streaming starts here: set-up's tasks are not counted
    const end = startedAt + MINUTES * 60_000;
    while (Date.now() + 1000 < end) {
      await page.waitForTimeout(Math.max(0, Math.min(SAMPLE_MS, end - Date.now()) - TRACE_MS));
      await browser.startTracing(page, {
        categories: ['toplevel', 'disabled-by-default-devtools.timeline'],
      });
      await page.waitForTimeout(TRACE_MS);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      const s = await sample(cdp, page, startedAt, worker, threadTime(trace.traceEvents));
      samples.push(s);
      console.log(
        `  ${(s.atMs / 1000).toFixed(0).padStart(4)} s  heap ${s.heapMb.toFixed(2)} MB (worker ${s.workerMb.toFixed(2)})  DOM ${s.domNodes} (${s.attached} attached)  listeners ${s.listeners}  long ${s.longTasks.length} (max ${Math.max(0, ...s.longTasks).toFixed(0)} ms)  frame p95 ${s.frameP95.toFixed(1)} ms  thread: longest ${s.threadLongest.toFixed(0)} ms, busy ${(s.busyShare * 100).toFixed(0)} %`,
      );
    }
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    await ctx.close();
  } finally {
    await browser.close();
    app.stop();
    rmSync(out, { recursive: true, force: true });
  }
  return summarise(samples);
}

function summarise(samples: Sample[]): BenchResult[] {
  const after = samples.filter((s) => s.atMs >= WARM_UP_MS - 1000);
  const base = after[0] ?? samples[0];
  const end = samples.at(-1);
  if (!base || !end) throw new Error('no samples: BENCH_SOAK_MINUTES too short');
  const growth = slope(after.map((s) => [s.atMs / 60_000, s.heapMb]));
  const long = samples.flatMap((s) => s.longTasks);
  const series = (f: (s: Sample) => string) => samples.map(f).join(' ');
  return [
    {
      name: `soak heap growth after the first minute (${MINUTES} min)`,
      value: growth,
      unit: 'MB/min',
      max: 0.5,
      note: `MB every 30 s: ${series((s) => s.heapMb.toFixed(2))}`,
    },
    {
      name: 'soak simulator worker heap growth after the first minute',
      value: slope(after.map((s) => [s.atMs / 60_000, s.workerMb])),
      unit: 'MB/min',
      note: `MB every 30 s: ${series((s) => s.workerMb.toFixed(2))}`,
    },
    {
      name: 'soak DOM nodes, last − first after the first minute',
      value: end.domNodes - base.domNodes,
      unit: 'nodes',
      max: Math.ceil(base.domNodes * 0.02),
      note: `every 30 s: ${series((s) => String(s.domNodes))}`,
    },
    {
      name: 'soak JS event listeners, last − first after the first minute',
      value: end.listeners - base.listeners,
      unit: 'listeners',
      note: `every 30 s: ${series((s) => String(s.listeners))}`,
    },
    {
      name: 'soak longest task while streaming',
      value: Math.max(0, ...long),
      unit: 'ms',
      max: 50,
      note: `${long.length} long task(s)`,
    },
    {
      name: 'soak longest task while streaming, thread time (traced 5 s of 30)',
      value: Math.max(...samples.map((s) => s.threadLongest)),
      unit: 'ms',
      max: 50,
    },
    {
      name: 'soak main thread busy while streaming, thread time',
      value: (samples.reduce((a, s) => a + s.busyShare, 0) / samples.length) * 100,
      unit: '%',
      note: `every 30 s: ${series((s) => (s.busyShare * 100).toFixed(0))}`,
    },
    {
      name: 'soak frame time p95 (worst 30 s)',
      value: Math.max(...samples.map((s) => s.frameP95)),
      unit: 'ms',
      max: 20,
      note: `every 30 s: ${series((s) => s.frameP95.toFixed(1))}`,
    },
  ];
}
