/**
 * The exchange simulator's trading side, server-side (handlers driven
 * directly, as the worker does after routing; no token signing):
 * - order throughput: market orders placed then closed, in operations per second;
 * - the cost of one price tick across all 60 products with 1,000 open positions
 *   (fills, stop loss / take profit checks, stop-out checks), alone and with
 *   the price entries of all products that the market channel sends;
 * - the exchange channel's bytes per minute (JSON, as the WebSocket host
 *   serialises it) for 100 accounts with 10 open positions each: clients that
 *   take full lists every second (before issue 14) against clients that merge deltas;
 * - one trader's bytes per minute on each stream, the market channel's all
 *   prices in both formats (products that moved, in full; deltas);
 * - the market side's tick with 100 traders on all prices, in both formats.
 */
import { performance } from 'node:perf_hooks';
import { createVirtualClock } from '../src/simulator/clock.ts';
import { createSimulator, type Simulator } from '../src/simulator/server.ts';
import { tradingModule } from '../src/simulator/modules/trading/index.ts';
import { allQuotes } from '../src/simulator/modules/market.ts';
import { quoteAt } from '../src/simulator/modules/trading/quotes.ts';
import type { CallInfo, Handlers } from '../src/simulator/module.ts';
import type { BenchResult } from './types.ts';

/** Wednesday 18 Nov 2026, 10:00 New York: every market is open. */
const T0 = Date.UTC(2026, 10, 18, 15, 0, 0);
const USERS = 100;

type Answer = { code: number; data: unknown };
const call = (fn: unknown, p: unknown, i: CallInfo) =>
  (fn as (p: unknown, i: CallInfo) => Answer)(p, i);

async function world() {
  const clock = createVirtualClock(T0);
  // Sign-in cost is not what is measured: a cheap password hash keeps set-up quick.
  const sim = await createSimulator({ seed: 7, clock, ticking: false, passwordIterations: 1_000 });
  const uids: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const u = await sim.backOffice.seedUser({
      email: `bench${i}@example.com`,
      password: 'secret123',
      deposit: 100_000_000,
    });
    uids.push(u.uid);
    tokens.push(u.token);
  }
  return { sim, clock, uids, tokens, h: tradingModule.handlers(sim.ctx) };
}

const info = (uid: string, now: number): CallInfo => ({
  session: { uid, virtualStatus: '0', aesKey: '', exp: 0 },
  token: undefined,
  now,
  peer: 'local',
});

/** Place a market buy of the minimum volume; returns the order id. */
function place(sim: Simulator, h: Handlers, uid: string, symbol: string, now: number): string {
  const d = sim.ctx.products.get(symbol)!;
  const q = quoteAt(sim.ctx, symbol, now);
  const r = call(
    h.addOrder,
    {
      tradePair: symbol,
      price: q.mid,
      stopPrice: Number((q.bid * 0.5).toFixed(d.precision)),
      takeProfitPprice: Number((q.bid * 1.5).toFixed(d.precision)),
      orderQuantity: d.minCount,
      multiple: d.multiple,
      orderType: 0,
      buyPoint: 2,
    },
    info(uid, now),
  );
  if (r.code !== 0) throw new Error(`addOrder ${symbol} answered ${r.code}`);
  return r.data as string;
}

async function throughput(): Promise<BenchResult> {
  const { sim, clock, uids, h } = await world();
  const symbols = sim.ctx.products.all().map((d) => d.symbol);
  const N = 20_000;
  const ids: Array<[string, string]> = [];
  // Warm the price series and caches.
  for (const s of symbols) quoteAt(sim.ctx, s, clock.now());
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const uid = uids[i % USERS]!;
    ids.push([uid, place(sim, h, uid, symbols[i % symbols.length]!, clock.now())]);
  }
  const t1 = performance.now();
  clock.advance(3 * 60_000);
  const t2 = performance.now();
  for (const [uid, orderId] of ids) {
    const r = call(h.closeOrder, { orderId }, info(uid, clock.now()));
    if (r.code !== 0) throw new Error(`closeOrder answered ${r.code}`);
  }
  const t3 = performance.now();
  sim.stop();
  const ms = t1 - t0 + (t3 - t2);
  return {
    name: 'order operations (place + close market orders)',
    value: (2 * N) / (ms / 1000),
    unit: 'ops/s',
    min: 20_000,
    note: `${N} pairs, ${USERS} users; place ${(((t1 - t0) / N) * 1000).toFixed(1)} µs, close ${(((t3 - t2) / N) * 1000).toFixed(1)} µs`,
  };
}

async function tickCost(): Promise<BenchResult[]> {
  const { sim, clock, uids, tokens, h } = await world();
  const symbols = sim.ctx.products.all().map((d) => d.symbol);
  for (let i = 0; i < 1000; i++)
    place(sim, h, uids[i % USERS]!, symbols[i % symbols.length]!, clock.now());
  const TICKS = 2000;
  const measure = (fn: (now: number) => void) => {
    for (let i = 0; i < 50; i++) {
      clock.advance(200);
      fn(clock.now());
    }
    const times: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      clock.advance(200);
      const now = clock.now();
      const a = performance.now();
      fn(now);
      times.push(performance.now() - a);
    }
    times.sort((x, y) => x - y);
    return {
      mean: times.reduce((s, x) => s + x, 0) / TICKS,
      p99: times[Math.floor(TICKS * 0.99)]!,
    };
  };
  const trading = measure((now) => tradingModule.onTick!(sim.ctx, now));
  const full = measure((now) => {
    tradingModule.onTick!(sim.ctx, now);
    allQuotes(sim.ctx, now);
  });
  // Every account on the exchange channel as the app connects (merging deltas), each message
  // serialised as the WebSocket host does.
  let bytes = 0;
  for (const token of tokens) {
    const conn = await sim.connect('exchange', {
      message: (m) => void (bytes += JSON.stringify(m).length),
      closed: () => {},
    });
    await conn.send({ op: 'auth', token, delta: true });
  }
  const connected = measure((now) => tradingModule.onTick!(sim.ctx, now));
  const open = Object.values(sim.ctx.state.trading.orders).filter(
    (o) => o.positionStatus === 2,
  ).length;
  sim.stop();
  return [
    {
      name: 'price tick, trading side (1,000 open positions)',
      value: trading.mean,
      unit: 'ms',
      max: 2,
      note: `p99 ${trading.p99.toFixed(3)} ms, ${open} open over ${symbols.length} products, ${USERS} accounts`,
    },
    {
      name: 'price tick, trading side, all 100 accounts listening',
      value: connected.mean,
      unit: 'ms',
      max: 2,
      note: `p99 ${connected.p99.toFixed(3)} ms; lists pushed every second as deltas (${(bytes / 1e6).toFixed(0)} MB of JSON)`,
    },
    {
      name: 'price tick incl. all 60 price entries',
      value: full.mean,
      unit: 'ms',
      max: 2,
      note: `p99 ${full.p99.toFixed(3)} ms`,
    },
  ];
}

async function channelBytes(): Promise<BenchResult[]> {
  const { sim, clock, uids, tokens, h } = await world();
  const symbols = sim.ctx.products.all().map((d) => d.symbol);
  for (let i = 0; i < 1000; i++)
    place(sim, h, uids[i % USERS]!, symbols[i % symbols.length]!, clock.now());
  const bytes = { full: 0, delta: 0 };
  for (const kind of ['full', 'delta'] as const)
    for (const token of tokens) {
      const conn = await sim.connect('exchange', {
        message: (m) => void (bytes[kind] += JSON.stringify(m).length),
        closed: () => {},
      });
      await conn.send(
        kind === 'delta' ? { op: 'auth', token, delta: true } : { op: 'auth', token },
      );
    }
  bytes.full = bytes.delta = 0;
  const MINUTES = 2;
  for (let i = 0; i < (MINUTES * 60_000) / 200; i++) {
    clock.advance(200);
    tradingModule.onTick!(sim.ctx, clock.now());
  }
  sim.stop();
  const perMin = (b: number) => b / MINUTES / 1e6;
  return [
    {
      name: 'exchange channel, full lists (100 accounts × 10 open)',
      value: perMin(bytes.full),
      unit: 'MB/min',
      note: `${(((bytes.full / MINUTES / USERS) * 60) / 1e6).toFixed(1)} MB an hour per client`,
    },
    {
      name: 'exchange channel, deltas (100 accounts × 10 open)',
      value: perMin(bytes.delta),
      unit: 'MB/min',
    },
    {
      name: 'exchange channel, deltas / full lists',
      value: bytes.delta / bytes.full,
      unit: '×',
      max: 0.25,
    },
  ];
}

/**
 * One trader as the soak has them (one open position; all prices, the chart's
 * symbol and its 1-minute kline on the market channel), over one simulated
 * minute of ticks: what each channel serialises.
 */
async function oneTrader(): Promise<BenchResult[]> {
  const clock = createVirtualClock(T0);
  const sim = await createSimulator({ seed: 7, clock, passwordIterations: 1_000 });
  const u = await sim.backOffice.seedUser({
    email: 'one@example.com',
    password: 'secret123',
    deposit: 100_000,
  });
  place(sim, tradingModule.handlers(sim.ctx), u.uid, 'BTCUSDT', clock.now());
  const bytes = { full: 0, delta: 0, market: 0, prices: 0, pricesDelta: 0 };
  const counter = (k: keyof typeof bytes) => ({
    message: (m: unknown) => void (bytes[k] += JSON.stringify(m).length),
    closed: () => {},
  });
  const market = await sim.connect('market', counter('market'));
  await market.send({ op: 'sub', topic: 'price', symbol: 'BTCUSDT' });
  await market.send({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '1min' });
  await (await sim.connect('market', counter('prices'))).send({ op: 'sub', topic: 'prices' });
  await (
    await sim.connect('market', counter('pricesDelta'))
  ).send({ op: 'sub', topic: 'prices', delta: true });
  await (await sim.connect('exchange', counter('full'))).send({ op: 'auth', token: u.token });
  await (
    await sim.connect('exchange', counter('delta'))
  ).send({ op: 'auth', token: u.token, delta: true });
  clock.advance(5_000);
  bytes.full = bytes.delta = bytes.market = bytes.prices = bytes.pricesDelta = 0;
  clock.advance(60_000);
  sim.stop();
  const kb = (b: number) => b / 1000;
  const products = sim.ctx.products.all().length;
  return [
    {
      name: 'one trader, exchange channel, full lists',
      value: kb(bytes.full),
      unit: 'KB/min',
    },
    {
      name: 'one trader, exchange channel, deltas',
      value: kb(bytes.delta),
      unit: 'KB/min',
      note: `${(bytes.full / bytes.delta).toFixed(1)}× less`,
    },
    {
      name: `one trader, market prices, products that moved in full (${products} products)`,
      value: kb(bytes.prices),
      unit: 'KB/min',
      note: 'a client that does not opt in (before issue 14)',
    },
    {
      name: `one trader, market prices, deltas (${products} products)`,
      value: kb(bytes.pricesDelta),
      unit: 'KB/min',
      note: `${(bytes.prices / bytes.pricesDelta).toFixed(1)}× less`,
    },
    {
      name: 'one trader, market prices, deltas / full entries',
      value: bytes.pricesDelta / bytes.prices,
      unit: '×',
      max: 0.6,
    },
    {
      name: 'one trader, market channel, price and 1-min kline of the chart symbol',
      value: kb(bytes.market),
      unit: 'KB/min',
      note: 'unchanged: sent when they move, in full',
    },
  ];
}

/**
 * The market channel's tick with 100 traders subscribed to all prices, each
 * message serialised as the WebSocket host does: clients that take the
 * products that moved in full (before issue 14) against clients that merge
 * deltas. What is timed is the whole simulator tick (price engine, trading,
 * the hub's diff and the serialising).
 */
async function marketTick(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const TICKS = 500;
  for (const delta of [false, true]) {
    const clock = createVirtualClock(T0);
    const sim = await createSimulator({ seed: 7, clock, passwordIterations: 1_000 });
    let bytes = 0;
    for (let i = 0; i < USERS; i++) {
      const conn = await sim.connect('market', {
        message: (m) => void (bytes += JSON.stringify(m).length),
        closed: () => {},
      });
      await conn.send(
        delta ? { op: 'sub', topic: 'prices', delta } : { op: 'sub', topic: 'prices' },
      );
    }
    clock.advance(50 * 200);
    bytes = 0;
    const times: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      const a = performance.now();
      clock.advance(200);
      times.push(performance.now() - a);
    }
    sim.stop();
    times.sort((x, y) => x - y);
    const perMin = bytes / ((TICKS * 200) / 60_000) / 1e6;
    out.push({
      name: `price tick, market side, all 100 accounts listening to prices (${delta ? 'deltas' : 'in full'})`,
      value: times.reduce((s, x) => s + x, 0) / TICKS,
      unit: 'ms',
      note: `p99 ${times[Math.floor(TICKS * 0.99)]!.toFixed(3)} ms; ${perMin.toFixed(0)} MB of JSON a minute`,
    });
  }
  return out;
}

export async function run(): Promise<BenchResult[]> {
  return [
    await throughput(),
    ...(await tickCost()),
    ...(await channelBytes()),
    ...(await oneTrader()),
    ...(await marketTick()),
  ];
}
