/**
 * The chart bench page. `?mode=ours` renders our ProductChart (real channel,
 * feed, per-frame batching, styles, description) fed by a stub connection;
 * `?mode=bare` drives klinecharts directly with the same data, indicators and
 * update sequence. `window.__bench.run(seconds)` streams 20 updates a second,
 * marking each (`u<n>` user-timing marks, read back from the trace).
 */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromCallback } from 'xstate';
import { init, type KLineData } from 'klinecharts';
import { createChannel, type ConnectionEvents } from '../../src/api/realtime/channel.ts';
import { realtimeMachine } from '../../src/machines/realtime/machine.ts';
import { DEFAULT_SITE } from '../../src/config/site.ts';
import { createI18n } from '../../src/i18n/index.ts';
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

export interface RunStats {
  firstMark: number;
  lastMark: number;
  seconds: number;
  frames: number;
  longTasks: number[];
}

const MAIN = ['MA', 'EMA', 'SMA'] as const;
const root = document.getElementById('root') as HTMLElement;
const { history, next } = createWorkload();
let mark = 0;

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
  const services = {
    config: DEFAULT_SITE,
    i18n,
    realtime,
    api: {
      call: async () => ({
        code: 0,
        data: history.map((p) => ({ ...p })),
        reply: null,
        message: '',
      }),
    },
    backend: { kind: 'simulator', channels: { market, exchange: market } },
  } as unknown as Services;
  createRoot(root).render(
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={i18n}>
        <ProductChart
          symbol={SYMBOL}
          period="1min"
          candleType="solid"
          indicators={{ main: MAIN, sub: [] }}
          dark={false}
          colours="green_up"
          label="Bench chart"
        />
      </I18nextProvider>
    </ServicesContext.Provider>,
  );
  await until(() => document.querySelector('[role="img"]')?.getAttribute('aria-busy') === 'false');
  return (data) => sink?.message({ topic: 'kline', symbol: SYMBOL, period: '1min', data });
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

async function run(deliver: (p: KlinePoint) => void, seconds: number): Promise<RunStats> {
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
  const t0 = performance.now();
  await new Promise<void>((done) => {
    let i = 0;
    const id = setInterval(() => {
      performance.mark(`u${mark++}`);
      deliver(next());
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
  };
}

const mode = new URLSearchParams(location.search).get('mode');
const ready = mode === 'bare' ? bare() : ours();
(window as unknown as { __bench: unknown }).__bench = {
  ready: ready.then(() => true),
  run: async (seconds: number) => run(await ready, seconds),
};
