/** Market data from the simulator, through the real client: prices, klines, status, channels, faults. */
import { describe, expect, it } from 'vitest';
import { createWorld, T0 } from '../../support/sim.ts';
import type { MarketMessage, PricesMessage } from '../../../src/api/types/realtime.ts';
import { PERIODS } from '../../../src/api/wire.ts';
import { CATALOGUE, TRADE_TYPE_NAMES } from '../../../src/simulator/catalogue.ts';
import { slow } from '../../support/time-scale.ts';

describe('simulator market data', () => {
  it('lists at least 30 products across the five categories with sane prices', async () => {
    const w = await createWorld();
    const r = await w.api.call('productList');
    const list = Object.values(r.data ?? {});
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.map((p) => p.type))).toEqual(new Set(Object.keys(TRADE_TYPE_NAMES)));
    for (const p of list) {
      expect(p.askPrice).toBeGreaterThan(p.bidPrice);
      expect(p.price).toBeGreaterThan(0);
      expect(p.tradeStatus).toBe(1);
    }
    w.sim.stop();
  });

  it('is deterministic: the same seed and clock give the same prices', async () => {
    const a = await createWorld();
    const b = await createWorld();
    expect((await a.api.call('productList')).data).toEqual((await b.api.call('productList')).data);
    a.sim.stop();
    b.sim.stop();
  });

  it('answers thumb with {symbol} filled from the payload, and 604 for an unknown symbol', async () => {
    const w = await createWorld();
    const r = await w.api.call('thumb', { symbol: 'EURUSD' });
    expect(r.data?.name).toBe('EURUSD');
    const bad = await w.api.call('thumb', { symbol: 'NOPE' });
    expect(bad.code).toBe(604);
    w.sim.stop();
  });

  it(
    'gives market status open, closed and early_trading from New York hours',
    async () => {
      // Wed 10:00 NY: stocks open; Sat: forex closed; Wed 07:00 NY: stocks in pre-market.
      const w = await createWorld({ start: Date.UTC(2026, 10, 18, 12, 0) });
      expect((await w.api.call('marketStatus', { symbol: 'AAPL' })).data).toBe('early_trading');
      expect((await w.api.call('marketStatus', { symbol: 'BTCUSDT' })).data).toBe('open');
      w.clock.set(Date.UTC(2026, 10, 18, 15, 0));
      expect((await w.api.call('marketStatus', { symbol: 'AAPL' })).data).toBe('open');
      w.clock.set(Date.UTC(2026, 10, 21, 15, 0));
      expect((await w.api.call('marketStatus', { symbol: 'EURUSD' })).data).toBe('closed');
      expect((await w.api.call('marketStatus', { symbol: 'BTCUSDT' })).data).toBe('open');
      w.sim.stop();
      // The clock's three-day jump computes every minute of every product in between:
      // about 12 s of CPU alone, well past the default beside another job.
    },
    slow(90_000),
  );

  it('returns 300 bars for every period, oldest first, whose last bar agrees with the live price', async () => {
    const w = await createWorld();
    const quote = (await w.api.call('thumb', { symbol: 'BTCUSDT' })).data;
    for (const period of PERIODS) {
      const bars =
        (await w.api.call('klineHistoryLimit', { symbol: 'BTCUSDT', period, limit: 300 })).data ??
        [];
      expect(bars, period).toHaveLength(300);
      expect(bars[0]!.time).toBeLessThan(bars[299]!.time);
      const last = bars[299]!;
      expect(last.closePrice, period).toBe(quote?.price);
      expect(last.highestPrice).toBeGreaterThanOrEqual(Math.max(last.openPrice, last.closePrice));
      expect(last.lowestPrice).toBeLessThanOrEqual(Math.min(last.openPrice, last.closePrice));
    }
    w.sim.stop();
  });

  it('aggregates every period from the same minutes (an hour bar = its 60 minute bars)', async () => {
    const w = await createWorld();
    const hours = (
      await w.api.call('klineHistoryLimit', { symbol: 'ETHUSDT', period: '1h', limit: 3 })
    ).data!;
    const h = hours[0]!;
    const mins = (
      await w.api.call('klineHistory', {
        symbol: 'ETHUSDT',
        period: '1min',
        from: h.time,
        to: h.time + 3_599_999,
      })
    ).data!;
    expect(mins).toHaveLength(60);
    expect(mins[0]!.openPrice).toBe(h.openPrice);
    expect(mins[59]!.closePrice).toBe(h.closePrice);
    expect(Math.max(...mins.map((m) => m.highestPrice))).toBe(h.highestPrice);
    expect(Math.min(...mins.map((m) => m.lowestPrice))).toBe(h.lowestPrice);
    w.sim.stop();
  });

  it('the mini chart call (from/to, 1min) returns the last 30 minutes', async () => {
    const w = await createWorld();
    const bars = (
      await w.api.call('klineHistory', {
        symbol: 'BTCUSDT',
        period: '1min',
        from: T0 - 30 * 60_000,
        to: T0,
      })
    ).data!;
    expect(bars).toHaveLength(31);
    expect(bars.at(-1)!.time).toBe(T0);
    w.sim.stop();
  });

  it('has no bars while a market is closed (a weekend for forex)', async () => {
    const w = await createWorld({ start: Date.UTC(2026, 10, 22, 12, 0) }); // Sunday 07:00 NY
    const bars = (
      await w.api.call('klineHistoryLimit', { symbol: 'EURUSD', period: '1h', limit: 60 })
    ).data!;
    for (const b of bars) {
      const d = new Date(b.time);
      // Between Fri 22:00 UTC (17:00 NY) and now, no bar.
      expect(
        d.getTime() < Date.UTC(2026, 10, 20, 22, 0) || d.getTime() >= Date.UTC(2026, 10, 22, 22, 0),
      ).toBe(true);
    }
    w.sim.stop();
  });

  it('answers a /waa/ call without a valid token with HTTP 401', async () => {
    const w = await createWorld();
    const r = await w.sim.handle({
      root: 'api',
      method: 'POST',
      path: '/waa/product/search',
      headers: {},
      body: {},
    });
    expect(r.status).toBe(401);
    const forged = await w.sim.handle({
      root: 'api',
      method: 'POST',
      path: '/waa/product/search',
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOiIxIn0.bad' },
      body: {},
    });
    expect(forged.status).toBe(401);
    w.sim.stop();
  });

  it('search finds products by symbol or name for a signed-in user', async () => {
    const w = await createWorld();
    const { token } = await w.sim.backOffice.seedUser({
      email: 'ann@example.com',
      password: 'secret123',
    });
    w.session.token = token;
    const r = await w.api.call('productSearch', { search: 'usd' });
    expect(r.data?.forexProductList).toEqual(
      expect.arrayContaining(['EURUSD', 'BTCUSDT', 'XAUUSD']),
    );
    expect(r.data?.forexProductList).not.toContain('AAPL');
    w.sim.stop();
  });

  it('product order info lists every product by code, and one by productCode', async () => {
    const w = await createWorld();
    const { token } = await w.sim.backOffice.seedUser({
      email: 'bo@example.com',
      password: 'secret123',
    });
    w.session.token = token;
    const all = (await w.api.call('productOrderInfo', {})).data!;
    expect(Object.keys(all)).toHaveLength(CATALOGUE.length);
    const one = (await w.api.call('productOrderInfo', { productCode: 'AAPL' })).data!;
    expect(one.AAPL).toMatchObject({
      productCode: 'AAPL',
      minCount: 1,
      pricePrecision: 2,
      tradeStatus: 1,
    });
    expect(one.AAPL?.marketStartTime['1']).toBe('09:30:00');
    w.sim.stop();
  });
});

describe('simulator scenarios and channels', () => {
  it('forces a code, an HTTP status or a malformed body on the next matching call only', async () => {
    const w = await createWorld();
    w.sim.backOffice.force({ call: 'productList', code: 1000 });
    expect((await w.api.call('productList')).code).toBe(1000);
    expect((await w.api.call('productList')).code).toBe(0);
    w.sim.backOffice.force({ call: 'thumb', status: 503 });
    expect((await w.api.call('thumb', { symbol: 'EURUSD' })).status).toBe(503);
    w.sim.backOffice.force({ body: '<html>oops</html>' });
    expect((await w.api.call('productList')).fault).toBe('malformed');
    expect(w.toasts).toEqual([
      'Unknown error (code 1000)',
      'Server error (500)',
      'Api constructor error.',
    ]);
    w.sim.stop();
  });

  it('streams all prices, one symbol, and klines on the market channel, several ticks a second', async () => {
    const w = await createWorld();
    const ch = w.channel('market');
    const got: MarketMessage[] = [];
    ch.subscribe({ op: 'sub', topic: 'prices' }, (m) => got.push(m as MarketMessage));
    ch.subscribe({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '1min' }, (m) =>
      got.push(m as MarketMessage),
    );
    let opened = false;
    ch.connect({ open: () => (opened = true), message: () => {}, closed: () => {} });
    // Open, and the subscriptions in place (their check loads with the first command).
    await new Promise((r) => setTimeout(r, 20));
    expect(opened).toBe(true);
    w.clock.advance(1000);
    await new Promise((r) => setTimeout(r, 0));
    const prices = got.filter((m) => m.topic === 'prices' && 'data' in m);
    const klines = got.filter((m) => m.topic === 'kline');
    expect(prices.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys((prices[0] as PricesMessage).data).length).toBeGreaterThanOrEqual(30);
    expect(klines.length).toBeGreaterThanOrEqual(3);
    w.sim.stop();
  });

  it('a frozen channel goes silent; a dropped one closes', async () => {
    const w = await createWorld();
    const ch = w.channel('market');
    let count = 0;
    let closed = '';
    ch.subscribe({ op: 'sub', topic: 'prices' }, () => count++);
    ch.connect({ open: () => {}, message: () => {}, closed: (r) => (closed = r) });
    await new Promise((r) => setTimeout(r, 0));
    w.sim.backOffice.freezeChannel('market', true);
    w.clock.advance(2000);
    expect(count).toBe(0);
    w.sim.backOffice.freezeChannel('market', false);
    w.clock.advance(400);
    expect(count).toBeGreaterThan(0);
    w.sim.backOffice.dropChannel('market');
    expect(closed).toMatch(/dropped/);
    w.sim.stop();
  });

  it('replays subscriptions when a channel reconnects', async () => {
    const w = await createWorld();
    const ch = w.channel('market');
    let count = 0;
    ch.subscribe({ op: 'sub', topic: 'price', symbol: 'EURUSD' }, () => count++);
    ch.connect({ open: () => {}, message: () => {}, closed: () => {} });
    await new Promise((r) => setTimeout(r, 0));
    w.sim.backOffice.dropChannel('market');
    count = 0;
    ch.connect({ open: () => {}, message: () => {}, closed: () => {} });
    await new Promise((r) => setTimeout(r, 0));
    w.clock.advance(1000);
    expect(count).toBeGreaterThan(0);
    w.sim.stop();
  });
});

describe('skipping time (reviewers)', () => {
  it('moves a wall-clock simulator ahead and keeps the shift across a restart', async () => {
    const { createShiftableClock, createVirtualClock } =
      await import('../../../src/simulator/clock.ts');
    const { createSimulator } = await import('../../../src/simulator/server.ts');
    const { memoryStore } = await import('../../../src/simulator/store.ts');
    const base = createVirtualClock(T0);
    const store = memoryStore();
    const sim = await createSimulator({
      seed: 7,
      clock: createShiftableClock(base),
      store,
      ticking: false,
    });
    expect(sim.backOffice.skipTime(180_000)).toBe(T0 + 180_000);
    await sim.flush();
    sim.stop();
    const again = await createSimulator({
      seed: 7,
      clock: createShiftableClock(base),
      store,
      ticking: false,
    });
    expect(again.backOffice.now()).toBe(T0 + 180_000);
    again.stop();
    const plain = await createWorld();
    expect(() => plain.sim.backOffice.skipTime(1000)).toThrow(/cannot skip/);
    plain.sim.stop();
  });
});
