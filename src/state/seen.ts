/**
 * What this browser keeps that index.html's boot shell reads too, before any
 * module runs (ui/boot/shell-paint.ts), so free of any store: the last
 * prices (last-prices.ts), each product's digits (products.ts), the
 * preferences and the site config last read.
 */
import type { PriceEntry } from '../api/types/trading.ts';

export const LAST_PRICES_KEY = 'prices.last';
export const DIGITS_KEY = 'products.digits';
/** The user's preferences (preferences.ts) and the site config last read (ui/boot/early.ts). */
export const PREFERENCES_KEY = 'preferences';
export const LAST_CONFIG_KEY = 'siteConfig.last';

export const SEEN_FIELDS = [
  'name',
  'productName',
  'price',
  'bidPrice',
  'askPrice',
  'priceChangePercent',
  'sort',
  'type',
  'tradeStatus',
] as const;
export type SeenPrice = Pick<PriceEntry, (typeof SEEN_FIELDS)[number]>;

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

export const isSeen = (x: unknown): x is SeenPrice => {
  const p = x as Partial<SeenPrice> | null;
  return (
    typeof p?.name === 'string' &&
    isNumber(p.bidPrice) &&
    isNumber(p.askPrice) &&
    isNumber(p.priceChangePercent)
  );
};

/** A decimal count a display can use (a server's wild value is not one). */
export const isDigits = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 12;
