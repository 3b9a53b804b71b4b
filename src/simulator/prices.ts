/**
 * The price engine: quotes and klines for every product, from each product's
 * {@link Series} and its market hours. Bars only cover open minutes; a closed
 * market shows its last open price. Every period is aggregated from the same
 * minute path, so the last bar of every period agrees with the live price.
 * Market events (market-events.ts) are laid over the path here, once, for
 * quotes, bars and every price the trading rules read alike.
 */
import { lastOpenAt, marketStatusAt, openIntervals, type MarketHours } from '../api/hours.ts';
import type { KlinePoint, MarketStatus, PriceEntry } from '../api/types/trading.ts';
import type { Period } from '../api/wire.ts';
import { DAY, MINUTE, MINUTES_PER_DAY, Series, TICK_MS, TICKS_PER_MINUTE } from './series.ts';
import type { DayPath } from './series.ts';
import { factorAt, haltAt, spreadAt, steadyOver, type MarketEvent } from './market-events.ts';
import type { ProductDef } from './catalogue.ts';
import { subkey } from './prng.ts';
import { quoteOf, round } from './quote.ts';

export const PERIOD_MS: Record<Period, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': DAY,
};

/** Most periods one kline query walks back (a week of minutes, beyond any market's closure). */
export const KLINE_MAX_STEPS = 20_000;

/** How far back the series reach: enough for 300 daily bars of a weekday-only market. */
export const HISTORY_DAYS = 450;

interface Bar {
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** Sum of volume × mid, for turnover. */
  tv: number;
}

export interface PriceEngineOptions {
  /** The market key (256 bits as hex; prng.ts): secret, or named by a seed for a reproducible demo. */
  marketKey: string;
  /** Epoch ms the simulator was created; the series start HISTORY_DAYS before. */
  createdAt: number;
  products: readonly ProductDef[];
  /** Current hours of a product (the back office can change them). */
  hoursOf(symbol: string): MarketHours;
  /** The market events over a product's prices (none when left out). */
  eventsOf?(symbol: string): readonly MarketEvent[];
}

const NONE: readonly MarketEvent[] = [];

/** A product's series key: the market key's subkey for its symbol. */
export const seriesKey = (marketKey: string, symbol: string): Uint8Array =>
  subkey(marketKey, `series:${symbol}`);

/** Every product's price at any time, from the market key: quotes, ticks and klines. */
export class PriceEngine {
  private readonly series = new Map<string, Series>();
  private readonly defs = new Map<string, ProductDef>();
  private masks = new WeakMap<MarketHours, Map<number, Uint8Array>>();
  private readonly dayBars = new Map<string, Bar | null>();
  private anchorDay: number;

  constructor(private o: PriceEngineOptions) {
    this.anchorDay = Math.floor(o.createdAt / DAY) - HISTORY_DAYS;
    for (const d of o.products) this.defs.set(d.symbol, d);
  }

  def(symbol: string): ProductDef | undefined {
    return this.defs.get(symbol);
  }

  /** Would an engine for a world created at `createdAt` (same key) draw the same paths? */
  sameHistory(createdAt: number): boolean {
    return Math.floor(createdAt / DAY) - HISTORY_DAYS === this.anchorDay;
  }

  private get(symbol: string): Series {
    let s = this.series.get(symbol);
    if (!s) {
      const d = this.defs.get(symbol);
      if (!d) throw new Error(`unknown symbol ${symbol}`);
      s = new Series({
        key: seriesKey(this.o.marketKey, symbol),
        level: d.level,
        vol: d.vol,
        volume: d.volume,
        anchorDay: this.anchorDay,
      });
      this.series.set(symbol, s);
    }
    return s;
  }

  private events(symbol: string): readonly MarketEvent[] {
    return this.o.eventsOf?.(symbol) ?? NONE;
  }

  /** The path's price at t with the market events on it. */
  private shapedAt(symbol: string, t: number): number {
    const p = this.get(symbol).priceAt(t);
    const ev = this.events(symbol);
    return ev.length ? p * factorAt(ev, t) : p;
  }

  /** How many times its usual width a product's spread is at t (market events). */
  spreadTimes(symbol: string, t: number): number {
    const ev = this.events(symbol);
    return ev.length ? spreadAt(ev, t) : 1;
  }

  /**
   * Draw another market from now on: its key and creation time (a loaded
   * scenario's world replaces this one); every path and cache is dropped.
   */
  rekey(marketKey: string, createdAt: number): void {
    if (marketKey === this.o.marketKey && this.sameHistory(createdAt)) return this.hoursChanged();
    this.o = { ...this.o, marketKey, createdAt };
    this.anchorDay = Math.floor(createdAt / DAY) - HISTORY_DAYS;
    this.series.clear();
    this.hoursChanged();
  }

  /** Forget cached open masks and bars (after a change of hours or a market event). */
  hoursChanged(): void {
    this.masks = new WeakMap();
    this.dayBars.clear();
    this.todayCache.clear();
  }

  status(symbol: string, t: number): MarketStatus {
    const ev = this.events(symbol);
    if (ev.length && haltAt(ev, t) !== undefined) return 'closed';
    return marketStatusAt(this.o.hoursOf(symbol), t);
  }

  /** The instant whose price is shown at t: t when open, else the last open instant. */
  effectiveTime(symbol: string, t: number): number {
    const ev = this.events(symbol);
    // Halted: the last instant before the halt (before each, when one runs into another).
    for (let i = 0, from = haltAt(ev, t); i < ev.length && from !== undefined; i++) {
      t = from - 1;
      from = haltAt(ev, t);
    }
    const h = this.o.hoursOf(symbol);
    if (marketStatusAt(h, t) === 'open') return t;
    return lastOpenAt(h, t) ?? t;
  }

  /** Mid price at t (frozen while the market is closed), unrounded. */
  priceAt(symbol: string, t: number): number {
    return this.shapedAt(symbol, this.effectiveTime(symbol, t));
  }

  /**
   * Which minutes of a UTC day are open. Kept per hours object, not per
   * product: the products of one kind share their hours, so a day's mask is
   * worked out three times at start, not sixty.
   */
  private mask(symbol: string, day: number): Uint8Array {
    const h = this.o.hoursOf(symbol);
    let byDay = this.masks.get(h);
    if (!byDay) this.masks.set(h, (byDay = new Map()));
    let m = byDay.get(day);
    if (!m) {
      m = new Uint8Array(MINUTES_PER_DAY);
      const start = day * DAY;
      for (const [s, e] of openIntervals(h, start, start + DAY)) {
        const i0 = Math.max(0, Math.ceil((s - start) / MINUTE));
        const i1 = Math.min(MINUTES_PER_DAY, Math.ceil((e - start) / MINUTE));
        m.fill(1, i0, i1);
      }
      if (byDay.size > 400) byDay.clear();
      byDay.set(day, m);
    }
    return m;
  }

  /**
   * Aggregate open minutes [i0, i1) of a day, up to `now`, folded onto a copy
   * of `onto` when given (the bar of the minutes before i0): folding on is the
   * same arithmetic, in the same order, as one pass from the first minute.
   */
  private aggregate(
    symbol: string,
    day: number,
    i0: number,
    i1: number,
    now: number,
    onto: Bar | null = null,
  ): Bar | null {
    const dayStart = day * DAY;
    if (dayStart > now || day < this.anchorDay) return onto && { ...onto };
    const nowMinute = Math.floor((now - dayStart) / MINUTE);
    const nowTick = Math.floor((now - dayStart - nowMinute * MINUTE) / TICK_MS);
    const s = this.get(symbol);
    const end = Math.min(i1, nowMinute + 1);
    const path = s.dayPath(day, Math.max(0, end));
    const mask = this.mask(symbol, day);
    const { edge, high, low, volume } = path;
    const ev = this.events(symbol);
    let bar: Bar | null = onto && { ...onto };
    for (let i = i0; i < end; i++) {
      if (!mask[i]) continue;
      // A whole minute straight from the path's arrays (what minuteBar gives, without an object).
      let o = edge[i] as number;
      let h = high[i] as number;
      let l = low[i] as number;
      let c = edge[i + 1] as number;
      let v = volume[i] as number;
      const partial = i === nowMinute && nowTick < TICKS_PER_MINUTE - 1;
      if (partial) ({ o, h, l, c, v } = s.minuteBar(path, i, nowTick));
      if (ev.length) {
        const t0 = dayStart + i * MINUTE;
        const last = partial ? nowTick : TICKS_PER_MINUTE - 1;
        if (steadyOver(ev, t0, t0 + last * TICK_MS)) {
          if (haltAt(ev, t0) !== undefined) continue;
          const f = factorAt(ev, t0);
          o *= f;
          h *= f;
          l *= f;
          c *= f;
        } else {
          const m = shapedMinute(s, path, i, last, t0, ev);
          if (!m) continue;
          ({ o, h, l, c } = m);
        }
      }
      if (!bar) bar = { o, h, l, c, v, tv: (v * (o + c)) / 2 };
      else {
        if (h > bar.h) bar.h = h;
        if (l < bar.l) bar.l = l;
        bar.c = c;
        bar.v += v;
        bar.tv += (v * (o + c)) / 2;
      }
    }
    return bar;
  }

  /** A bucket's bar as of `now` (closed whole days are cached). */
  private bucket(symbol: string, period: Period, start: number, now: number): Bar | null {
    const day = Math.floor(start / DAY);
    const i0 = Math.round((start - day * DAY) / MINUTE);
    const n = PERIOD_MS[period] / MINUTE;
    const closedDay = (day + 1) * DAY <= now;
    if (period !== '1d' || !closedDay) {
      return this.aggregate(symbol, day, i0, i0 + n, now);
    }
    const key = `${symbol}|${day}`;
    let b = this.dayBars.get(key);
    if (b === undefined) {
      b = this.aggregate(symbol, day, 0, MINUTES_PER_DAY, now);
      if (this.dayBars.size > 50_000) this.dayBars.clear();
      this.dayBars.set(key, b);
    }
    return b ? { ...b } : null;
  }

  private point(symbol: string, time: number, b: Bar): KlinePoint {
    const p = this.defs.get(symbol)?.precision ?? 2;
    return {
      time,
      openPrice: round(b.o, p),
      closePrice: round(b.c, p),
      highestPrice: round(b.h, p),
      lowestPrice: round(b.l, p),
      volume: round(b.v, 4),
      turnover: round(b.tv, 2),
    };
  }

  /**
   * Kline history: the last `limit` bars with any open minute up to `now`, or
   * the bars whose start lies in [from, to]. Oldest first.
   */
  klines(
    symbol: string,
    period: Period,
    q: { limit?: number; from?: number; to?: number },
    now: number,
  ): KlinePoint[] {
    const size = PERIOD_MS[period];
    const last = Math.floor(Math.min(q.to ?? now, now) / size) * size;
    const first = q.from !== undefined ? Math.ceil(q.from / size) * size : -Infinity;
    const limit = q.limit ?? (q.from !== undefined ? Infinity : 300);
    const floor = this.anchorDay * DAY;
    const out: KlinePoint[] = [];
    // Closed minutes yield no bar; the walk back still stops after a bounded
    // number of steps, so no request can make it cover the whole history.
    const stop = Math.max(first, floor, last - KLINE_MAX_STEPS * size);
    for (let t = last; t >= stop && out.length < limit; t -= size) {
      const b = this.bucket(symbol, period, t, now);
      if (b) out.push(this.point(symbol, t, b));
    }
    return out.reverse();
  }

  /** The current bar of a period at `now` (for the kline channel), if the market has one. */
  currentBar(symbol: string, period: Period, now: number): KlinePoint | undefined {
    const t = this.effectiveTime(symbol, now);
    const start = Math.floor(t / PERIOD_MS[period]) * PERIOD_MS[period];
    const b = this.bucket(symbol, period, start, t);
    return b ? this.point(symbol, start, b) : undefined;
  }

  private readonly todayCache = new Map<string, { day: number; minute: number; bar: Bar | null }>();

  /**
   * The day's bar up to t: completed minutes cached, plus the minute under
   * way. When the minute moves on, the cached bar is carried forward over the
   * minutes since (not the whole day again, which cost tens of ms a minute).
   */
  private dayUpTo(symbol: string, t: number): Bar | null {
    const day = Math.floor(t / DAY);
    const minute = Math.floor((t - day * DAY) / MINUTE);
    let c = this.todayCache.get(symbol);
    if (!c || c.day !== day || c.minute !== minute) {
      const from = c && c.day === day && c.minute < minute ? c : undefined;
      const bar = from
        ? this.aggregate(symbol, day, from.minute, minute, t, from.bar)
        : this.aggregate(symbol, day, 0, minute, t);
      c = { day, minute, bar };
      this.todayCache.set(symbol, c);
    }
    const cur = this.aggregate(symbol, day, minute, minute + 1, t);
    if (!c.bar) return cur;
    if (!cur) return { ...c.bar };
    return {
      o: c.bar.o,
      h: Math.max(c.bar.h, cur.h),
      l: Math.min(c.bar.l, cur.l),
      c: cur.c,
      v: c.bar.v + cur.v,
      tv: c.bar.tv + cur.tv,
    };
  }

  /** The price entry of trading.md §3 at `now`. */
  quote(symbol: string, now: number, sort: number, tradeStatus: number): PriceEntry {
    const d = this.defs.get(symbol) as ProductDef;
    const t = this.effectiveTime(symbol, now);
    const day = Math.floor(t / DAY);
    const mid = this.shapedAt(symbol, t);
    const today = this.dayUpTo(symbol, t);
    const prevT = lastOpenAt(this.o.hoursOf(symbol), day * DAY - 1);
    const prev = prevT === undefined ? mid : this.shapedAt(symbol, prevT);
    const spread = this.spreadTimes(symbol, now);
    return quoteOf(d, { t, mid, prev, today, spread }, sort, tradeStatus, this.status(symbol, now));
  }
}

/**
 * A minute whose multiplier changes inside it, or a halt starts or ends in,
 * tick by tick (up to tick `last`, halted ticks left out; none left: no
 * bar): it opens at the previous close as the events have it at the minute's
 * start (a gap right at the start opens the bar at the gap price).
 */
function shapedMinute(
  s: Series,
  path: DayPath,
  i: number,
  last: number,
  t0: number,
  ev: readonly MarketEvent[],
): { o: number; h: number; l: number; c: number } | undefined {
  const o = (path.edge[i] as number) * factorAt(ev, t0);
  let h = o;
  let l = o;
  let c = o;
  let ticks = 0;
  for (let k = 0; k <= last; k++) {
    const t = t0 + k * TICK_MS;
    if (haltAt(ev, t) !== undefined) continue;
    ticks++;
    c = s.tick(path, i, k) * factorAt(ev, t);
    if (c > h) h = c;
    if (c < l) l = c;
  }
  return ticks ? { o, h, l, c } : undefined;
}
