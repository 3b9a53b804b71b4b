/**
 * Stop loss and take profit of trading.md §5 "Market order": the checks, the
 * reference price, the side each must lie on and the P&L if it is hit.
 */
import { stopRefusal, stopSide, type StopKind } from '../../api/order-rules.ts';
import type { OrderDirection, ProductOrderInfo } from '../../api/types/trading.ts';
import { pnlAt } from './margin.ts';
import { numberOf } from './number-input.ts';
import type { Quote } from './product-load.ts';

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
 * A stop on the wrong side of the reference the direction allows is refused,
 * never moved (issue 25: no value is rewritten behind the user's back), with
 * the message of the code the server would refuse it with (§8 308–315,
 * `code.311` "Stop loss above current price"…). Empty or not a number is
 * left to the empty and zero rules.
 */
export function checkStopSide(
  kind: StopKind,
  value: string,
  direction: OrderDirection,
  pending: boolean,
  ref: number | undefined,
): `code.${number}` | undefined {
  const n = numberOf(value);
  if (n === undefined || n <= 0 || ref === undefined) return undefined;
  const code = stopRefusal(kind, value, direction, pending, ref);
  return code === undefined ? undefined : `code.${code}`;
}

/** What the form shows beside a stop: the side of the reference it must lie on, and the P&L if it is hit. */
export interface StopPreview {
  side: 'below' | 'above';
  /** The price the stop is measured from (closing side of the quote, or the limit price). */
  ref: number;
  /** USD P&L of closing at the typed stop, when it is typed and on the right side. */
  pnl: string | undefined;
}

/**
 * The range and the P&L at a typed stop for the form's current values: the
 * P&L of a position opened at `entry` and closed at the stop, by the same
 * rule as the server's books (api/order-rules.ts).
 */
export function stopPreview(
  kind: StopKind,
  value: string,
  o: {
    direction: OrderDirection;
    pending: boolean;
    ref: number | undefined;
    entry: number | undefined;
    volume: string;
    info: ProductOrderInfo | null;
  },
): StopPreview | undefined {
  if (o.ref === undefined) return undefined;
  const wrong = checkStopSide(kind, value, o.direction, o.pending, o.ref);
  const n = numberOf(value);
  const pnl =
    n !== undefined && n > 0 && !wrong
      ? pnlAt(o.direction, o.entry, n, o.volume, o.info)
      : undefined;
  return { side: stopSide(kind, o.direction), ref: o.ref, pnl };
}
