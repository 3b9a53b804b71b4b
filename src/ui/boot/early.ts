/**
 * Start-up work that needs neither React nor the app's code, begun by the
 * entry (main.tsx) before the app's chunk loads, so it runs alongside it:
 * - the site config's fetch (begun by index.html's inline script already);
 * - the simulator's worker, speculatively: when the config this browser read
 *   last says simulator, or when there is none. A live site's first visit
 *   starts it once for nothing; the app lets it go when the config says live
 *   (backend.ts), and later visits remember live and start none;
 * - the first product-list call (early-replies.ts): to that worker, or
 *   to the live server the config names once it arrives; and then the live
 *   market socket (early-socket.ts);
 * - the first locale files (English, the fallback, and the language the app
 *   will show), so i18n finds them in the module map.
 * Each is taken once by the app; a second start (a reload of the config)
 * fetches afresh.
 */
import { routePath } from '../../machines/route-path.ts';
import * as Comlink from 'comlink';
import { fetchSiteConfig } from './site-config-fetch.ts';
import type { WorkerApi } from '../../simulator/worker.ts';
import { productListRequest, sendToLive, sendToSimulator } from './early-replies.ts';
import { wireRequest } from '../../api/request.ts';
import type { WireRequest } from '../../api/wire.ts';
import { findRoute } from '../../machines/routes.ts';
import { openEarlyMarket } from './early-socket.ts';
import { takeHeadMarket } from './market-head.ts';
import { isLanguage, textDirection, loadLocale } from '../../i18n/loaders.ts';
import { preferences } from '../../state/preferences.ts';
import { readJson } from '../../state/persist.ts';
import { LAST_CONFIG_KEY } from '../../state/seen.ts';

/** The last site config read (raw), for a start without network and for these guesses. */
export const LAST_CONFIG = LAST_CONFIG_KEY;

export type WorkerEndpoint = MessagePort | Worker;

/** The simulator's worker and its Comlink proxy (one per endpoint). */
export interface SimulatorWorker {
  endpoint: WorkerEndpoint;
  remote: Comlink.Remote<WorkerApi>;
}

let configFetch: Promise<Response> | undefined;
let worker: SimulatorWorker | undefined;
/** The app has taken (or started) its worker: a config arriving later starts none. */
let workerTaken = false;

export function startWorker(): SimulatorWorker {
  const endpoint = newWorker();
  return { endpoint, remote: Comlink.wrap<WorkerApi>(endpoint) };
}

function newWorker(): WorkerEndpoint {
  performance.mark('boot:worker');
  // Both constructors are spelled out so the bundler finds and builds the worker.
  if (typeof SharedWorker !== 'undefined') {
    const w = new SharedWorker(new URL('../../simulator/worker.ts', import.meta.url), {
      type: 'module',
      name: 'trader-simulator',
    });
    w.port.start();
    return w.port;
  }
  return new Worker(new URL('../../simulator/worker.ts', import.meta.url), { type: 'module' });
}

export function startEarly(): void {
  const last = readJson<{
    backend?: unknown;
    defaultLanguage?: unknown;
    defaultTradeMode?: unknown;
  }>(LAST_CONFIG);
  // index.html asked for it as it parsed; else (a page without that script) here.
  const inline = window as { __siteConfig?: Promise<Response> };
  const asked = inline.__siteConfig ?? fetchSiteConfig();
  delete inline.__siteConfig;
  // The app reads the original response (loadSiteConfig) only once the entry has read its copy
  // and sent the first calls: the app's own first call then always finds the early one (read
  // side by side, the app's could go out first, and the product list was asked for twice).
  configFetch = asked.then(async (res) => {
    // Nothing here may keep the app from its config: a failure is the app's to report.
    if (res.ok)
      await res
        .clone()
        .json()
        .then((raw: EarlyConfig | null) => sendFirst(raw, last))
        .catch(() => {});
    return res;
  });
  // Its failure is reported when the app reads it (loadSiteConfig).
  configFetch.catch(() => {});
  if (last !== undefined && last?.backend !== 'live') startSimulator(last);
  const lng = isLanguage(preferences.language)
    ? preferences.language
    : isLanguage(last?.defaultLanguage)
      ? last.defaultLanguage
      : 'en';
  // The page's direction from the first paint: Arabic lays the shell out right to left.
  document.documentElement.lang = lng;
  document.documentElement.dir = textDirection(lng);
  // A guess: createI18n loads (and reports) whatever it really needs.
  for (const l of new Set(['en', lng] as const)) loadLocale(l).catch(() => {});
}

type EarlyConfig = { backend?: unknown; defaultTradeMode?: unknown };

/** The first screen's calls and socket, on the site config's word. */
function sendFirst(raw: EarlyConfig | null, last: EarlyConfig | undefined): void {
  // The socket index.html opened on the last config's word: taken if this one agrees.
  const head = takeHeadMarket();
  if (raw?.backend === 'live') {
    sendToLive(raw, firstCalls(raw));
    openEarlyMarket(raw, { symbol: chartSymbol(), ...(head ? { head } : {}) });
  } else {
    head?.ws.close();
    if (last === undefined) startSimulator(raw);
  }
}

function startSimulator(cfg: { defaultTradeMode?: unknown } | null): void {
  if (worker || workerTaken) return;
  worker = startWorker();
  sendToSimulator(worker.remote.handle, firstCalls(cfg));
}

/** The chart's symbol when the page opens on a chart route (`/chart/X`, `/X/chart`). */
function chartSymbol(): string | undefined {
  const base = import.meta.env.BASE_URL;
  const found = findRoute(routePath(location.pathname, base));
  const chart = found?.route.name === 'chart' || found?.route.name === 'chartAlt';
  return chart ? found.params.symbol : undefined;
}

/**
 * The first screen's first calls: the product list, the system config (the
 * feature flags, which what a screen shows waits on), and on a chart the
 * Buy / Sell gate's (machines/chartGate/actors.ts, market mode; an option
 * gate's product read is the app's own).
 */
function firstCalls(cfg: { defaultTradeMode?: unknown } | null | undefined): WireRequest[] {
  const calls = [productListRequest(), wireRequest('systemConfig')];
  const symbol = chartSymbol();
  if (!symbol) return calls;
  calls.push(wireRequest('marketStatus', { symbol }));
  if ((preferences.tradeMode ?? cfg?.defaultTradeMode ?? 'market') === 'market')
    calls.push(wireRequest('thumb', { symbol }));
  return calls;
}

/** The config fetch started early, once. */
export function takeConfigFetch(): Promise<Response> | undefined {
  const f = configFetch;
  configFetch = undefined;
  return f;
}

/** The worker started early, once. */
export function takeWorker(): SimulatorWorker | undefined {
  workerTaken = true;
  const w = worker;
  worker = undefined;
  return w;
}
