/**
 * Market events a reviewer fires from the back office (issue 29): shapes laid
 * over a product's price path, as multipliers of time. The path itself
 * (series.ts) stays a pure function of the market key and the time, and an
 * event is a pure function of when it was scheduled, so prices, candles and
 * history stay reproducible: the same key and the same events draw the same
 * market in either host.
 *
 * - a gap: from `at` on, every price is `1 + pct / 100` times what it was,
 *   with no tick in between (stops and pending orders fill at the gap price);
 * - a flash crash: from `at`, a fall of `pct` % over half of `ms`, then back
 *   over the other half (a straight line each way);
 * - a wide spread: from `at`, for `ms`, bid and ask are `factor` times as far
 *   apart (the mid, and so the candles, are unchanged);
 * - a trading halt: from `at`, for `ms`, the market is closed: prices stay at
 *   the last one before it, no bar is drawn, nothing fills or triggers, and an
 *   option whose time ends meanwhile settles at that last price;
 * - a silent feed: from `at`, for `ms`, the market channel sends nothing
 *   about the product (no board entry, no `price`, no `kline` message) while
 *   the socket stays open and other products go on. Prices and candles are
 *   unchanged (trading goes on at them); only the feed is quiet.
 */
import { TICK_MS } from './series.ts';

export type MarketEvent =
  | { kind: 'gap'; at: number; pct: number }
  | { kind: 'crash'; at: number; pct: number; ms: number }
  | { kind: 'spread'; at: number; factor: number; ms: number }
  | { kind: 'halt'; at: number; ms: number }
  | { kind: 'silent'; at: number; ms: number };

/** Events kept per product: every gap bends all later prices, so none may be dropped. */
export const MAX_EVENTS_PER_PRODUCT = 100;
/** The largest gap either way (%). */
export const MAX_GAP_PCT = 50;
/** A flash crash's depth (%) and length (ms). */
export const CRASH_PCT = { min: 0.1, max: 90 } as const;
export const CRASH_MS = { min: 10_000, max: 3_600_000 } as const;
/** How many times wider a spread may be made, and for how long (ms). */
export const SPREAD_FACTOR = { min: 1.1, max: 100 } as const;
export const SPREAD_MS = { min: 1_000, max: 24 * 3_600_000 } as const;
/** How long a halt may last (ms). */
export const HALT_MS = { min: 1_000, max: 24 * 3_600_000 } as const;

/** How long a silent feed may last (ms). */
export const SILENT_MS = { min: 1_000, max: 24 * 3_600_000 } as const;

/** Events that move the price (the others leave the path as it is). */
const moves = (e: MarketEvent): e is Extract<MarketEvent, { kind: 'gap' | 'crash' }> =>
  e.kind === 'gap' || e.kind === 'crash';

/** The first tick after `now`: an event never rewrites a price already shown. */
export const nextTick = (now: number): number => (Math.floor(now / TICK_MS) + 1) * TICK_MS;

/** The multiplier the events put on the price path at t. */
export function factorAt(events: readonly MarketEvent[], t: number): number {
  let f = 1;
  for (const e of events) {
    if (t < e.at || !moves(e)) continue;
    if (e.kind === 'gap') f *= 1 + e.pct / 100;
    else if (t < e.at + e.ms) {
      const u = (t - e.at) / e.ms;
      f *= 1 - (e.pct / 100) * (u < 0.5 ? 2 * u : 2 * (1 - u));
    }
  }
  return f;
}

/**
 * Is every instant of [t0, t1] alike: the same multiplier, and all halted or
 * none? (Then a bar is scaled as a whole, or left out whole.)
 */
export function steadyOver(events: readonly MarketEvent[], t0: number, t1: number): boolean {
  const inside = (x: number) => x > t0 && x <= t1;
  for (const e of events) {
    if (e.kind === 'gap' && inside(e.at)) return false;
    if (e.kind === 'crash' && e.at <= t1 && e.at + e.ms > t0) return false;
    if (e.kind === 'halt' && (inside(e.at) || inside(e.at + e.ms))) return false;
  }
  return true;
}

/** The start of the halt under way at t, if one is. */
export function haltAt(events: readonly MarketEvent[], t: number): number | undefined {
  let from: number | undefined;
  for (const e of events)
    if (e.kind === 'halt' && t >= e.at && t < e.at + e.ms) from = Math.min(from ?? e.at, e.at);
  return from;
}

/** Is the product's feed silent at t? */
export function silentAt(events: readonly MarketEvent[], t: number): boolean {
  for (const e of events) if (e.kind === 'silent' && t >= e.at && t < e.at + e.ms) return true;
  return false;
}

/** How many times its usual width the spread is at t. */
export function spreadAt(events: readonly MarketEvent[], t: number): number {
  let f = 1;
  for (const e of events) if (e.kind === 'spread' && t >= e.at && t < e.at + e.ms) f *= e.factor;
  return f;
}

/** Why an event cannot be scheduled on a product that already has `count`, or undefined. */
export function eventRefusal(e: MarketEvent, count: number): string | undefined {
  if (count >= MAX_EVENTS_PER_PRODUCT)
    return `at most ${MAX_EVENTS_PER_PRODUCT} market events per product`;
  if (e.kind === 'halt')
    return e.ms >= HALT_MS.min && e.ms <= HALT_MS.max
      ? undefined
      : `a halt lasts ${HALT_MS.min / 1000} s to ${HALT_MS.max / 3_600_000} hours`;
  if (e.kind === 'silent')
    return e.ms >= SILENT_MS.min && e.ms <= SILENT_MS.max
      ? undefined
      : `a silent feed lasts ${SILENT_MS.min / 1000} s to ${SILENT_MS.max / 3_600_000} hours`;
  if (e.kind === 'spread') {
    if (!(e.factor >= SPREAD_FACTOR.min && e.factor <= SPREAD_FACTOR.max))
      return `a spread widens ${SPREAD_FACTOR.min} to ${SPREAD_FACTOR.max} times`;
    if (!(e.ms >= SPREAD_MS.min && e.ms <= SPREAD_MS.max))
      return `a wide spread lasts ${SPREAD_MS.min / 1000} s to ${SPREAD_MS.max / 3_600_000} hours`;
    return undefined;
  }
  if (!Number.isFinite(e.pct)) return 'the percentage must be a number';
  if (e.kind === 'gap') {
    if (e.pct === 0 || Math.abs(e.pct) > MAX_GAP_PCT)
      return `a gap moves the price by -${MAX_GAP_PCT} to ${MAX_GAP_PCT} %, not 0`;
  } else {
    if (e.pct < CRASH_PCT.min || e.pct > CRASH_PCT.max)
      return `a flash crash falls ${CRASH_PCT.min} to ${CRASH_PCT.max} %`;
    if (!(e.ms >= CRASH_MS.min && e.ms <= CRASH_MS.max))
      return `a flash crash lasts ${CRASH_MS.min / 1000} s to ${CRASH_MS.max / 60_000} minutes`;
  }
  return undefined;
}
