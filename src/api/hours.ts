/**
 * Market hours (trading.md §4 "Market open or closed"): weekday start and close
 * times in New York time. Daylight saving comes from the time-zone database,
 * so the UTC bounds shift by an hour twice a year. A window of exactly 24 h
 * minus 1 s is always open.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { MarketStatus, WeeklyTimes } from './types/trading.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const MARKET_TZ = 'America/New_York';
const DAY = 86_400_000;

export interface MarketHours {
  start: WeeklyTimes;
  close: WeeklyTimes;
  /** Pre-market start per weekday (US stocks): status early_trading until start. */
  early?: WeeklyTimes;
}

const toSec = (hms: string) => {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/** Exactly 24 h minus 1 s: always open that day. */
export const isFullDay = (start: string, close: string): boolean =>
  toSec(close) - toSec(start) === 86_399;

const cache = new WeakMap<MarketHours, Map<string, [number, number, number] | null>>();

/** Bounds [early, start, end) in epoch ms of one New York date's session, or null when closed. */
export function sessionOf(h: MarketHours, date: string): [number, number, number] | null {
  let byDate = cache.get(h);
  if (!byDate) cache.set(h, (byDate = new Map()));
  const hit = byDate.get(date);
  if (hit !== undefined) return hit;
  const weekday = String(dayjs.utc(date).day());
  const s = h.start[weekday];
  const c = h.close[weekday];
  let out: [number, number, number] | null = null;
  if (s !== undefined && c !== undefined && toSec(c) > toSec(s)) {
    const start = dayjs.tz(`${date} ${s}`, MARKET_TZ).valueOf();
    // A close at 23:59:59 runs to the next midnight (so sessions meet); any other close is exclusive.
    const end =
      c === '23:59:59'
        ? dayjs.tz(`${nextDate(date)} 00:00:00`, MARKET_TZ).valueOf()
        : dayjs.tz(`${date} ${c}`, MARKET_TZ).valueOf();
    const e = h.early?.[weekday];
    const early = e ? dayjs.tz(`${date} ${e}`, MARKET_TZ).valueOf() : start;
    out = [early, start, end];
  }
  byDate.set(date, out);
  return out;
}

/** The calendar date after `date` (plain date arithmetic, no time zone involved). */
function nextDate(date: string): string {
  return dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
}

/** New York calendar date of an instant. */
export const nyDate = (t: number): string => dayjs(t).tz(MARKET_TZ).format('YYYY-MM-DD');

/** Sessions around an instant, sorted, cached per hours object (a window of days either side). */
const windows = new WeakMap<
  MarketHours,
  { from: number; to: number; list: Array<[number, number, number]> }
>();
const WINDOW_DAYS = 16;

function sessionsAround(h: MarketHours, t: number) {
  const w = windows.get(h);
  if (w && t >= w.from && t < w.to) return w.list;
  const from = Math.floor(t / DAY) * DAY - WINDOW_DAYS * DAY;
  const to = from + 2 * WINDOW_DAYS * DAY;
  const list: Array<[number, number, number]> = [];
  let date = dayjs.utc(from - DAY).format('YYYY-MM-DD');
  const last = dayjs.utc(to + DAY).format('YYYY-MM-DD');
  while (date <= last) {
    const s = sessionOf(h, date);
    if (s) list.push(s);
    date = nextDate(date);
  }
  windows.set(h, { from: from + DAY, to: to - DAY, list });
  return list;
}

export function marketStatusAt(h: MarketHours, t: number): MarketStatus {
  let early = false;
  for (const [e, s, end] of sessionsAround(h, t)) {
    if (t >= s && t < end) return 'open';
    if (t >= e && t < s) early = true;
  }
  return early ? 'early_trading' : 'closed';
}

export const isOpenAt = (h: MarketHours, t: number): boolean => marketStatusAt(h, t) === 'open';

/** Open intervals [start, end) that overlap [from, to], merged where they touch. */
export function openIntervals(h: MarketHours, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let date = dayjs.utc(from - DAY).format('YYYY-MM-DD');
  const last = dayjs.utc(to + DAY).format('YYYY-MM-DD');
  while (date <= last) {
    const w = sessionOf(h, date);
    if (w && w[2] > from && w[1] < to) {
      const prev = out[out.length - 1];
      if (prev && prev[1] >= w[1]) prev[1] = Math.max(prev[1], w[2]);
      else out.push([w[1], w[2]]);
    }
    date = nextDate(date);
  }
  return out;
}

/** The last instant at or before t when the market was open (t itself if open now). */
export function lastOpenAt(h: MarketHours, t: number): number | undefined {
  let best: number | undefined;
  for (const [, s, e] of sessionsAround(h, t)) {
    if (s <= t) best = Math.max(best ?? -Infinity, Math.min(t, e - 1));
  }
  return best;
}
