/**
 * The responsible-trading form's pure parts (api/types/responsible.ts): the
 * keys, the limits as strings and back, each value's check, and the dates of
 * self-exclusion in the server's time zone.
 */
import {
  RT_MONEY_LIMITS,
  RT_PERIODS,
  type RtKey,
  type RtLimits,
  type RtState,
} from '../../api/types/responsible.ts';

/** The nine money keys, limit by limit (deposit.day … turnover.month). */
export const MONEY_KEYS: readonly RtKey[] = RT_MONEY_LIMITS.flatMap((l) =>
  RT_PERIODS.map((p) => `${l}.${p}` as RtKey),
);
export const MINUTE_KEYS: readonly RtKey[] = ['sessionMinutes', 'realityCheckMinutes'];
export const RT_KEYS: readonly RtKey[] = [...MONEY_KEYS, ...MINUTE_KEYS];

/** The form: one string per key, '' for no limit. */
export type RtForm = Record<RtKey, string>;

export const MAX_AMOUNT = 1_000_000_000;
export const MAX_MINUTES = 1440;

/** A limit's value by key (undefined: no limit). */
export function valueOf(limits: RtLimits, key: RtKey): number | undefined {
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') return limits[key];
  const [limit, period] = key.split('.') as [keyof RtLimits & string, string];
  return (limits[limit as 'deposit'] as Record<string, number | undefined>)[period];
}

/**
 * The values the trader wants: a pending change's value where one waits (so
 * a save of another key does not ask for the value in force again, which
 * would drop it), else the value in force.
 */
export function wantedForm(state: RtState): RtForm {
  const form = {} as RtForm;
  for (const key of RT_KEYS) {
    const p = state.pending.find((x) => x.key === key);
    const v = p ? p.value : valueOf(state.limits, key);
    form[key] = v === null || v === undefined ? '' : String(v);
  }
  return form;
}

/** The form as the payload's limits (a checked form: every value parses). */
export function limitsOf(form: RtForm): RtLimits {
  const limits: RtLimits = { deposit: {}, loss: {}, turnover: {} };
  for (const key of MONEY_KEYS) {
    const [l, p] = key.split('.') as ['deposit', 'day'];
    if (form[key].trim() !== '') limits[l][p] = Number(form[key]);
  }
  for (const key of MINUTE_KEYS) {
    if (form[key].trim() !== '') limits[key as 'sessionMinutes'] = Number(form[key]);
  }
  return limits;
}

/** The same number, or both empty. */
export const sameValue = (a: string, b: string): boolean =>
  a.trim() === '' || b.trim() === '' ? a.trim() === b.trim() : Number(a) === Number(b);

/** The keys whose value differs from `base`. */
export const changedKeys = (form: RtForm, base: RtForm): RtKey[] =>
  RT_KEYS.filter((k) => !sameValue(form[k], base[k]));

/** A value's error key, or undefined when it is fine ('' is no limit). */
export function checkValue(key: RtKey, raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') {
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_MINUTES)
      return 'responsible.errMinutes';
    return undefined;
  }
  if (!/^\d+(\.\d+)?$/.test(v)) return 'responsible.errAmount';
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return 'responsible.errDecimals';
  if (Number(v) > MAX_AMOUNT) return 'responsible.errMax';
  return undefined;
}

export function checkForm(form: RtForm): Partial<Record<RtKey, string>> {
  const errors: Partial<Record<RtKey, string>> = {};
  for (const key of RT_KEYS) {
    const e = checkValue(key, form[key]);
    if (e) errors[key] = e;
  }
  return errors;
}

// ---- self-exclusion dates, in the server's zone

/** 'YYYY-MM-DD' of an instant in a zone. */
export function zonedDate(ts: number, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(ts)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** How far a zone's wall clock is ahead of UTC at an instant (ms). */
function zoneOffset(ts: number, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(ts)
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(ts / 1000) * 1000;
}

/** The instant a date ('YYYY-MM-DD') begins in a zone. */
export function zonedMidnight(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** A date some days and years after another ('YYYY-MM-DD'). */
export function addToDate(date: string, days: number, years = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y + years, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** The dates self-exclusion may end on: tomorrow to five years from today, in the zone. */
export function exclusionRange(now: number, timeZone: string): { min: string; max: string } {
  const today = zonedDate(now, timeZone);
  return { min: addToDate(today, 1), max: addToDate(today, 0, 5) };
}

/** The date's error key, or undefined. */
export function checkUntil(date: string, now: number, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'responsible.errDate';
  const { min, max } = exclusionRange(now, timeZone);
  return date < min || date > max ? 'responsible.errDate' : undefined;
}

/**
 * Room for the call's way to the server, and for the client's estimate of
 * the server's clock (it can only fall short of it): the server counts its
 * day from when the call arrives.
 */
export const UNTIL_MARGIN_MS = 60_000;

/**
 * The exclusion's end: the start of the chosen day in the zone (the trader
 * may sign in again on that date), at least a day ahead as the server asks
 * (with {@link UNTIL_MARGIN_MS} to spare: tomorrow's start is always less
 * than a day away, so the default date always ends here).
 */
export const untilOf = (date: string, now: number, timeZone: string): number =>
  Math.max(zonedMidnight(date, timeZone), now + 24 * 3_600_000 + UNTIL_MARGIN_MS);
