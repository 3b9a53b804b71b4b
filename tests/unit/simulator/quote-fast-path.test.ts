/**
 * The price engine's quotes take short cuts (a previous close from the walk
 * alone, the day's bar carried forward minute by minute, masks shared by
 * hours, lazy session look-ups). Each quote must equal, to the last digit, the
 * slow way: a fresh series, the day's whole path, every minute folded from
 * the first, and sessions scanned over open intervals.
 */
import { describe, expect, it } from 'vitest';
import {
  lastOpenAt,
  marketStatusAt,
  openIntervals,
  type MarketHours,
} from '../../../src/api/hours.ts';
import type { PriceEntry } from '../../../src/api/types/trading.ts';
import { CATALOGUE, HOURS, type ProductDef } from '../../../src/simulator/catalogue.ts';
import { HISTORY_DAYS, PriceEngine, seriesKey } from '../../../src/simulator/prices.ts';
import { quoteOf } from '../../../src/simulator/quote.ts';
import { marketKeyOf } from '../../../src/simulator/prng.ts';
import {
  DAY,
  MINUTE,
  MINUTES_PER_DAY,
  Series,
  TICK_MS,
  TICKS_PER_MINUTE,
} from '../../../src/simulator/series.ts';

const MARKET_KEY = marketKeyOf(20261122);
const CREATED = Date.UTC(2026, 0, 10, 3, 4, 5);

/** The last open instant at or before t, from merged open intervals (no session look-up short cut). */
function slowLastOpen(h: MarketHours, t: number): number | undefined {
  const open = openIntervals(h, t - 17 * DAY, t).filter(([s]) => s <= t);
  const last = open[open.length - 1];
  return last && Math.min(t, last[1] - 1);
}

function slowOpen(h: MarketHours, t: number): boolean {
  return openIntervals(h, t - DAY, t + DAY).some(([s, e]) => t >= s && t < e);
}

interface Bar {
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  tv: number;
}

/** A quote the slow way, with its own series (nothing cached from other calls). */
function slowQuote(d: ProductDef, h: MarketHours, now: number, sort: number): PriceEntry {
  const series = new Series({
    key: seriesKey(MARKET_KEY, d.symbol),
    level: d.level,
    vol: d.vol,
    volume: d.volume,
    anchorDay: Math.floor(CREATED / DAY) - HISTORY_DAYS,
  });
  const at = (t: number) => {
    const day = Math.floor(t / DAY);
    const ms = t - day * DAY;
    const i = Math.floor(ms / MINUTE);
    return series.tick(series.dayPath(day), i, Math.floor((ms - i * MINUTE) / TICK_MS));
  };
  const t = slowOpen(h, now) ? now : (slowLastOpen(h, now) ?? now);
  const day = Math.floor(t / DAY);
  const mid = at(t);
  const path = series.dayPath(day);
  const mask = new Uint8Array(MINUTES_PER_DAY);
  for (const [s, e] of openIntervals(h, day * DAY, day * DAY + DAY))
    mask.fill(
      1,
      Math.max(0, Math.ceil((s - day * DAY) / MINUTE)),
      Math.ceil((e - day * DAY) / MINUTE),
    );
  const nowMinute = Math.floor((t - day * DAY) / MINUTE);
  const nowTick = Math.floor((t - day * DAY - nowMinute * MINUTE) / TICK_MS);
  const fold = (i0: number, i1: number) => {
    let bar: Bar | null = null;
    for (let i = i0; i < Math.min(i1, nowMinute + 1); i++) {
      if (!mask[i]) continue;
      const m = series.minuteBar(path, i, i === nowMinute ? nowTick : TICKS_PER_MINUTE - 1);
      if (!bar) bar = { ...m, tv: (m.v * (m.o + m.c)) / 2 };
      else {
        bar.h = Math.max(bar.h, m.h);
        bar.l = Math.min(bar.l, m.l);
        bar.c = m.c;
        bar.v += m.v;
        bar.tv += (m.v * (m.o + m.c)) / 2;
      }
    }
    return bar;
  };
  const before = fold(0, nowMinute);
  const cur = fold(nowMinute, nowMinute + 1);
  const today =
    before && cur
      ? { h: Math.max(before.h, cur.h), l: Math.min(before.l, cur.l), v: before.v + cur.v }
      : (before ?? cur);
  const prevT = slowLastOpen(h, day * DAY - 1);
  const prev = prevT === undefined ? mid : at(prevT);
  return quoteOf(d, { t, mid, prev, today }, sort, 1, marketStatusAt(h, now));
}

describe('first quotes: the fast path equals the slow path', () => {
  const overrides = new Map<string, MarketHours>();
  const hoursOf = (s: string) =>
    overrides.get(s) ?? HOURS[CATALOGUE.find((d) => d.symbol === s)?.hours ?? 'always'];
  const engine = () =>
    new PriceEngine({ marketKey: MARKET_KEY, createdAt: CREATED, products: CATALOGUE, hoursOf });

  // Weekdays, weekends, both daylight-saving changes, session edges, odd milliseconds.
  const times = [
    Date.UTC(2026, 2, 6, 20, 58, 30, 17),
    Date.UTC(2026, 2, 8, 6, 59, 59, 999),
    Date.UTC(2026, 2, 9, 13, 30, 0, 0),
    Date.UTC(2026, 10, 1, 6, 30, 0),
    Date.UTC(2026, 10, 20, 21, 59, 59, 999),
    Date.UTC(2026, 10, 21, 12, 0),
    Date.UTC(2026, 10, 22, 23, 0, 0, 1),
    Date.UTC(2026, 10, 23, 0, 0, 0, 0),
    Date.UTC(2026, 10, 23, 8, 59, 59, 999),
    Date.UTC(2026, 10, 24, 13, 37, 12, 345),
  ];
  const check = (e: PriceEngine, t: number, products = CATALOGUE) =>
    products.forEach((d) => {
      const i = CATALOGUE.indexOf(d);
      expect(e.quote(d.symbol, t, i, 1), `${d.symbol} @ ${new Date(t).toISOString()}`).toEqual(
        slowQuote(d, hoursOf(d.symbol), t, i),
      );
    });
  // Two of each kind of hours, for the runs that walk the clock on.
  const some = CATALOGUE.filter((_, i) => i % 6 === 0);

  it('for every product, on a fresh engine at each time', () => {
    for (const t of times) check(engine(), t);
  });

  it('as the clock runs on: ticks, the next minute, the next hour and the next day', () => {
    const e = engine();
    for (const t0 of times.slice(0, 4))
      for (const dt of [0, 200, 59_800, 60_000, 61_400, 3_600_000 + 99, DAY + 7])
        check(e, t0 + dt, some);
  });

  it('after the back office changes a product’s hours', () => {
    const e = engine();
    const t = Date.UTC(2026, 10, 23, 16, 0, 0, 0);
    check(e, t, some);
    overrides.set('AAPL', { start: { '1': '10:00:00' }, close: { '1': '12:00:00' } });
    e.hoursChanged();
    check(e, t + 200, some);
    overrides.clear();
    e.hoursChanged();
    check(e, t + 400, some);
  });

  it('can fail: a one-tick difference in time shows', () => {
    const d = CATALOGUE[0] as ProductDef;
    const t = Date.UTC(2026, 10, 24, 13, 37, 12, 345);
    expect(engine().quote(d.symbol, t, 0, 1)).not.toEqual(
      slowQuote(d, hoursOf(d.symbol), t + TICK_MS, 0),
    );
  });

  it('agrees with the hours helpers on status and last open instant', () => {
    const hs = [
      ...Object.values(HOURS),
      { start: { '3': '10:00:00' }, close: { '3': '10:30:00' } },
    ];
    for (const h of hs)
      for (let t = Date.UTC(2026, 2, 1); t < Date.UTC(2026, 2, 22); t += 97 * MINUTE + 13) {
        expect(marketStatusAt(h, t) === 'open').toBe(slowOpen(h, t));
        expect(lastOpenAt(h, t)).toBe(slowLastOpen(h, t));
      }
  });
});
