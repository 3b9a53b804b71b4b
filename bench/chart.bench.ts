/**
 * Live candle updates on the chart (ARCHITECTURE.md budgets): 300 one-minute
 * candles, 20 updates a second, 3 moving-average overlays (MA, EMA, SMA), run
 * through our ProductChart and against bare klinecharts, in the same headless
 * Chromium, alternating, twice each.
 *
 * The cost of an update is the main thread's busy time (every top-level task:
 * our code, klinecharts, style, layout, paint) from that update's mark to the
 * next one, read from a Chromium trace; so the batching frame and the drawing
 * frame after it are both counted. Frames per second come from a
 * requestAnimationFrame counter, long tasks from the Long Tasks API.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { BenchResult } from './types.ts';
import { serve } from './serve.ts';
import { ARGS, CHROMIUM } from './browser.ts';

const WARM_UP_S = 2;
const MEASURE_S = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/**
 * Bare klinecharts twice: with its default look, and with the styles our chart sets (the
 * wrapper's cost alone); ours twice: bare, and with a signed-in user's trades on it (a
 * position with both stops and a pending order, its P&L patched with every update).
 */
type Mode = 'ours' | 'bare' | 'styled' | 'trades' | 'control';
const QUERY: Record<Mode, string> = {
  ours: 'ours',
  trades: 'ours&trades',
  bare: 'bare',
  styled: 'bare&styled',
  control: 'ours&trades&control',
};

interface RunStats {
  firstMark: number;
  lastMark: number;
  seconds: number;
  frames: number;
  longTasks: number[];
  tradesOn?: boolean[];
  labels: number;
  fresh: boolean[];
}

/**
 * The trades' own cost is measured within one page: the harness takes their layer off and puts it
 * back every ALTERNATE updates (the orders and their P&L patches stay), and updates with it are
 * compared with updates without, in blocks ordered on, off, off, on after a lead-in block
 * that counts for neither (tracing has just started: the first block was seen 5 % dearer).
 * Two pages differ by more than the trades cost (their renderers, heaps and compiled code: in
 * one run bare klinecharts with our styles measured 7 % cheaper than without them). The first
 * SETTLE updates of each block (the lines made or removed) are left out of both.
 */
const ALTERNATE = 25;
/** `CHART_BENCH=trades`: only the trades' same-page comparison (while working on the trade layer). */
const MODES =
  process.env.CHART_BENCH === 'trades' ? [] : (['bare', 'ours', 'styled', 'trades'] as const);
const SETTLE = 3;
/** Updates left out of both from a new candle on (it and the next two). */
const AFTER_CANDLE = 3;
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the platform records it. */
  tdur?: number;
  pid: number;
  tid: number;
}

/** Busy time of the renderer's main thread after each mark, up to the next one (ms). */
function costsPerUpdate(
  events: TraceEvent[],
  first: number,
  last: number,
  longest: { thread: number },
): number[] {
  const marks = new Map<number, TraceEvent>();
  for (const e of events) {
    const m = /^u(\d+)$/.exec(e.name);
    if (m && e.cat.includes('user_timing')) marks.set(Number(m[1]), e);
  }
  const anchor = marks.get(first);
  if (!anchor) throw new Error('no user-timing marks in the trace');
  const main = (e: TraceEvent) =>
    e.pid === anchor.pid && e.tid === anchor.tid && e.ph === 'X' && typeof e.dur === 'number';
  let tasks = events.filter((e) => main(e) && e.name === 'RunTask');
  if (tasks.length === 0)
    tasks = events.filter((e) => main(e) && e.name === 'ThreadControllerImpl::RunTask');
  tasks.sort((a, b) => a.ts - b.ts);
  // A window starts where the task holding its mark starts.
  const start = (n: number) => {
    const ts = marks.get(n)?.ts ?? NaN;
    return tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0))?.ts ?? ts;
  };
  const measured = tasks.filter((t) => t.ts >= start(first) && t.ts < start(last));
  longest.thread = Math.max(longest.thread, ...measured.map((t) => (t.tdur ?? t.dur ?? 0) / 1000));
  const out: number[] = [];
  for (let n = first; n < last; n++) {
    const [a, b] = [start(n), start(n + 1)];
    // Thread time where recorded: time the thread lost to other processes on a busy machine is not the chart's.
    out.push(
      tasks.filter((t) => t.ts >= a && t.ts < b).reduce((s, t) => s + (t.tdur ?? t.dur ?? 0), 0) /
        1000,
    );
  }
  return out;
}

async function measure(browser: Browser, url: string, mode: Mode, alternate = 0) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?mode=${QUERY[mode]}`);
  await page.waitForFunction(
    () => (window as unknown as { __bench?: { ready: Promise<boolean> } }).__bench?.ready,
  );
  const run = (s: number) =>
    page.evaluate(
      ([x, a]) =>
        (
          window as unknown as { __bench: { run(s: number, a: number): Promise<RunStats> } }
        ).__bench.run(x, a),
      [s, alternate] as const,
    );
  await run(WARM_UP_S);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'toplevel',
    ],
  });
  // The same-page comparison measures twice as long: its blocks split the updates in two.
  const stats = await run(alternate ? MEASURE_S * 2 : MEASURE_S);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  await page.close();
  if (errors.length > 0) throw new Error(`${mode}: ${errors.join('; ')}`);
  const threadTime = trace.traceEvents.some(
    (e) => e.name === 'RunTask' && typeof e.tdur === 'number',
  );
  const longest = { thread: 0 };
  const costs = costsPerUpdate(trace.traceEvents, stats.firstMark, stats.lastMark, longest);
  return { costs, stats, threadTime, longest };
}

/** The mean without the costliest tenth (a collection or another process's burst in one update). */
const trimmedMean = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b).slice(0, Math.max(1, Math.floor(xs.length * 0.9)));
  return s.reduce((a, b) => a + b, 0) / s.length;
};

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

export async function run(): Promise<BenchResult[]> {
  const out = mkdtempSync(path.join(tmpdir(), 'chart-harness-'));
  execSync(
    `npx vite build --config bench/chart-harness/vite.config.ts --outDir ${out} --logLevel warn`,
    { stdio: 'inherit' },
  );
  const { server, url } = await serve(out);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  let clock = '';
  const ab = { on: [] as number[], off: [] as number[] };
  /** The control: the same blocks with the trades on the chart in both (the method's own noise). */
  const aa = { on: [] as number[], off: [] as number[] };
  const all: Record<
    Mode,
    { costs: number[]; frames: number; seconds: number; longTasks: number[]; threadLongest: number }
  > = {
    ours: { costs: [], frames: 0, seconds: 0, longTasks: [], threadLongest: 0 },
    bare: { costs: [], frames: 0, seconds: 0, longTasks: [], threadLongest: 0 },
    styled: { costs: [], frames: 0, seconds: 0, longTasks: [], threadLongest: 0 },
    trades: { costs: [], frames: 0, seconds: 0, longTasks: [], threadLongest: 0 },
    control: { costs: [], frames: 0, seconds: 0, longTasks: [], threadLongest: 0 },
  };
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const mode of MODES) {
        const { costs, stats, threadTime, longest } = await measure(browser, url, mode);
        all[mode].threadLongest = Math.max(all[mode].threadLongest, longest.thread);
        clock = threadTime ? 'thread time' : 'wall time';
        all[mode].costs.push(...costs);
        all[mode].frames += stats.frames;
        all[mode].seconds += stats.seconds;
        all[mode].longTasks.push(...stats.longTasks);
      }
      for (const [mode, into] of [
        ['trades', ab],
        ['control', aa],
      ] as const) {
        const { costs, stats } = await measure(browser, url, mode, ALTERNATE);
        // A label that never changed would be measured cheap: the position's P&L must be seen moving.
        if (stats.labels < 3)
          throw new Error(
            `${mode}: the position's label showed ${stats.labels} text(s) in the run`,
          );
        costs.forEach((c, k) => {
          if (k % ALTERNATE < SETTLE) return;
          // The lead-in block (the trace just started) and a last group of blocks cut short
          // count for neither: only whole on-off-off-on groups, so a drift weighs on both.
          const block = Math.floor(k / ALTERNATE);
          if (block === 0 || block > Math.floor((costs.length / ALTERNATE - 1) / 4) * 4) return;
          // A new candle and the updates just after it cost more, whichever block they fall in.
          if (stats.fresh.slice(Math.max(0, k - AFTER_CANDLE + 1), k + 1).includes(true)) return;
          (stats.tradesOn?.[k] ? into.on : into.off).push(c);
        });
      }
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
  const fig = (m: Mode) => ({
    p50: quantile(all[m].costs, 0.5),
    p95: quantile(all[m].costs, 0.95),
    fps: all[m].frames / all[m].seconds,
    long: all[m].longTasks,
    threadLongest: all[m].threadLongest,
    n: all[m].costs.length,
  });
  const [o, b, st, tr] = [fig('ours'), fig('bare'), fig('styled'), fig('trades')];
  const longest = (xs: number[]) => Math.max(0, ...xs);
  return [
    {
      name: 'chart update p50, ours',
      value: o.p50,
      unit: 'ms',
      note: `${o.n} updates, main-thread ${clock}`,
    },
    {
      name: 'chart update p50, bare klinecharts',
      value: b.p50,
      unit: 'ms',
      note: `${b.n} updates`,
    },
    { name: 'chart update p50, ours / bare', value: o.p50 / b.p50, unit: '×', max: 1.2 },
    { name: 'chart update p95, ours', value: o.p95, unit: 'ms' },
    { name: 'chart update p95, bare klinecharts', value: b.p95, unit: 'ms' },
    { name: 'chart update p95, ours / bare', value: o.p95 / b.p95, unit: '×', max: 1.2 },
    { name: 'chart update p50, bare klinecharts with our styles', value: st.p50, unit: 'ms' },
    {
      name: 'chart update p50, ours / bare with our styles',
      value: o.p50 / st.p50,
      unit: '×',
      max: 1.2,
    },
    {
      name: 'chart update p95, ours / bare with our styles',
      value: o.p95 / st.p95,
      unit: '×',
      max: 1.2,
    },
    // Issue 28: the trade lines may cost the live-candle update at most 10 %.
    {
      name: 'chart update p50, ours with trades',
      value: tr.p50,
      unit: 'ms',
      note: `${tr.n} updates; a position with both stops and a pending order`,
    },
    {
      name: 'chart update p50, with trades / without, same page',
      value: quantile(ab.on, 0.5) / quantile(ab.off, 0.5),
      unit: '×',
      max: 1.1,
      note: `${ab.on.length} / ${ab.off.length} updates; ${quantile(ab.on, 0.5).toFixed(2)} / ${quantile(ab.off, 0.5).toFixed(2)} ms`,
    },
    {
      name: 'chart update mean, with trades / without, same page',
      value: trimmedMean(ab.on) / trimmedMean(ab.off),
      unit: '×',
      note: `${trimmedMean(ab.on).toFixed(2)} / ${trimmedMean(ab.off).toFixed(2)} ms, costliest tenth left out`,
    },
    {
      name: 'chart update p95, with trades / without, same page',
      value: quantile(ab.on, 0.95) / quantile(ab.off, 0.95),
      unit: '×',
      max: 1.1,
    },
    {
      name: 'chart update p50, control: trades in both blocks',
      value: quantile(aa.on, 0.5) / quantile(aa.off, 0.5),
      unit: '×',
      note: 'the same-page method with nothing changed between its blocks: its own noise',
    },
    {
      name: 'chart update p95, control: trades in both blocks',
      value: quantile(aa.on, 0.95) / quantile(aa.off, 0.95),
      unit: '×',
    },
    // Between two pages: the trades and the pages' own difference (see ALTERNATE).
    { name: 'chart update p50, with trades / ours, two pages', value: tr.p50 / o.p50, unit: '×' },
    { name: 'chart update p95, with trades / ours, two pages', value: tr.p95 / o.p95, unit: '×' },
    { name: 'chart frames per second, ours with trades', value: tr.fps, unit: 'fps', min: 55 },
    { name: 'chart frames per second, ours', value: o.fps, unit: 'fps', min: 55 },
    { name: 'chart frames per second, bare klinecharts', value: b.fps, unit: 'fps' },
    {
      name: 'chart longest task, ours',
      value: longest(o.long),
      unit: 'ms',
      max: 50,
      note: `${o.long.length} long task(s)`,
    },
    {
      name: 'chart longest task, bare klinecharts',
      value: longest(b.long),
      unit: 'ms',
      note: `${b.long.length} long task(s)`,
    },
    // The same in thread time: a task the machine's other work held up is not long by its own cost.
    {
      name: 'chart longest task in thread time, ours',
      value: o.threadLongest,
      unit: 'ms',
      max: 50,
    },
    {
      name: 'chart longest task in thread time, bare klinecharts',
      value: b.threadLongest,
      unit: 'ms',
    },
  ];
}
