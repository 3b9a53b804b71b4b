/** Order prices of trading.md §5 "Market order": the pending (limit) price check and the entry price. */
import { pendingPriceWrong } from '../../api/order-rules.ts';
import type { OrderDirection } from '../../api/types/trading.ts';
import { numberOf } from './number-input.ts';
import type { Quote } from './product-load.ts';

/** A pending price: a buy must not be above the current (ask) price, a sell not below the (bid) price. */
export function checkPendingPrice(
  value: string,
  direction: OrderDirection,
  quote: Quote | null,
): 'index.wrong_price' | undefined {
  const n = numberOf(value);
  if (n === undefined || n <= 0) return 'index.wrong_price';
  if (!quote) return undefined;
  return pendingPriceWrong(n, direction, quote.bid, quote.ask) ? 'index.wrong_price' : undefined;
}

/** Where a pending price may lie: a buy at or below the ask, a sell at or above the bid. */
export interface PriceRange {
  side: 'atOrBelow' | 'atOrAbove';
  ref: number;
}

/** The pending price's range for the current quote (undefined until a quote is known). */
export const pendingRange = (
  direction: OrderDirection,
  quote: Quote | null,
): PriceRange | undefined =>
  quote
    ? direction === 0
      ? { side: 'atOrBelow', ref: quote.ask }
      : { side: 'atOrAbove', ref: quote.bid }
    : undefined;

/** Where the order opens: its limit price, else the ask for a buy and the bid for a sell. */
export function entryPrice(
  direction: OrderDirection,
  pending: boolean,
  price: string,
  quote: Quote | null,
): number | undefined {
  if (pending) {
    const n = numberOf(price);
    return n !== undefined && n > 0 ? n : undefined;
  }
  return quote ? (direction === 0 ? quote.ask : quote.bid) : undefined;
}
