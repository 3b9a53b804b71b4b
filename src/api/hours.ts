/**
 * Market hours (trading.md §4 "Market open or closed"): weekday start and close
 * times in New York time. Daylight saving comes from the time-zone database,
 * so the UTC bounds shift by an hour twice a year. A window of exactly 24 h
 * minus 1 s is always open. The zone's offset is the US rule since 2007,
 * checked by a test against the runtime's own database (Intl), which serves
 * other years: no date library, which kept about 4.5 KB gzipped in the
 * page's entry and in the simulator worker's first chunk each.
 */
import type { MarketStatus, WeeklyTimes } from './types/trading.ts';

export const MARKET_TZ = 'America/New_York';
const DAY = 86_400_000;
const HOUR = 3_600_000;

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

const cache = new WeakMap<MarketHours, Map<number, [number, number, number] | null>>();

/** The UTC calendar date of an instant as YYYY-MM-DD. */
const utcDate = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** The calendar date after a YYYY-MM-DD date (plain calendar arithmetic). */
export const nextDate = (date: string): string => utcDate(Date.parse(`${date}T00:00:00Z`) + DAY);

let nyFormat: Intl.DateTimeFormat | undefined;
/** New York wall-clock fields of an instant, as numbers (the runtime's time-zone database). */
function nyFields(t: number): Record<string, number> {
  nyFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MARKET_TZ,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const { type, value } of nyFormat.formatToParts(t)) out[type] = Number(value);
  return out;
}

/** New York's offset at an instant from the time-zone database (Intl), in ms. */
export function intlNyOffset(t: number): number {
  const f = nyFields(t);
  const wall = Date.UTC(
    f.year ?? 0,
    (f.month ?? 1) - 1,
    f.day ?? 1,
    (f.hour ?? 0) % 24,
    f.minute ?? 0,
    f.second ?? 0,
  );
  return wall - Math.floor(t / 1000) * 1000;
}

/** The first Sunday on or after a UTC calendar day, at 00:00 UTC. */
const sundayFrom = (y: number, month: number, day: number): number => {
  const t = Date.UTC(y, month, day);
  return t + ((7 - new Date(t).getUTCDay()) % 7) * DAY;
};

/** The daylight-time window of the year last asked (ruleNyOffset's cache). */
let dst = { from: 0, to: 0, start: 0, end: 0 };
/**
 * New York's offset by the US rule in force since 2007 (Energy Policy Act of
 * 2005): daylight time from the second Sunday of March at 02:00 EST (07:00
 * UTC) to the first Sunday of November at 02:00 EDT (06:00 UTC); undefined
 * outside 2007-2099. Arithmetic, not Intl: the first Intl look-up in a zone
 * loads its data (about 30 ms, the largest part of the simulator's first
 * quotes). A test holds it equal to the runtime's database for every hour
 * of 2007-2040, so a change of the law fails there once the database has it.
 */
export function ruleNyOffset(t: number): number | undefined {
  if (!(t >= dst.from && t < dst.to)) {
    const y = new Date(t).getUTCFullYear();
    if (!(y >= 2007 && y <= 2099)) return undefined;
    dst = {
      from: Date.UTC(y, 0, 1),
      to: Date.UTC(y + 1, 0, 1),
      start: sundayFrom(y, 2, 8) + 7 * HOUR,
      end: sundayFrom(y, 10, 1) + 6 * HOUR,
    };
  }
  return t >= dst.start && t < dst.end ? -4 * HOUR : -5 * HOUR;
}

/**
 * New York's offset from UTC at an instant, in ms (wall time minus UTC): the
 * rule where it applies, else the database, cached per UTC hour (the zone
 * changes offset only on the hour).
 */
const offsets = new Map<number, number>();
function nyOffset(t: number): number {
  const rule = ruleNyOffset(t);
  if (rule !== undefined) return rule;
  const hour = Math.floor(t / HOUR);
  let o = offsets.get(hour);
  if (o === undefined) {
    o = intlNyOffset(hour * HOUR);
    if (offsets.size > 20_000) offsets.clear();
    offsets.set(hour, o);
  }
  return o;
}

/**
 * Epoch ms of a wall time given as if it were UTC (`local`): guess with the
 * offset there, correct once for a change of offset in between (dayjs.tz's
 * steps). Every wall time of 2024-2030 on the half hour comes out as it did
 * with dayjs but the autumn overlap's (01:00-01:59 on the day clocks go
 * back): the earlier of the two instants here, where dayjs chose by the
 * offset on the day it ran. No market opens or closes in that hour.
 */
function fromNyWall(local: number): number {
  const o0 = nyOffset(local);
  let guess = local - o0;
  const o2 = nyOffset(guess);
  if (o0 === o2) return guess;
  guess -= o2 - o0;
  const o3 = nyOffset(guess);
  if (o2 === o3) return guess;
  return local - Math.min(o2, o3);
}

const wallCache = new Map<string, number>();
/**
 * Epoch ms of a New York wall time `date hms`. Cached: products of one kind
 * share their times.
 */
export function nyWall(date: string, hms: string): number {
  const key = `${date} ${hms}`;
  let t = wallCache.get(key);
  if (t === undefined) {
    if (wallCache.size > 5000) wallCache.clear();
    const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
    wallCache.set(key, (t = fromNyWall(Date.UTC(y, mo - 1, d) + toSec(hms) * 1000)));
  }
  return t;
}

/**
 * Bounds [early, start, end) in epoch ms of one New York date's session, or
 * null when closed; the date is given by its UTC midnight (`day`, epoch ms),
 * which keeps the per-tick look-ups free of date strings.
 */
function sessionOf(h: MarketHours, day: number): [number, number, number] | null {
  let byDay = cache.get(h);
  if (!byDay) cache.set(h, (byDay = new Map()));
  const hit = byDay.get(day);
  if (hit !== undefined) return hit;
  const date = utcDate(day);
  const weekday = String(new Date(day).getUTCDay());
  const s = h.start[weekday];
  const c = h.close[weekday];
  let out: [number, number, number] | null = null;
  if (s !== undefined && c !== undefined && toSec(c) > toSec(s)) {
    const start = nyWall(date, s);
    // A close at 23:59:59 runs to the next midnight (so sessions meet); any other close is exclusive.
    const end = c === '23:59:59' ? nyWall(utcDate(day + DAY), '00:00:00') : nyWall(date, c);
    const e = h.early?.[weekday];
    const early = e ? nyWall(date, e) : start;
    out = [early, start, end];
  }
  byDay.set(day, out);
  return out;
}

/** New York calendar date of an instant. */
export function nyDate(t: number): string {
  return utcDate(t + nyOffset(t));
}

/**
 * How far lastOpenAt looks back: no session starts more than this before the
 * instant's UTC day (weekly hours never leave a longer gap).
 */
const WINDOW_DAYS = 16;

/**
 * Sessions are looked up by date, lazily: a session of New York date X lies
 * within [X 00:00, X+1 00:00] New York time, i.e. between X 04:00 UTC and
 * X+1 05:00 UTC. So an instant of UTC day U can only be inside a session of
 * date U-1 or U, and only a handful of dates are ever converted (each
 * conversion costs an Intl lookup; a whole window of them cost tens of ms at
 * the simulator's start).
 */
export function marketStatusAt(h: MarketHours, t: number): MarketStatus {
  const u = Math.floor(t / DAY) * DAY;
  let early = false;
  for (let d = u - DAY; d <= u + DAY; d += DAY) {
    const w = sessionOf(h, d);
    if (!w) continue;
    const [e, s, end] = w;
    if (t >= s && t < end) return 'open';
    if (t >= e && t < s) early = true;
  }
  return early ? 'early_trading' : 'closed';
}
/** Whether the market of these hours is open (not early trading, not closed) at `t`. */
export const isOpenAt = (h: MarketHours, t: number): boolean => marketStatusAt(h, t) === 'open';

/** Open intervals [start, end) that overlap [from, to], merged where they touch. */
export function openIntervals(h: MarketHours, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const last = Math.floor((to + DAY) / DAY) * DAY;
  for (let d = Math.floor((from - DAY) / DAY) * DAY; d <= last; d += DAY) {
    const w = sessionOf(h, d);
    if (w && w[2] > from && w[1] < to) {
      const prev = out[out.length - 1];
      if (prev && prev[1] >= w[1]) prev[1] = Math.max(prev[1], w[2]);
      else out.push([w[1], w[2]]);
    }
  }
  return out;
}

/**
 * The last instant at or before t when the market was open (t itself if open
 * now), looking back at most WINDOW_DAYS. Walks back date by date and stops
 * once no earlier session could end later than the best found: every session
 * of date X ends by X+1 05:00 UTC, before (X+2) 00:00 UTC.
 */
export function lastOpenAt(h: MarketHours, t: number): number | undefined {
  const u = Math.floor(t / DAY) * DAY;
  let best: number | undefined;
  for (let d = u + 2 * DAY; d >= u - (WINDOW_DAYS + 1) * DAY; d -= DAY) {
    if (best !== undefined && best >= d + 2 * DAY) break;
    const w = sessionOf(h, d);
    if (w && w[1] <= t) best = Math.max(best ?? -Infinity, Math.min(t, w[2] - 1));
  }
  return best;
}
