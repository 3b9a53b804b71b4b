/**
 * The chart bench page. `?mode=ours` renders our ProductChart (real channel,
 * feed, per-frame batching, styles, description) fed by a stub connection;
 * `?mode=bare` drives klinecharts directly with the same data, indicators and
 * update sequence. `window.__bench.run(seconds)` streams 20 updates a second,
 * marking each (`u<n>` user-timing marks, read back from the trace).
 */
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '../../src/i18n/react.tsx';
import { createActor, fromCallback } from 'xstate';
import { init, type KLineData } from 'klinecharts';
import { createChannel, type ConnectionEvents } from '../../src/api/realtime/channel.ts';
import { realtimeMachine } from '../../src/machines/realtime/machine.ts';
import { DEFAULT_SITE } from '../../src/config/site.ts';
import { allTexts, createI18n } from '../../src/i18n/index.ts';
import type { KlinePoint } from '../../src/api/types/trading.ts';
import type { Services } from '../../src/ui/boot/services.ts';
import { ServicesContext } from '../../src/ui/services-context.tsx';
import { ProductChart } from '../../src/ui/chart/product-chart.tsx';
import { INDICATOR_PARAMS, indicatorCreate } from '../../src/ui/chart/indicators.ts';
import { toKLineData } from '../../src/ui/chart/kline-data.ts';
import {
  candleStyles,
  colourStyles,
  compactStyles,
  fontStyles,
  modeStyles,
} from '../../src/ui/chart/chart-styles.ts';
import { SYMBOL, UPDATES_PER_SECOND, createWorkload } from './workload.ts';
import { subscribe } from 'valtio/vanilla';
import { orders } from '../../src/state/orders.ts';
import { session } from '../../src/state/session.ts';
import type { MarketOrder } from '../../src/api/types/trading.ts';

export interface RunStats {
  firstMark: number;
  lastMark: number;
  seconds: number;
  frames: number;
  longTasks: number[];
  /** With `alternate`: whether the trades were on the chart at each update (from firstMark). */
  tradesOn?: boolean[];
  /** Whether each update opened a new candle (from firstMark): dearer, and not the trades'. */
  fresh: boolean[];
  /** The position's label texts seen on the chart during the run (its P&L must move). */
  labels: number;
}

const MAIN = ['MA', 'EMA', 'SMA'] as const;
/** The order of the trades' blocks (run): on, off, off, on. */
const ABBA = [true, false, false, true];
const root = document.getElementById('root') as HTMLElement;
const { history, next } = createWorkload();
let mark = 0;

/** `?trades`: a signed-in user's position with both stops and a pending order (issue 28). */
const TRADES = new URLSearchParams(location.search).has('trades');
/** `?control`: the trades stay on the chart in every block (chart.bench.ts). */
const CONTROL = new URLSearchParams(location.search).has('control');

/**
 * Take the trades' layer off the chart (signed out) and put it back: the orders stay in the
 * store and their P&L goes on being patched, as the exchange channel does whether or not a
 * chart shows them, so what differs is the layer's own cost.
 */
function showTrades(on: boolean): void {
  // The control run: blocks marked on and off, the trades on the chart in both (the method's own noise).
  if (CONTROL) return;
  session.token = on ? 'bench' : undefined;
}

function seedTrades(price: number): void {
  const base = {
    uid: '7',
    buyPoint: 2,
    tradePair: SYMBOL,
    productName: SYMBOL,
    orderQuantity: 0.1,
    securityDepositInitial: 280,
    currentPrice: price,
    profitLoss: 0,
    feeAmount: 2.8,
    transactionTimeTs: Date.now(),
    closingTimeTs: null,
  } as const;
  session.token = 'bench';
  orders.holding = [
    {
      ...base,
      id: '1',
      orderType: 0,
      openingPrice: price,
      stopPrice: price * 0.995,
      takeProfitPrice: price * 1.005,
      positionStatus: 2,
    } as MarketOrder,
  ];
  orders.pending = [
    {
      ...base,
      id: '2',
      orderType: 1,
      buyPoint: 1,
      openingPrice: price * 1.002,
      stopPrice: null,
      takeProfitPrice: null,
      positionStatus: 1,
    } as MarketOrder,
  ];
  orders.loaded = { holding: true, pending: true };
}

async function ours(): Promise<(p: KlinePoint) => void> {
  let sink: ConnectionEvents | undefined;
  const market = createChannel('market', (events) => {
    sink = events;
    queueMicrotask(() => events.open());
    return { send() {}, close() {} };
  });
  market.connect({ open() {}, message() {}, closed() {} });
  const realtime = createActor(
    realtimeMachine.provide({ actors: { connection: fromCallback(() => () => {}) } }),
  ).start();
  const i18n = await createI18n('en');
  // The chart is a lazy panel in the app: it shows once all of English is in.
  await allTexts();
  const services = {
    config: DEFAULT_SITE,
    i18n,
    realtime,
    api: {
      call: async (name: string) => ({
        code: 0,
        data:
          name === 'userOrder' || name === 'userOrderMock'
            ? { list: [], pages: 0 }
            : name === 'userOptionHistory'
              ? { items: [], todayWinLoss: 0, totalWinLoss: 0 }
              : history.map((p) => ({ ...p })),
        reply: null,
        message: '',
      }),
    },
    backend: { kind: 'simulator', channels: { market, exchange: market } },
  } as unknown as Services;
  createRoot(root).render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <ProductChart
          symbol={SYMBOL}
          period="1min"
          candleType="solid"
          indicators={{ main: MAIN, sub: [] }}
          dark={false}
          colours="green_up"
          label="Bench chart"
          onTrade={TRADES ? () => {} : undefined}
        />
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  await until(() => document.querySelector('[role="img"]')?.getAttribute('aria-busy') === 'false');
  if (TRADES) {
    seedTrades(history.at(-1)!.closePrice);
    // The positions panel and the account summary watch the orders whether or not a chart shows
    // them: valtio's cost of telling a watcher about each P&L patch is not the trade layer's.
    subscribe(orders, () => {});
  }
  return (data) => {
    sink?.message({ topic: 'kline', symbol: SYMBOL, period: '1min', data });
    // The exchange channel's patch of the position's P&L, as often as the candle moves.
    const position = orders.holding[0];
    if (position) {
      position.currentPrice = data.closePrice;
      position.profitLoss = Math.round((data.closePrice - position.openingPrice) * 10) / 100;
    }
  };
}

async function bare(): Promise<(p: KlinePoint) => void> {
  const chart = init(root);
  if (!chart) throw new Error('init failed');
  let push: ((bar: KLineData) => void) | undefined;
  chart.setTimezone(DEFAULT_SITE.timezone);
  if (new URLSearchParams(location.search).has('styled')) {
    // The styles our chart sets, so the comparison is of the wrapper alone.
    for (const s of [
      modeStyles(false),
      colourStyles('green_up', DEFAULT_SITE.colors),
      candleStyles('solid'),
      compactStyles(false),
      fontStyles(getComputedStyle(root).fontFamily),
    ]) {
      chart.setStyles(s);
    }
  }
  chart.setSymbol({ ticker: SYMBOL, pricePrecision: 2, volumePrecision: 2 });
  chart.setPeriod({ type: 'minute', span: 1 });
  chart.setDataLoader({
    getBars: ({ callback }) => callback(history.map(toKLineData), false),
    subscribeBar: ({ callback }) => (push = callback),
  });
  for (const name of MAIN)
    chart.createIndicator(
      { ...indicatorCreate('main', name), calcParams: INDICATOR_PARAMS[name] },
      true,
    );
  await until(() => push !== undefined);
  return (p) => push?.(toKLineData(p));
}

function until(ok: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (ok() ? resolve() : setTimeout(check, 20));
    check();
  });
}

/**
 * Stream `seconds` of updates. With `alternate` (trades mode): the trades go off and on the
 * chart every `alternate` updates, in blocks ordered on, off, off, on (so a slow drift over the
 * run, a heap growing or code warming up, weighs on both alike), so one page measures the
 * chart with and without them
 * (the same renderer, heap and compiled code: what differs between two pages is not the
 * trades' cost).
 */
async function run(
  deliver: (p: KlinePoint) => void,
  seconds: number,
  alternate = 0,
): Promise<RunStats> {
  const longTasks: number[] = [];
  const obs = new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => longTasks.push(e.duration)),
  );
  obs.observe({ type: 'longtask' });
  let frames = 0;
  let on = true;
  const loop = () => {
    frames++;
    if (on) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  const total = seconds * UPDATES_PER_SECOND;
  const firstMark = mark;
  const tradesOn: boolean[] = [];
  const labels = new Set<string>();
  let trading = !!session.token;
  if (alternate > 0 && !trading) showTrades((trading = true));
  const fresh: boolean[] = [];
  let candle = NaN;
  const t0 = performance.now();
  await new Promise<void>((done) => {
    let i = 0;
    const id = setInterval(() => {
      if (alternate > 0 && i > 0 && i % alternate === 0) {
        // Block 0 leads in (the bench leaves it out); then on, off, off, on.
        const want = ABBA[(Math.floor(i / alternate) - 1) % ABBA.length]!;
        if (want !== trading) showTrades((trading = want));
      }
      tradesOn.push(trading);
      const label = root.querySelector('.trade-label')?.textContent;
      if (label) labels.add(label);
      performance.mark(`u${mark++}`);
      const p = next();
      fresh.push(p.time !== candle);
      candle = p.time;
      deliver(p);
      if (++i >= total) {
        clearInterval(id);
        done();
      }
    }, 1000 / UPDATES_PER_SECOND);
  });
  // The last update's frames.
  await new Promise((r) => setTimeout(r, 1000 / UPDATES_PER_SECOND));
  performance.mark(`u${mark++}`);
  on = false;
  obs.disconnect();
  return {
    firstMark,
    lastMark: mark - 1,
    seconds: (performance.now() - t0) / 1000,
    frames,
    longTasks,
    labels: labels.size,
    fresh,
    ...(alternate > 0 ? { tradesOn } : {}),
  };
}

const mode = new URLSearchParams(location.search).get('mode');
const ready = mode === 'bare' ? bare() : ours();
(window as unknown as { __bench: unknown }).__bench = {
  ready: ready.then(() => true),
  trades: showTrades,
  run: async (seconds: number, alternate?: number) => run(await ready, seconds, alternate),
};
