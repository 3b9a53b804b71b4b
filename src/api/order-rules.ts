/**
 * Rules of a market order that the server and the order form must apply the
 * same way (trading.md §5 "Market order", §8 codes 308–315): which side of
 * the price a stop loss or take profit must lie on, the code a stop on the
 * wrong side is refused with, and the P&L of closing at a price. The
 * simulator's books and the client's order form both call these, so the
 * range and the P&L a trader is shown are the ones the server applies.
 *
 * Money goes through big.js (no float arithmetic on amounts).
 */
import Big from 'big.js';
import type { OrderDirection } from './types/trading.ts';
import { volumeDecimals } from './volume-decimals.ts';

export { volumeDecimals };

export type StopKind = 'stopLoss' | 'takeProfit';

/**
 * Where a stop must lie, strictly, against the price it is measured from: a
 * buy's stop loss below and its take profit above; a sell's the other way round.
 */
export const stopSide = (kind: StopKind, direction: OrderDirection): 'below' | 'above' =>
  (kind === 'stopLoss') === (direction === 0) ? 'below' : 'above';

/**
 * The trade code that refuses a stop on the wrong side of `ref` (the closing
 * side of the quote for a market order, the limit price for a pending one),
 * or undefined when it is on the right side:
 *   buy  — TP ≤ ref: 310 (market) / 314 (pending); SL ≥ ref: 311 / 315;
 *   sell — TP ≥ ref: 308 / 312;                    SL ≤ ref: 309 / 313.
 */
export function stopRefusal(
  kind: StopKind,
  value: Big.BigSource,
  direction: OrderDirection,
  pending: boolean,
  ref: Big.BigSource,
): number | undefined {
  const v = new Big(value);
  const below = stopSide(kind, direction) === 'below';
  if (below ? v.lt(ref) : v.gt(ref)) return undefined;
  const market =
    direction === 0 ? (kind === 'takeProfit' ? 310 : 311) : kind === 'takeProfit' ? 308 : 309;
  return pending ? market + 4 : market;
}

/**
 * The price P&L in USD of a position opened at `open` and closed at `close`:
 * (close − open) × lots × contract size × USD per quote unit for a buy, the
 * negative for a sell, to the cent (half up). Fees and interest are apart.
 */
export function closePnl(
  direction: OrderDirection,
  open: Big.BigSource,
  close: Big.BigSource,
  lots: Big.BigSource,
  contractSize: Big.BigSource,
  usdRate: Big.BigSource,
): Big {
  const diff = new Big(close).minus(open);
  const signed = direction === 0 ? diff : diff.neg();
  return signed.times(lots).times(contractSize).times(usdRate).round(2, Big.roundHalfUp);
}

/** The smallest volume step of a product: 10^−volumeDecimals. */
export const volumeStep = (minCount: number | undefined): Big =>
  new Big(10).pow(-volumeDecimals(minCount));

/**
 * USD per unit of a currency from the price of `CCYUSD` (direct) or of
 * `USDCCY` (inverse, 1 / price), exact: the server's rule. Both sides read
 * the price a trader sees (the mid rounded to the product's precision), so
 * the form's margin is the books' margin to the cent. Undefined without a
 * positive price.
 */
export function usdPerUnit(
  direct: Big.BigSource | undefined,
  inverse: Big.BigSource | undefined,
): Big | undefined {
  if (direct !== undefined && new Big(direct).gt(0)) return new Big(direct);
  if (inverse !== undefined && new Big(inverse).gt(0)) return new Big(1).div(inverse);
  return undefined;
}

/** USD notional of an order: price × lots × contract size × USD per quote unit (not rounded). */
export const usdNotional = (
  price: Big.BigSource,
  lots: Big.BigSource,
  contractSize: Big.BigSource,
  usdRate: Big.BigSource,
): Big => new Big(price).times(lots).times(contractSize).times(usdRate);

/** Margin of a notional at a leverage: notional / leverage, to the cent, half up. */
export const marginOfNotional = (notional: Big, leverage: Big.BigSource): Big =>
  notional.div(leverage).round(2, Big.roundHalfUp);

/** Commission of a notional: notional × fee rate, rounded up to the cent (the trader pays it). */
export const feeOfNotional = (notional: Big, rate: Big.BigSource): Big =>
  notional.times(rate).round(2, Big.roundUp);

/**
 * What a winning option pays on top of its stake: amount × rate / 100 (the
 * rate in percent, trading.md §9 "rate divided by 100"), to the cent, half up.
 */
export const optionWinProfit = (amount: Big.BigSource, ratePercent: Big.BigSource): Big =>
  new Big(amount).times(ratePercent).div(100).round(2, Big.roundHalfUp);

/**
 * A pending (limit) price on the wrong side of the quote: a buy above the
 * ask, a sell below the bid (trading.md §5, index.wrong_price; the server's
 * 501 "Wrong price"). At the quote itself it is allowed.
 */
export const pendingPriceWrong = (
  price: Big.BigSource,
  direction: OrderDirection,
  bid: Big.BigSource,
  ask: Big.BigSource,
): boolean => (direction === 0 ? new Big(price).gt(ask) : new Big(price).lt(bid));
