/**
 * What a client reads of a market's status (trading.md §4 "Market open or
 * closed"), apart from the hours themselves (hours.ts, the simulator's and
 * the conformance checks'): the first route shows a closed quote, and the
 * simulator's worker, which shares chunks with it, needs all of hours.ts.
 */
import type { MarketStatus } from './types/trading.ts';

/**
 * Only history while the market is not open (closed or early_trading,
 * trading.md §2 "Chart"): the chart's gate reads it of the `marketStatus`
 * call, every quote list of the status in the product's price entry.
 */
export const historyOnly = (status: MarketStatus): boolean => status !== 'open';

/**
 * A product shown as closed in a quote list: its market is not open (the
 * price entry's `marketStatus`, the chart's rule) or it does not trade
 * (tradeStatus 0, §8 "Closed product"). An entry without a status (an older
 * server, or prices remembered from an earlier visit) is not marked.
 */
export const quoteClosed = (q: { marketStatus?: MarketStatus; tradeStatus?: number }): boolean =>
  (q.marketStatus !== undefined && historyOnly(q.marketStatus)) || q.tradeStatus === 0;
