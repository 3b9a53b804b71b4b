/**
 * The one path from a number to the text a user reads (and the only file in
 * src/ui that may call toFixed or toLocaleString: eslint-rules/numbers.js).
 * Every figure is formatted by what it belongs to, never by the digits the
 * number happens to have:
 *
 * | kind                       | belongs to | decimals                                        |
 * | -------------------------- | ---------- | ----------------------------------------------- |
 * | price                      | a product  | its pricePrecision (state/products.ts), else 2  |
 * | volume                     | a product  | 0 for whole units (minCount ≥ 1), else 2        |
 * | amount, pnl, fee, margin   | a currency | USD 2 (user-centre §9); other coins as sent     |
 * | percent (change)           | —          | 2, with a sign                                  |
 * | rate (payout)              | —          | as configured, at most 2                        |
 *
 * `<Num>` (components/num.tsx) puts one of these in the page with the
 * `data-num` / `data-unit` / `data-figure` marks README "Numbers on screen"
 * describes.
 */
import { DEFAULT_PRECISION } from '../config/constants.ts';
import { priceDigitsOf, volumeDigitsFor } from '../state/products.ts';
import { site } from '../state/site.ts';
import { fixed, signedPercent } from './number-core.ts';

/** What a number on screen is (the DOM's `data-num`). */
export type NumKind =
  'price' | 'amount' | 'volume' | 'percent' | 'rate' | 'pnl' | 'fee' | 'margin' | 'other';

/** The base currency: balances and every USD figure at 2 decimals (user-centre.md §9). */
export const BASE_CURRENCY = 'USD';

type Value = number | string | null | undefined;

const numberOf = (v: Value): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

const MISSING = '—';

/** A number as written, without exponent notation (1e-7 → 0.0000001). */
function plain(v: number | string): string {
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return v.trim();
  const n = Number(v);
  if (!Number.isFinite(n)) return MISSING;
  const s = String(n);
  return s.includes('e')
    ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : s;
}

/** A product's price decimals: learned (price entries, product info, this browser's cache), else 2. */
export const priceDigits = (symbol: string): number => priceDigitsOf(symbol);

/** A product's volume decimals. */
export const volumeDigits = (symbol: string): number => volumeDigitsFor(symbol);

/** A currency's decimals, or undefined for "as the server sends it" (other coins, §9). */
export const amountDigits = (currency: string): number | undefined =>
  currency === BASE_CURRENCY ? DEFAULT_PRECISION : undefined;

/** A price of a product, in its precision ('—' when there is none). */
export function priceText(symbol: string, v: Value): string {
  const n = numberOf(v);
  return n === undefined ? MISSING : fixed(n, priceDigits(symbol));
}

/** A volume (lots, or the day's volume) of a product. */
export function volumeText(symbol: string, v: Value): string {
  const n = numberOf(v);
  return n === undefined ? MISSING : fixed(n, volumeDigits(symbol));
}

/** Money in a currency: USD with 2 decimals, other coins as the server gives them. */
export function amountText(v: Value, currency: string = BASE_CURRENCY): string {
  const n = numberOf(v);
  if (n === undefined) return MISSING;
  const d = amountDigits(currency);
  return d === undefined ? plain(v as number | string) : fixed(n, d);
}

/** USD with 2 decimals (balances, P&L, fees, margin, USD equivalents). */
export const money = (v: Value): string => amountText(v, BASE_CURRENCY);

/** A change in percent: 2 decimals and a sign ("+1.25", "-0.40"); the % sign is the caller's. */
export function percentText(v: Value): string {
  const n = numberOf(v);
  return n === undefined ? MISSING : signedPercent(n);
}

/** A payout rate in percent as configured (85, 87.5), at most 2 decimals; the % is the caller's. */
export function rateText(v: Value): string {
  const n = numberOf(v);
  return n === undefined ? MISSING : String(Number(fixed(n, 2)));
}

/** Any kind, by what it belongs to (`unit`: the product's symbol or the currency). */
export function numText(kind: NumKind, unit: string | undefined, v: Value): string {
  switch (kind) {
    case 'price':
      return priceText(unit ?? '', v);
    case 'volume':
      return volumeText(unit ?? '', v);
    case 'amount':
    case 'pnl':
    case 'fee':
    case 'margin':
      return amountText(v, unit ?? BASE_CURRENCY);
    case 'percent':
      return percentText(v);
    case 'rate':
      return rateText(v);
    case 'other':
      return v === null || v === undefined || v === '' ? MISSING : plain(v);
  }
}

/**
 * Loan amounts grouped the reader's way (50,000): the loan's amounts move in
 * steps of 10,000 and 100 (user-centre.md §9), so they are whole, and a
 * sentence-sized figure reads better grouped.
 */
export function groupedText(v: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(v);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(v);
  }
}

/** A coordinate in an SVG path (drawn, not read): one decimal place is enough. */
export const svgNumber = (v: number, decimals = 1): string => v.toFixed(decimals);

export const trendClass = (changePercent: number): string => (changePercent >= 0 ? 'up' : 'down');

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * 'YYYY-MM-DD HH:mm:ss' (or the date alone) in the site's time zone, or the
 * device's when the site says 'device' (trading.md §9 date formats).
 */
export function formatDateTime(ts: number, dateOnly = false, timeZone = siteZone()): string {
  const key = `${timeZone ?? ''}|${dateOnly}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(dateOnly
        ? {}
        : { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const }),
    });
    formatters.set(key, f);
  }
  const p = Object.fromEntries(f.formatToParts(ts).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return dateOnly ? date : `${date} ${p.hour}:${p.minute}:${p.second}`;
}

function siteZone(): string | undefined {
  const tz = site.config?.timezone;
  return tz && tz !== 'device' ? tz : undefined;
}

/** Seconds left on a countdown as minutes and seconds: 2:05 (the same in every language). */
export const countdownText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A translate function for duration units (keys duration.s, duration.m, duration.h). */
type UnitT = (key: 'duration.s' | 'duration.m' | 'duration.h', values: { n: number }) => string;
const ENGLISH_UNITS: UnitT = (key, { n }) => `${n}${key.slice(-1)}`;

/**
 * Seconds as a short duration in the language's units (issue 25 item 9):
 * 30s, 5m, 1h 30m in English, 30秒, 5分 in Japanese; English without `t`.
 */
export function formatDuration(seconds: number, t: UnitT = ENGLISH_UNITS): string {
  const u = (unit: 's' | 'm' | 'h', n: number) => t(`duration.${unit}`, { n });
  if (seconds < 60) return u('s', seconds);
  if (seconds < 3600)
    return [u('m', Math.floor(seconds / 60)), seconds % 60 ? u('s', seconds % 60) : '']
      .filter(Boolean)
      .join(' ');
  const m = Math.floor((seconds % 3600) / 60);
  return [u('h', Math.floor(seconds / 3600)), m ? u('m', m) : ''].filter(Boolean).join(' ');
}

/**
 * A delivery term's name from the server (timeRatePayload's label, "30s",
 * "3min") in the language's units; English keeps the server's own label, and
 * a label that is not a plain duration is shown as given.
 */
export function durationLabel(name: string, language: string, t: UnitT): string {
  const m = /^(\d+)\s*(s|sec|m|min|h|hr)$/i.exec(name.trim());
  if (!m || language.startsWith('en')) return name;
  const unit = m[2]!.toLowerCase()[0] as 's' | 'm' | 'h';
  return t(`duration.${unit}`, { n: Number(m[1]) });
}
