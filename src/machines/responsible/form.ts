/**
 * The responsible-trading form's pure parts (api/types/responsible.ts): the
 * keys, the limits as strings and back, each value's check, and the dates of
 * self-exclusion in the server's time zone.
 */
import {
  RT_MAX_AMOUNT,
  RT_MAX_MINUTES,
  RT_MONEY_LIMITS,
  RT_PERIODS,
  type RtKey,
  type RtLimits,
  type RtState,
} from '../../api/types/responsible.ts';
import { zonedDate, zonedMidnight } from '../../api/zoned-time.ts';

export { zonedDate, zonedMidnight };

/** The nine money keys, limit by limit (deposit.day … turnover.month). */
export const MONEY_KEYS: readonly RtKey[] = RT_MONEY_LIMITS.flatMap((l) =>
  RT_PERIODS.map((p) => `${l}.${p}` as RtKey),
);
export const MINUTE_KEYS: readonly RtKey[] = ['sessionMinutes', 'realityCheckMinutes'];
export const RT_KEYS: readonly RtKey[] = [...MONEY_KEYS, ...MINUTE_KEYS];

/** The form: one string per key, '' for no limit. */
export type RtForm = Record<RtKey, string>;

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
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > RT_MAX_MINUTES)
      return 'responsible.errMinutes';
    return undefined;
  }
  if (!/^\d+(\.\d+)?$/.test(v)) return 'responsible.errAmount';
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return 'responsible.errDecimals';
  if (Number(v) > RT_MAX_AMOUNT) return 'responsible.errMax';
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

// ---- self-exclusion dates, in the server's zone (api/zoned-time.ts)

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
 * The exclusion's end: the start of the chosen day in the server's zone (the
 * trader may sign in again on that date); the server takes tomorrow's onwards.
 */
export const untilOf = (date: string, timeZone: string): number => zonedMidnight(date, timeZone);
