/**
 * Stop loss and take profit of trading.md §5 "Market order": the checks, the
 * reference price, and the clamp to the allowed side (big.js, no float arithmetic).
 */
import Big from 'big.js';
import type { OrderDirection, ProductOrderInfo } from '../../api/types/trading.ts';
import { numberOf } from './number-input.ts';
import type { Quote } from './product-load.ts';
import { pipOf, precisionOf } from './product-info.ts';

/** Stop loss, when enabled: required, and not zero or negative. */
export function checkStopLoss(
  value: string,
  enabled: boolean,
): 'stoploss_empty_rule' | 'stoploss_zero_rule' | undefined {
  if (!enabled) return undefined;
  const n = numberOf(value);
  if (n === undefined) return 'stoploss_empty_rule';
  return n <= 0 ? 'stoploss_zero_rule' : undefined;
}

/** Take profit, when enabled: required. */
export const checkTakeProfit = (value: string, enabled: boolean) =>
  enabled && numberOf(value) === undefined ? ('takeprofit_empty_rule' as const) : undefined;

/**
 * The price a position's stops are set against: a pending order's limit
 * price, else where the position would close now (bid for a buy, ask for a sell).
 */
export function stopReference(
  direction: OrderDirection,
  pending: boolean,
  price: string,
  quote: Quote | null,
): number | undefined {
  const limit = numberOf(price);
  if (pending && limit !== undefined && limit > 0) return limit;
  if (!quote) return undefined;
  return direction === 0 ? quote.bid : quote.ask;
}

/**
 * Clamp a stop loss or take profit to the side of the reference the direction
 * allows, one pip away: a buy's stop loss below and take profit above it, a
 * sell's the other way round. Empty stays empty.
 */
export function clampStop(
  kind: 'stopLoss' | 'takeProfit',
  value: string,
  direction: OrderDirection,
  ref: number | undefined,
  info: ProductOrderInfo | null,
): string {
  const n = numberOf(value);
  if (n === undefined || ref === undefined) return value;
  const pip = new Big(pipOf(info));
  const below = (kind === 'stopLoss') === (direction === 0);
  const r = new Big(ref);
  if (below && n >= ref) return r.minus(pip).toFixed(precisionOf(info));
  if (!below && n <= ref) return r.plus(pip).toFixed(precisionOf(info));
  return value;
}
