/** Number formatting for prices, volumes, amounts and percentages. */
import { DEFAULT_PRECISION } from '../config/constants.ts';
import { productDigits } from '../state/products.ts';
import { site } from '../state/site.ts';

const seen = new Map<string, number>();

/**
 * Decimals to show for a symbol's prices: its product's pricePrecision once
 * the order info is known; before that (a visitor, who may not read it), the
 * most decimals seen so far in its prices (server-rounded).
 */
export function decimalsOf(symbol: string, ...values: number[]): number {
  let d = seen.get(symbol) ?? 0;
  for (const v of values) {
    const s = String(v);
    const i = s.indexOf('.');
    if (i >= 0 && !s.includes('e')) d = Math.max(d, s.length - i - 1);
  }
  seen.set(symbol, d);
  return productDigits.bySymbol[symbol]?.price ?? d;
}

export const formatPrice = (v: number, decimals: number): string => v.toFixed(decimals);

/** A price of a product, in its precision ('—' when there is none). */
export function priceText(symbol: string, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const known = productDigits.bySymbol[symbol]?.price;
  const d = known ?? (seen.has(symbol) ? decimalsOf(symbol, v) : DEFAULT_PRECISION);
  return v.toFixed(d);
}

/** A volume (lots) of a product: whole units for shares, else 2 decimals (§9 amount precision). */
export function volumeText(symbol: string, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const min = productDigits.bySymbol[symbol]?.minCount;
  const whole = min !== undefined && min >= 1 && Number.isInteger(min);
  return v.toFixed(whole ? 0 : DEFAULT_PRECISION);
}

export const formatPercent = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;

export const trendClass = (changePercent: number): string => (changePercent >= 0 ? 'up' : 'down');

/** Money with two decimals (USD figures). */
export const money = (v: number | string): string => Number(v).toFixed(2);

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

/** Seconds as a short duration: 30s, 5m, 1h 30m. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600)
    return `${Math.floor(seconds / 60)}m${seconds % 60 ? ` ${seconds % 60}s` : ''}`;
  return `${Math.floor(seconds / 3600)}h${seconds % 3600 ? ` ${Math.floor((seconds % 3600) / 60)}m` : ''}`;
}
