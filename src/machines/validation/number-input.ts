/**
 * The number-input sanitiser of trading.md §5 "Number inputs": what a numeric
 * field keeps of what the user typed or pasted.
 *
 * - a comma becomes a dot (decimal comma keyboards);
 * - everything but digits and dots is dropped;
 * - only the first dot is kept;
 * - no leading dot: on an order form (volume, prices, an option's amount) a
 *   dot typed first gets its zero (".5" is 0.5, the only number it can mean:
 *   dropping the dot made 5 lots of it, ten times the order typed, with no
 *   word); the wallet's amounts drop it instead, as user-centre.md §5 says
 *   for them ("A leading dot is removed"), with `leadingDot: 'drop'`;
 * - at most `precision` decimals (default 2, trading.md §9); precision 0 keeps
 *   a typed dot with no digit after it ("1.5" is "1."), so digits typed after
 *   it are cut like any decimal beyond the precision, never joined to the
 *   whole.
 *
 * Pure: the same text always gives the same result, so machines call it on
 * every `field.change`.
 */
import { DEFAULT_PRECISION } from '../../config/constants.ts';

export function sanitizeNumber(
  value: string,
  precision: number = DEFAULT_PRECISION,
  leadingDot: 'zero' | 'drop' = 'zero',
): string {
  const places = Number.isInteger(precision) && precision > 0 ? precision : 0;
  const text = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  const typedWhole = (dot < 0 ? text : text.slice(0, dot)).replace(/\./g, '');
  if (dot < 0) return typedWhole;
  if (typedWhole === '' && leadingDot === 'drop')
    return sanitizeNumber(text.slice(dot + 1), places, leadingDot);
  const whole = typedWhole === '' ? '0' : typedWhole;
  // Whole units only: the dot stays, so the digits typed after it are cut, not joined to the
  // whole ("1.5" shares typed key by key became 15 when the dot vanished).
  if (places === 0) return `${whole}.`;
  const decimals = text
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, places);
  return `${whole}.${decimals}`;
}

/** Decimal places a number is written with (0.01 → 2, 1 → 0, 1e-7 → 7). */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]) + (s.split('e')[0]?.split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

/** A sanitised value as a number; undefined when empty or not a number. */
export function numberOf(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
