/**
 * The responsible-trading periods (api/types/responsible.ts): a day, a week
 * from Monday and a month, each in an IANA time zone, found with Intl so
 * daylight-saving changes come out right (a day across a change lasts 23 or
 * 25 hours). No date library: the zone's offset at an instant is read off
 * Intl's wall-clock parts.
 */
import type { RtPeriod } from '../../../api/types/responsible.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

/** Is this a time zone Intl knows? */
export function isTimeZone(tz: string): boolean {
  try {
    formatOf(tz);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

/** The wall-clock time in `tz` at instant `t` (month 1..12). */
function wallAt(t: number, tz: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatOf(tz).formatToParts(new Date(t)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year ?? 1970,
    m: parts.month ?? 1,
    d: parts.day ?? 1,
    h: parts.hour ?? 0,
    min: parts.minute ?? 0,
    s: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at instant `t`, ms (New York in winter: −5 h). */
function offsetAt(t: number, tz: string): number {
  const w = wallAt(t, tz);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/**
 * The instant of a local midnight (month 1..12; days past the month's end
 * roll over, as Date.UTC does). A midnight a change skips is the first
 * instant after it.
 */
function localMidnight(y: number, m: number, d: number, tz: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return second;
}

/** When the period around `now` began and when it ends (epoch ms), in `tz`. */
export function periodOf(
  period: RtPeriod,
  now: number,
  tz: string,
): { start: number; end: number } {
  const w = wallAt(now, tz);
  if (period === 'day')
    return { start: localMidnight(w.y, w.m, w.d, tz), end: localMidnight(w.y, w.m, w.d + 1, tz) };
  if (period === 'week') {
    // 0 Sunday … 6 Saturday; a week starts on Monday.
    const dow = new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay();
    const back = (dow + 6) % 7;
    return {
      start: localMidnight(w.y, w.m, w.d - back, tz),
      end: localMidnight(w.y, w.m, w.d - back + 7, tz),
    };
  }
  return { start: localMidnight(w.y, w.m, 1, tz), end: localMidnight(w.y, w.m + 1, 1, tz) };
}
