/**
 * Market events (issue 29 item 1): a gap and a flash crash laid over the
 * price path. Prices before the event never change; after it, quotes, bars
 * and the trading rules all read the shaped prices; the same events give the
 * same market; bad events are refused whole, with a reason.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, HOURS } from '../../../src/simulator/catalogue.ts';
import { PriceEngine } from '../../../src/simulator/prices.ts';
import { marketKeyOf } from '../../../src/simulator/prng.ts';
import { MINUTE, TICK_MS } from '../../../src/simulator/series.ts';
import {
  factorAt,
  nextTick,
  steadyOver,
  type MarketEvent,
} from '../../../src/simulator/market-events.ts';
import { checkCall } from '../../../src/simulator/host/operator-ops.ts';
import { quoteAt } from '../../../src/simulator/modules/trading/quotes.ts';
import { T0, trader } from './trading/support.ts';
import { createWorld } from '../../support/sim.ts';
import type { ChannelCommand } from '../../../src/api/wire.ts';
import { STALE_AFTER_MS } from '../../../src/config/constants.ts';

const KEY = marketKeyOf(29);
const CREATED = T0 - 3 * 86_400_000;

function engines(events: Record<string, MarketEvent[]>) {
  const make = (ev: Record<string, MarketEvent[]>) =>
    new PriceEngine({
      marketKey: KEY,
      createdAt: CREATED,
      products: CATALOGUE,
      hoursOf: () => HOURS.always,
      eventsOf: (s) => ev[s] ?? [],
    });
  return { plain: make({}), shaped: make(events) };
}

describe('market events on the price path', () => {
  const AT = T0 + 17 * MINUTE + 23 * TICK_MS;

  it('a gap moves every price from its instant on, with no tick between, and none before', () => {
    const { plain, shaped } = engines({ BTCUSDT: [{ kind: 'gap', at: AT, pct: -10 }] });
    for (const dt of [-60_000, -TICK_MS, -1])
      expect(shaped.priceAt('BTCUSDT', AT + dt)).toBe(plain.priceAt('BTCUSDT', AT + dt));
    for (const dt of [0, 1, TICK_MS, 61_000, 3_600_000])
      expect(shaped.priceAt('BTCUSDT', AT + dt)).toBeCloseTo(
        plain.priceAt('BTCUSDT', AT + dt) * 0.9,
        6,
      );
    // Another symbol is untouched.
    expect(shaped.priceAt('ETHUSDT', AT + 5000)).toBe(plain.priceAt('ETHUSDT', AT + 5000));
  });

  it('candles show the gap: bars before are as they were, the gap bar spans it, bars after are shifted', () => {
    const { plain, shaped } = engines({ BTCUSDT: [{ kind: 'gap', at: AT, pct: -10 }] });
    const now = AT + 10 * MINUTE + 7_000;
    const a = plain.klines('BTCUSDT', '1min', { limit: 30 }, now);
    const b = shaped.klines('BTCUSDT', '1min', { limit: 30 }, now);
    expect(b.map((x) => x.time)).toEqual(a.map((x) => x.time));
    const gapBar = Math.floor(AT / MINUTE) * MINUTE;
    for (let i = 0; i < a.length; i++) {
      const [p, s] = [a[i]!, b[i]!];
      expect(s.highestPrice).toBeGreaterThanOrEqual(Math.max(s.openPrice, s.closePrice));
      expect(s.lowestPrice).toBeLessThanOrEqual(Math.min(s.openPrice, s.closePrice));
      if (p.time < gapBar) expect(s).toEqual(p);
      else if (p.time > gapBar) {
        expect(s.closePrice).toBeCloseTo(p.closePrice * 0.9, 1);
        expect(s.openPrice).toBeCloseTo(p.openPrice * 0.9, 1);
      } else {
        // Opens before the gap, closes after it: its range holds both levels.
        expect(s.openPrice).toBe(p.openPrice);
        expect(s.closePrice).toBeCloseTo(p.closePrice * 0.9, 1);
        expect(s.highestPrice).toBeGreaterThan(s.lowestPrice / 0.9 - 1);
      }
    }
    // The live quote agrees with the last bar, and the day's low went through the gap.
    const q = shaped.quote('BTCUSDT', now, 0, 1);
    expect(q.price).toBe(b.at(-1)!.closePrice);
    expect(q.low).toBeLessThanOrEqual(b.at(-1)!.lowestPrice);
  });

  it('a flash crash falls to its depth halfway and is back at its end', () => {
    const ev: MarketEvent = { kind: 'crash', at: AT, pct: 20, ms: 120_000 };
    const { plain, shaped } = engines({ BTCUSDT: [ev] });
    const at = (dt: number) =>
      shaped.priceAt('BTCUSDT', AT + dt) / plain.priceAt('BTCUSDT', AT + dt);
    expect(at(-1)).toBe(1);
    expect(at(30_000)).toBeCloseTo(0.9, 6);
    expect(at(60_000)).toBeCloseTo(0.8, 6);
    expect(at(90_000)).toBeCloseTo(0.9, 6);
    expect(at(120_000)).toBe(1);
    const bars = shaped.klines('BTCUSDT', '5min', { limit: 3 }, AT + 10 * MINUTE);
    const low = Math.min(...bars.map((x) => x.lowestPrice));
    expect(low).toBeLessThan(plain.priceAt('BTCUSDT', AT + 60_000) * 0.81);
  });

  it('is a pure function of the events: two engines draw the same market', () => {
    const ev: MarketEvent[] = [
      { kind: 'gap', at: AT, pct: 3.5 },
      { kind: 'crash', at: AT + 90_000, pct: 12, ms: 60_000 },
    ];
    const a = engines({ XAUUSD: ev }).shaped;
    const b = engines({ XAUUSD: ev.map((e) => ({ ...e })) }).shaped;
    const now = AT + 30 * MINUTE;
    expect(a.klines('XAUUSD', '1min', { limit: 60 }, now)).toEqual(
      b.klines('XAUUSD', '1min', { limit: 60 }, now),
    );
    expect(a.quote('XAUUSD', now, 0, 1)).toEqual(b.quote('XAUUSD', now, 0, 1));
  });

  it('a wide spread moves bid and ask apart for its time, and leaves the mid and the candles', () => {
    const ev: MarketEvent = { kind: 'spread', at: AT, factor: 10, ms: 60_000 };
    const { plain, shaped } = engines({ EURUSD: [ev] });
    const width = (e: PriceEngine, t: number) => {
      const q = e.quote('EURUSD', t, 0, 1);
      return q.askPrice - q.bidPrice;
    };
    expect(width(shaped, AT - 1)).toBeCloseTo(width(plain, AT - 1), 9);
    expect(width(shaped, AT + 30_000)).toBeCloseTo(width(plain, AT + 30_000) * 10, 4);
    expect(width(shaped, AT + 60_000)).toBeCloseTo(width(plain, AT + 60_000), 9);
    expect(shaped.quote('EURUSD', AT + 30_000, 0, 1).price).toBe(
      plain.quote('EURUSD', AT + 30_000, 0, 1).price,
    );
    const now = AT + 5 * MINUTE;
    expect(shaped.klines('EURUSD', '1min', { limit: 10 }, now)).toEqual(
      plain.klines('EURUSD', '1min', { limit: 10 }, now),
    );
  });

  it('a halt closes the market for its time: the last price stays, no bar is drawn, then it trades on', () => {
    const ev: MarketEvent = { kind: 'halt', at: AT, ms: 3 * MINUTE };
    const { plain, shaped } = engines({ BTCUSDT: [ev] });
    expect(shaped.status('BTCUSDT', AT - 1)).toBe('open');
    expect(shaped.status('BTCUSDT', AT + 90_000)).toBe('closed');
    expect(shaped.status('BTCUSDT', AT + 3 * MINUTE)).toBe('open');
    const last = plain.priceAt('BTCUSDT', AT - 1);
    expect(shaped.priceAt('BTCUSDT', AT + 1)).toBe(last);
    expect(shaped.priceAt('BTCUSDT', AT + 170_000)).toBe(last);
    expect(shaped.quote('BTCUSDT', AT + 60_000, 0, 1).marketStatus).toBe('closed');
    expect(shaped.priceAt('BTCUSDT', AT + 3 * MINUTE)).toBe(
      plain.priceAt('BTCUSDT', AT + 3 * MINUTE),
    );
    const now = AT + 10 * MINUTE;
    const a = plain.klines('BTCUSDT', '1min', { limit: 12 }, now);
    const b = shaped.klines('BTCUSDT', '1min', { limit: 12 }, now);
    // The two whole minutes inside the halt have no bar; the minutes it starts and ends in do.
    const times = new Set(b.map((x) => x.time));
    const m0 = Math.floor(AT / MINUTE) * MINUTE;
    expect(times.has(m0)).toBe(true);
    expect(times.has(m0 + MINUTE)).toBe(false);
    expect(times.has(m0 + 2 * MINUTE)).toBe(false);
    expect(times.has(m0 + 3 * MINUTE)).toBe(true);
    for (const x of b)
      if (x.time > m0 + 3 * MINUTE) expect(x).toEqual(a.find((y) => y.time === x.time));
  });

  it('steadyOver says when a bar can be shifted whole', () => {
    const gap: MarketEvent[] = [{ kind: 'gap', at: 1000, pct: 1 }];
    expect(steadyOver(gap, 0, 999)).toBe(true);
    expect(steadyOver(gap, 0, 1000)).toBe(false);
    expect(steadyOver(gap, 1000, 5000)).toBe(true);
    expect(factorAt(gap, 999)).toBe(1);
    expect(factorAt(gap, 1000)).toBeCloseTo(1.01, 12);
    expect(nextTick(1000)).toBe(1200);
    expect(nextTick(1001)).toBe(1200);
  });
});

describe('market events from the back office', () => {
  it('a gap through a buy limit fills it at the gap price, and a gap through a stop closes at the gap price', async () => {
    const t = await trader();
    const bo = t.w.sim.backOffice;
    const ctx = t.w.sim.ctx;
    const q = await t.quote('BTCUSDT');
    const limit = Number((q.askPrice * 0.97).toFixed(2));
    const pending = (
      await t.order({ tradePair: 'BTCUSDT', orderType: 0, price: limit, buyPoint: 1 })
    ).data!;
    const sl = Number((q.bidPrice * 0.98).toFixed(2));
    const open = (await t.order({ tradePair: 'BTCUSDT', orderType: 0, stopPrice: sl })).data!;
    const at = bo.marketGap(['BTCUSDT'], -5);
    expect(at).toBe(nextTick(t.w.clock.now()));
    t.w.clock.set(at + 2 * TICK_MS);
    await t.refresh();
    const gapQuote = quoteAt(ctx, 'BTCUSDT', at);
    const list = async (positionStatus: number) =>
      (await t.w.api.call('userOrder', { page: 1, limit: 50, positionStatus })).data!.list;
    const filled = (await list(2)).find((o) => o.id === pending)!;
    expect(filled.openingPrice).toBe(gapQuote.ask);
    expect(filled.transactionTimeTs).toBe(at);
    const closed = (await list(3)).find((o) => o.id === open)!;
    expect(closed.closeReason).toBe('stopLoss');
    // Closed at the gap's bid, well under the stop: a gap gives no better price.
    expect(closed.currentPrice).toBe(gapQuote.bid);
    expect(closed.currentPrice).toBeLessThan(sl);
    expect(bo.marketEvents('BTCUSDT')).toEqual([{ kind: 'gap', at, pct: -5 }]);
    // A wide spread reaches the trading rules too: a market buy pays the wider ask.
    const wide = bo.widenSpread(['BTCUSDT'], 20, 60);
    t.w.clock.set(wide + TICK_MS);
    const q2 = quoteAt(ctx, 'BTCUSDT', t.w.clock.now());
    expect(q2.ask - q2.bid).toBeCloseTo((q.askPrice - q.bidPrice) * 20, 1);
    t.w.sim.stop();
  });

  it('an option whose time ends during a halt settles at the last price before it; orders wait', async () => {
    const t = await trader();
    const bo = t.w.sim.backOffice;
    const ctx = t.w.sim.ctx;
    const key = (await t.option({ tradePair: 'BTCUSDT', timeLong: 60 })).data!.uid;
    const halt = bo.haltTrading(['BTCUSDT'], 600);
    t.w.clock.set(halt + 2 * 60_000);
    await t.refresh();
    const o = (await t.w.api.call('userOptionDetail', { uid: key })).data!;
    expect(o.positionStatus).toBe(1);
    const before = ctx.prices.priceAt('BTCUSDT', halt - 1);
    expect(o.priceEnd).toBe(Number(before.toFixed(2)));
    // A market order during the halt is refused as on a closed market.
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(304);
    t.w.sim.stop();
  });

  it('a silent feed sends nothing about its symbols while the socket stays open and the others go on', async () => {
    const w = await createWorld();
    const got: Array<{ topic: string; symbol?: string; names: string[] }> = [];
    let closed = false;
    const open = async (subs: ChannelCommand[]) => {
      const conn = await w.sim.connect('market', {
        message: (m) => {
          if (!('topic' in m)) return;
          const msg = JSON.parse(JSON.stringify(m)) as Record<string, unknown>;
          const names =
            'data' in msg && msg.topic === 'prices'
              ? Object.keys(msg.data as object)
              : 'patch' in msg
                ? (msg.patch as Array<{ name: string }>).map((p) => p.name)
                : [];
          got.push({ topic: String(msg.topic), symbol: msg.symbol as string, names });
        },
        closed: () => void (closed = true),
      });
      for (const s of subs) await conn.send(s);
    };
    await open([
      { op: 'sub', topic: 'prices' },
      { op: 'sub', topic: 'price', symbol: 'BTCUSDT' },
      { op: 'sub', topic: 'price', symbol: 'EURUSD' },
      { op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '1min' },
    ]);
    await open([{ op: 'sub', topic: 'prices', delta: true }]);
    w.clock.advance(2_000);
    const about = (from: number, s: string) =>
      got.slice(from).filter((m) => m.symbol === s || m.names.includes(s));
    expect(about(0, 'BTCUSDT').length).toBeGreaterThan(0);
    const at = w.sim.backOffice.silenceFeed(['BTCUSDT', 'ETHUSDT'], 20);
    expect(at).toBe(nextTick(w.clock.now()));
    w.clock.set(at);
    const from = got.length;
    w.clock.advance(19_000);
    expect(about(from, 'BTCUSDT')).toEqual([]);
    expect(about(from, 'ETHUSDT')).toEqual([]);
    // The others go on: their board entries and their own price topic.
    expect(about(from, 'EURUSD').filter((m) => m.topic === 'price').length).toBeGreaterThan(10);
    expect(about(from, 'XAUUSD').length).toBeGreaterThan(10);
    expect(closed).toBe(false);
    // Prices went on meanwhile (trading reads them); the feed only was quiet.
    expect(w.sim.ctx.prices.priceAt('BTCUSDT', at + 10_000)).not.toBe(
      w.sim.ctx.prices.priceAt('BTCUSDT', at - 1),
    );
    w.clock.advance(2_000);
    const back = about(from, 'BTCUSDT').map((m) => m.topic);
    expect(back).toEqual(expect.arrayContaining(['prices', 'price', 'kline']));
    expect(w.sim.backOffice.marketEvents('ETHUSDT')).toEqual([{ kind: 'silent', at, ms: 20_000 }]);
    expect(() => w.sim.backOffice.silenceFeed(['EURUSD'], 0)).toThrow(/1 s to 24 hours/);
    expect(checkCall('silenceFeed', [['EURUSD', 'BTCUSDT'], 30]).ok).toBe(true);
    expect(checkCall('silenceFeed', [['EURUSD'], 0]).ok).toBe(false);
    expect(checkCall('silenceFeed', ['EURUSD', 30]).ok).toBe(false);
    w.sim.stop();
  });

  it('a silent feed on every symbol leaves the market channel silent: the app’s 10 s staleness rule marks its prices not live', async () => {
    // The rule (machines/realtime: STALE_AFTER_MS, conformance T-4.44) is the channel's: no
    // message for 10 s and every price shows as not live (data-stale) while it reconnects.
    const w = await createWorld();
    let got = 0;
    const conn = await w.sim.connect('market', {
      message: () => void (got += 1),
      closed: () => {},
    });
    await conn.send({ op: 'sub', topic: 'prices', delta: true });
    await conn.send({ op: 'sub', topic: 'price', symbol: 'EURUSD' });
    w.clock.advance(1_000);
    expect(got).toBeGreaterThan(0);
    const all = w.sim.ctx.products.all().map((d) => d.symbol);
    const at = w.sim.backOffice.silenceFeed(all, 30);
    w.clock.set(at);
    got = 0;
    w.clock.advance(STALE_AFTER_MS + 1_000);
    expect(got).toBe(0);
    w.clock.advance(30_000);
    expect(got).toBeGreaterThan(0);
    w.sim.stop();
  });

  it('refuses a bad event whole, with the reason, and changes nothing', async () => {
    const t = await trader();
    const bo = t.w.sim.backOffice;
    expect(() => bo.marketGap(['BTCUSDT', 'NOPE'], 2)).toThrow('unknown symbol NOPE');
    expect(() => bo.marketGap(['BTCUSDT'], 0)).toThrow(/not 0/);
    expect(() => bo.marketGap(['BTCUSDT'], 80)).toThrow(/-50 to 50/);
    expect(() => bo.flashCrash(['BTCUSDT'], 20, 1)).toThrow(/10 s to 60 minutes/);
    expect(() => bo.marketGap([], 2)).toThrow(/at least one symbol/);
    expect(() => bo.widenSpread(['EURUSD'], 1, 60)).toThrow(/1.1 to 100 times/);
    expect(() => bo.widenSpread(['EURUSD'], 5, 0)).toThrow(/1 s to 24 hours/);
    expect(() => bo.haltTrading(['EURUSD'], 0)).toThrow(/a halt lasts 1 s to 24 hours/);
    expect(bo.marketEvents('BTCUSDT')).toEqual([]);
    for (let i = 0; i < 100; i++) bo.marketGap(['ETHUSDT'], 0.01);
    expect(() => bo.marketGap(['BTCUSDT', 'ETHUSDT'], 1)).toThrow(/at most 100/);
    expect(bo.marketEvents('BTCUSDT')).toEqual([]);
    t.w.sim.stop();
  });

  it('the operator API takes a symbol group and a bounded percentage, nothing else', () => {
    expect(checkCall('marketGap', [['BTCUSDT', 'ETHUSDT'], -2.5]).ok).toBe(true);
    expect(checkCall('marketGap', ['BTCUSDT', -2.5]).ok).toBe(false);
    expect(checkCall('marketGap', [['BTCUSDT'], 51]).ok).toBe(false);
    expect(checkCall('marketGap', [Array(61).fill('BTCUSDT'), 1]).ok).toBe(false);
    expect(checkCall('flashCrash', [['BTCUSDT'], 10, 60]).ok).toBe(true);
    expect(checkCall('flashCrash', [['BTCUSDT'], 10, 3601]).ok).toBe(false);
    expect(checkCall('flashCrash', [['BTCUSDT'], 10, 60, 'x']).ok).toBe(false);
    expect(checkCall('widenSpread', [['EURUSD'], 5, 120]).ok).toBe(true);
    expect(checkCall('widenSpread', [['EURUSD'], 500, 120]).ok).toBe(false);
    expect(checkCall('haltTrading', [['EURUSD'], 120]).ok).toBe(true);
    expect(checkCall('haltTrading', [['EURUSD'], 1.5]).ok).toBe(false);
  });
});
