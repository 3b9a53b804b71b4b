/**
 * Start-up on a phone's network (issue 31): the production build in live
 * mode against `sim:server` (a separate process on 127.0.0.1, as the live e2e
 * project starts it), interleaved with the cold-load bench's reference page
 * (bench/reference: the same React, a static JSON, the same table), under
 * Chromium's network emulation (CDP `Network.emulateNetworkConditions`) and
 * CPU throttling (`Emulation.setCPUThrottlingRate`):
 * - networks: slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), fast 4G
 *   (60 ms, 9 / 9 Mbps), no throttle; CPU 1× and 4×;
 * - first visit (a new browser context) and repeat visit (the same context's
 *   second load, the service worker allowed; the first load is unthrottled
 *   and waits for the service worker to be active).
 * Per cell, medians of BENCH_NET_SAMPLES samples (default 3): first paint,
 * first price on screen (stale or live), the live price from the socket (the
 * app's `boot:first-tick` mark, or the boot shell's `boot:shell-live` when it
 * painted the socket's prices before React: ui/boot/shell-live.ts), Buy enabled (`/chart/BTCUSDT`'s Buy button,
 * in a load of its own, first visits on slow 4G only: the home screen has no
 * Buy for a guest), bytes
 * transferred, and the critical path's round trips (bench/network-waves.ts).
 * The waterfall of one slow-4G first visit is saved in bench-results/
 * (network-waterfall.json, network-waterfall.html), and one of its Buy loads
 * with the page's `boot:*` marks (network-waterfall-buy.json, .html).
 *
 * Caveats: the page's emulation does not reach the service worker's own
 * requests (its precache runs unthrottled); WebSocket frames are throttled by
 * Chromium's emulation only in recent versions. `BENCH_NET_PORT` sets the
 * preview port (default 4511); `BENCH_NET_CELLS` runs only the cells whose
 * label holds one of its `;`-separated parts ("first, slow 4G;repeat").
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { liveSiteConfig, startLiveServer } from '../tests/e2e/live-server.ts';
import { buildReference } from './cold-load.bench.ts';
import { preview, serve } from './serve.ts';
import { criticalPath, NetLog, waterfallHtml, type NetEntry } from './network-waves.ts';
import type { BenchResult } from './types.ts';
import { ARGS, CHROMIUM } from './browser.ts';
import { routeBytes } from './bundle.bench.ts';

const PORT = Number(process.env.BENCH_NET_PORT ?? 4511);
const SAMPLES = Number(process.env.BENCH_NET_SAMPLES ?? 3);
const VIEWPORT = { width: 390, height: 844 };
/** Only the cells whose label ("first, slow 4G, 1×") holds one of these (`;`-separated). */
const CELLS = (process.env.BENCH_NET_CELLS ?? '').split(';').filter(Boolean);

export interface Network {
  name: string;
  latency: number;
  down: number;
  up: number;
}
/** Throughputs in bytes per second, as CDP takes them. */
export const NETWORKS: Network[] = [
  { name: 'slow 4G', latency: 150, down: 1.6e6 / 8, up: 750e3 / 8 },
  { name: 'fast 4G', latency: 60, down: 9e6 / 8, up: 9e6 / 8 },
  { name: 'no throttle', latency: 0, down: -1, up: -1 },
];
const CPUS = [1, 4];
type Visit = 'first' | 'repeat';

interface Sample {
  fp: number;
  price: number;
  priceStale: boolean;
  live: number;
  socket: number;
  bytes: number;
  trips: number;
  log: NetEntry[];
}

const DONE = '__bench_net_done';
const PRICE = '[data-testid^="row-bid-"]';
const LIVE_PRICE = '[data-testid^="row-bid-"]:not([data-stale="true"])';

/**
 * Installed before any page script (a string: tsx's helpers do not exist in the
 * page). Done once the first paint, a live price and (ours) the socket's first
 * tick are in, or Buy is enabled when `buy` is asked for.
 */
const probe = (mode: 'ours' | 'ref' | 'buy') => `(() => {
  const w = window; const p = w.__net = {};
  const mode = ${JSON.stringify(mode)};
  const done = () => {
    if (p.done) return;
    const ok = mode === 'buy' ? p.buy !== undefined
      : p.fp !== undefined && p.live !== undefined && (mode === 'ref' || p.socket !== undefined);
    if (ok) { p.done = true; console.debug(${JSON.stringify(DONE)}); }
  };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    if (e.name === 'first-contentful-paint' && p.fp === undefined) { p.fp = e.startTime; done(); }
  })).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    if ((e.name === 'boot:first-tick' || e.name === 'boot:shell-live') && p.socket === undefined) { p.socket = e.startTime; done(); }
  })).observe({ type: 'mark', buffered: true });
  const check = () => {
    if (p.price === undefined) {
      const c = document.querySelector(${JSON.stringify(PRICE)});
      if (c && c.textContent && c.textContent.trim()) { p.price = performance.now(); p.priceStale = c.getAttribute('data-stale') === 'true'; }
    }
    if (p.live === undefined) {
      const c = document.querySelector(${JSON.stringify(LIVE_PRICE)});
      if (c && c.textContent && c.textContent.trim()) p.live = performance.now();
    }
    if (mode === 'buy' && p.buy === undefined) {
      for (const b of document.querySelectorAll('button')) {
        if (/^Buy$/.test((b.textContent || '').trim()) && !b.disabled && b.getAttribute('aria-disabled') !== 'true') { p.buy = performance.now(); break; }
      }
    }
    done();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-stale', 'disabled', 'aria-disabled'] });
})();`;

async function throttle(cdp: CDPSession, net: Network | undefined, cpu: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: net?.latency ?? 0,
    downloadThroughput: net?.down ?? -1,
    uploadThroughput: net?.up ?? -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** Loads `url` and waits for the probe's signal (page-signal.ts's way: nothing runs in the page). */
async function load(page: Page, url: string, timeoutMs = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onConsole: ((m: { text(): string }) => void) | undefined;
  const signal = new Promise<void>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no signal from ${url} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    onConsole = (m) => {
      if (m.text() === DONE) resolve();
    };
    page.on('console', onConsole);
  });
  try {
    await page.goto(url);
    await signal;
  } finally {
    clearTimeout(timer);
    if (onConsole) page.off('console', onConsole);
  }
}

type Readings = {
  fp: number;
  price: number;
  priceStale: boolean;
  live: number;
  socket: number;
  buy: number;
};
const readings = (page: Page) =>
  page.evaluate(() => (window as unknown as { __net: Readings }).__net);

/** One measured load in `page` (its context already set up for the visit). */
async function measure(
  page: Page,
  url: string,
  mode: 'ours' | 'ref',
  net: Network,
  cpu: number,
): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, net, cpu);
  const log = new NetLog(cdp);
  await page.addInitScript(probe(mode));
  await load(page, url);
  // The page's own clock at the document's request, to place the network events on it.
  const r = await readings(page);
  // BENCH_NET_MARKS=1: each load's start-up marks, to see where a cell's time goes.
  if (process.env.BENCH_NET_MARKS && mode === 'ours')
    console.log(
      `  marks ${url} ${net?.name ?? 'no throttle'} ${cpu}×:`,
      await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('boot:'))
          .map((m) => `${m.name.slice(5)} ${m.startTime.toFixed(0)}`)
          .join(', '),
      ),
    );
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const entries = log.entries();
  log.stop();
  await cdp.detach();
  const end = mode === 'ours' ? r.socket : r.live;
  return {
    fp: r.fp,
    price: r.price,
    priceStale: r.priceStale,
    live: r.live,
    socket: mode === 'ours' ? r.socket : NaN,
    bytes: entries.reduce((s, e) => s + e.bytes, 0),
    trips: criticalPath(entries, end, mode === 'ours' ? 'market' : 'products.json').length,
    log: entries,
  };
}

/**
 * Buy enabled on /chart/BTCUSDT (a load of its own; the home screen has no Buy for a guest),
 * with its requests and the page's start-up marks (`boot:*`), for the Buy waterfall.
 */
async function measureBuy(
  page: Page,
  url: string,
  net: Network,
  cpu: number,
): Promise<{ buy: number; log: NetEntry[]; marks: Record<string, number> }> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, net, cpu);
  const log = new NetLog(cdp);
  await page.addInitScript(probe('buy'));
  await load(page, url);
  const r = await readings(page);
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('boot:'))
        .map((m) => [m.name, m.startTime]),
    ),
  );
  const entries = log.entries();
  log.stop();
  await cdp.detach();
  return { buy: r.buy, log: entries, marks };
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
}

/** A first load, unthrottled, until the service worker is active (or 20 s). */
async function prime(ctx: BrowserContext, url: string, sw: boolean): Promise<Page> {
  const page = await ctx.newPage();
  await page.addInitScript(probe('ref'));
  await load(page, url);
  if (sw)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(resolve, 20_000);
          void navigator.serviceWorker.ready.then(() => resolve());
        }),
    );
  return page;
}

async function sample(
  browser: Browser,
  url: string,
  mode: 'ours' | 'ref',
  net: Network,
  cpu: number,
  visit: Visit,
): Promise<Sample> {
  const ctx = await newContext(browser);
  try {
    if (visit === 'first') return await measure(await ctx.newPage(), url, mode, net, cpu);
    const page = await prime(ctx, url, mode === 'ours');
    await page.close();
    return await measure(await ctx.newPage(), url, mode, net, cpu);
  } finally {
    await ctx.close();
  }
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : NaN;
};

/** The one slow-4G first visit's waterfall, as JSON and as a page a person can open. */
function saveWaterfall(s: Sample, label: string): void {
  writeWaterfall('network-waterfall', {
    label,
    marks: { firstPaint: s.fp, firstPrice: s.price, livePrice: s.live, socketTick: s.socket },
    criticalPath: criticalPath(s.log, s.socket, 'market').map((e) => e.id),
    entries: s.log,
  });
}

function writeWaterfall(
  name: string,
  data: {
    label: string;
    marks: Record<string, number>;
    criticalPath: string[];
    entries: NetEntry[];
  },
): void {
  mkdirSync('bench-results', { recursive: true });
  const out = { ...data, at: new Date().toISOString() };
  writeFileSync(`bench-results/${name}.json`, JSON.stringify(out, null, 2));
  writeFileSync(`bench-results/${name}.html`, waterfallHtml(out));
}

/** The production build in a folder of its own, its site config pointing at the live server. */
function buildLive(dir: string, cfg: unknown): void {
  execSync(`npx vite build --logLevel warn --outDir ${dir} --emptyOutDir`, { stdio: 'inherit' });
  writeFileSync(path.join(dir, 'config', 'site.json'), JSON.stringify(cfg));
}

export async function run(): Promise<BenchResult[]> {
  const server = await startLiveServer(20261122);
  const dist = mkdtempSync(path.join(tmpdir(), 'bench-net-'));
  const base = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as Record<
    string,
    unknown
  >;
  buildLive(dist, { ...(liveSiteConfig(base, server) as object), timeoutMs: 10_000 });
  // Bytes per route, from the same build (gzip, as the preview server sends it).
  const routes = routeBytes(dist);
  const refDir = await buildReference();
  const ref = await serve(refDir);
  const app = await preview(PORT, dist);
  const ours = `http://127.0.0.1:${PORT}/`;
  const results: BenchResult[] = [];
  const rows: string[] = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    // Warm-up loads (the browser's start, the server's first replies).
    await sample(browser, ours, 'ours', NETWORKS[2] as Network, 1, 'first');
    await sample(browser, ref.url, 'ref', NETWORKS[2] as Network, 1, 'first');
    let waterfall = false;
    for (const visit of ['first', 'repeat'] as const)
      for (const net of NETWORKS)
        for (const cpu of CPUS) {
          const cell = `${visit}, ${net.name}, ${cpu}×`;
          if (CELLS.length && !CELLS.some((c) => cell.includes(c))) continue;
          // Buy has a budget on slow 4G only: measured there, to keep the run short.
          const withBuy = visit === 'first' && net.name === 'slow 4G';
          const a: Sample[] = [];
          const b: Sample[] = [];
          const buy: number[] = [];
          for (let i = 0; i < SAMPLES; i++) {
            a.push(await sample(browser, ours, 'ours', net, cpu, visit));
            b.push(await sample(browser, ref.url, 'ref', net, cpu, visit));
            if (withBuy) {
              const ctx = await newContext(browser);
              const got = await measureBuy(await ctx.newPage(), `${ours}chart/BTCUSDT`, net, cpu);
              await ctx.close();
              buy.push(got.buy);
              // What Buy waits for: its first sample's requests and start-up marks.
              if (!waterfall)
                writeWaterfall('network-waterfall-buy', {
                  label: `/chart/BTCUSDT, ${visit} visit, ${net.name}, ${cpu}× CPU: Buy enabled`,
                  marks: { ...got.marks, buyEnabled: got.buy },
                  criticalPath: [],
                  entries: got.log,
                });
            }
          }
          if (!waterfall && net.name === 'slow 4G' && visit === 'first') {
            saveWaterfall(a[0] as Sample, `${visit} visit, ${net.name}, ${cpu}× CPU`);
            waterfall = true;
          }
          const m = (k: keyof Sample, xs = a) => median(xs.map((s) => s[k] as number));
          const refPrice = m('price', b);
          const price = m('price');
          const socket = m('socket');
          const stale = a.filter((s) => s.priceStale).length;
          const buyAt = median(buy);
          const budget = budgets(visit, net, cpu, refPrice);
          results.push(
            {
              name: `${cell}: first paint`,
              value: m('fp'),
              unit: 'ms',
              note: `reference ${m('fp', b).toFixed(0)} ms`,
            },
            {
              name: `${cell}: first price`,
              value: price,
              unit: 'ms',
              ...(budget.price ? { max: budget.price } : {}),
              note: `${stale} of ${SAMPLES} stale; reference ${refPrice.toFixed(0)} ms (${(price / refPrice).toFixed(2)}×)`,
            },
            {
              name: `${cell}: live price from the socket`,
              value: socket,
              unit: 'ms',
              ...(budget.live ? { max: budget.live } : {}),
              note: `${(socket / refPrice).toFixed(2)}× the reference; first live cell ${m('live').toFixed(0)} ms`,
            },
            ...(withBuy
              ? [
                  {
                    name: `${cell}: Buy enabled (/chart/BTCUSDT)`,
                    value: buyAt,
                    unit: 'ms',
                    ...(budget.buy ? { max: budget.buy } : {}),
                  },
                ]
              : []),
            {
              name: `${cell}: bytes transferred`,
              value: m('bytes') / 1024,
              unit: 'KiB',
              note: `reference ${(m('bytes', b) / 1024).toFixed(0)} KiB`,
            },
            {
              name: `${cell}: critical-path round trips`,
              value: m('trips'),
              unit: 'waves',
              note: `reference ${m('trips', b)}`,
            },
          );
          rows.push(
            `| ${visit} | ${net.name}, ${cpu}× | ${m('fp').toFixed(0)} | ${price.toFixed(0)}${stale ? ` (${stale}/${SAMPLES} stale)` : ''} / ${refPrice.toFixed(0)} (${(price / refPrice).toFixed(2)}×) | ${socket.toFixed(0)} (${(socket / refPrice).toFixed(2)}×) | ${withBuy ? buyAt.toFixed(0) : '–'} | ${(m('bytes') / 1024).toFixed(0)} / ${(m('bytes', b) / 1024).toFixed(0)} | ${m('trips')} / ${m('trips', b)} |`,
          );
        }
    await browser.close();
  } finally {
    app.stop();
    ref.server.close();
    await server.stop();
    rmSync(refDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
  const table = [
    `Medians of ${SAMPLES}, ms from navigation start (ours / reference):`,
    '| visit | network, CPU | first paint | first price | live price (socket) | Buy enabled | KiB | round trips |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const perRoute = [
    'JavaScript per route, gzip (the first route, then what each lazy chunk adds beyond it):',
    '| chunk | KB | files |',
    '|---|---|---|',
    ...routes.map((r) => `| ${r.name} | ${r.kb.toFixed(1)} | ${r.files} |`),
  ].join('\n');
  console.log(`\n${table}\n\n${perRoute}\n`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/network-table.md', `${table}\n\n${perRoute}\n`);
  results.push(
    ...routes.map((r) => ({
      name: `bytes: ${r.name}`,
      value: r.kb,
      unit: 'KB gzip',
      note: `${r.files} file(s)`,
    })),
  );
  return results;
}

/** Issue 31's budgets for a cell (none where the issue sets none). */
function budgets(
  visit: Visit,
  net: Network,
  cpu: number,
  refPrice: number,
): { price?: number; live?: number; buy?: number } {
  if (visit === 'first' && net.name === 'slow 4G' && cpu === 1)
    return { live: 1.5 * refPrice, buy: 1500 };
  if (visit === 'repeat' && net.name === 'slow 4G' && cpu === 1)
    return { price: 300, live: 1.2 * refPrice };
  if (visit === 'repeat' && cpu === 4) return { price: 500, live: 1000 };
  return {};
}
