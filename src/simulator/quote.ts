/**
 * A price entry (trading.md §3) from its parts: the engine's fast path
 * (prices.ts) and the fast-path test's slow reference both build it here, so
 * a field is added once.
 */
import { volumeDecimals } from '../api/volume-decimals.ts';
import type { MarketStatus, PriceEntry } from '../api/types/trading.ts';
import type { ProductDef } from './catalogue.ts';
import { TICK_MS } from './series.ts';

/** A number rounded to `precision` decimals. */
export const round = (x: number, precision: number) => Number(x.toFixed(precision));

/** Volumes' decimals: the order form's and the books' rule (api/order-rules.ts). */
export const volumePrecisionOf = (d: Pick<ProductDef, 'minCount'>): number =>
  volumeDecimals(d.minCount);

/** What a quote is made of: its time, mid price, previous close and the day's bar so far. */
export interface QuoteParts {
  t: number;
  mid: number;
  prev: number;
  today: { h: number; l: number; v: number } | null;
  /** How many times its usual width the spread is (a market event; 1 when left out). */
  spread?: number;
}

/** Half the spread, in price: the product's, times a market event's widening. */
export const halfSpreadOf = (d: Pick<ProductDef, 'spread' | 'pip'>, times = 1): number =>
  (d.spread * d.pip * times) / 2;

/** The price entry of trading.md §3 from its parts (the engine's fast path and the tests' slow one). */
export function quoteOf(
  d: ProductDef,
  p: QuoteParts,
  sort: number,
  tradeStatus: number,
  marketStatus: MarketStatus,
): PriceEntry {
  const { t, mid, prev, today } = p;
  const half = halfSpreadOf(d, p.spread);
  return {
    name: d.symbol,
    productName: d.name,
    price: round(mid, d.precision),
    bidPrice: round(mid - half, d.precision),
    askPrice: round(mid + half, d.precision),
    priceChangePercent: round(((mid - prev) / prev) * 100, 2),
    volume: round(today?.v ?? 0, 2),
    lastUpdate: Math.floor(t / TICK_MS) * TICK_MS,
    sort,
    type: String(d.type),
    tradeStatus,
    high: round(today?.h ?? mid, d.precision),
    low: round(today?.l ?? mid, d.precision),
    // Extensions (api/types/trading.ts): every client knows the digits, a visitor's too.
    pricePrecision: d.precision,
    volumePrecision: volumePrecisionOf(d),
    marketStatus,
  };
}
