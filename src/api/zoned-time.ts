/**
 * Wall-clock arithmetic in an IANA time zone, with Intl only (no date library),
 * so daylight-saving changes come out right: the wall time at an instant, a
 * zone's offset, a local midnight. One place for the app (responsible
 * trading's self-exclusion dates) and the simulator (its periods).
 */
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

export interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

/** The wall-clock time in `tz` at instant `t` (month 1..12). */
export function wallAt(t: number, tz: string): Wall {
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
export function offsetAt(t: number, tz: string): number {
  const w = wallAt(t, tz);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/**
 * The instant of a local midnight (month 1..12; days past the month's end
 * roll over, as Date.UTC does). A midnight a change skips is the first
 * instant after it.
 */
export function localMidnight(y: number, m: number, d: number, tz: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return second;
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function zonedDate(t: number, tz: string): string {
  const w = wallAt(t, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.y}-${two(w.m)}-${two(w.d)}`;
}

/** The instant a date ('YYYY-MM-DD') begins in a zone. */
export function zonedMidnight(date: string, tz: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return localMidnight(y, m, d, tz);
}
