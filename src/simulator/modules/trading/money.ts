/**
 * The money model of market orders. All amounts are big.js decimals rounded
 * to cents; floats appear only in the tick's fast pre-checks, never in a
 * balance.
 *
 * **Currency.** Accounts are in USD. A product's prices are in its quote
 * currency: the last three letters of a forex pair (EURJPY → JPY), USD for
 * everything else (crypto against USDT, commodities, indices and stocks are
 * treated as USD-quoted). An amount in a quote currency is converted at the
 * price of `CCYUSD`, or 1 / `USDCCY` (JPY via USDJPY, CAD via USDCAD…), as
 * published: the mid rounded to that pair's precision, the number the
 * trader's price board holds, so the order form's margin is this one.
 *
 * **Margin.** `margin = price × lots × contractSize × usdRate / leverage`,
 * with the product's leverage (its `multiple`; the payload's `multiple` is
 * informational) and, for a market order, the fill price; for a pending order,
 * its limit price. The margin is fixed when the order is accepted and moves
 * cash → margin; it comes back when the order is closed or cancelled.
 *
 * **Fees.** A commission of {@link COMMISSION_RATE} (0.05 %) of the USD
 * notional, rounded up to the cent, is taken when the order is accepted
 * (cash → fees). A cancelled pending order gets it back.
 *
 * **Interest (swap).** At every daily rollover, 17:00 New York time, each
 * open position accrues {@link SWAP_RATE_DAILY} (0.01 %) of its USD notional
 * at the fill, for buys and sells alike. Accrued interest counts against
 * equity while the position is open and is charged (cash → interest) when it
 * is closed.
 *
 * **P&L.** `(close − open) × lots × contractSize × usdRate(close time)` for a
 * buy, the negative for a sell; a buy closes at the bid, a sell at the ask.
 * Realised against the house P&L account of the book.
 *
 * **Stop-out and negative-balance protection.** Equity = cash + reserved
 * margin + unrealised P&L − accrued interest. When equity falls below
 * {@link STOP_OUT_LEVEL} (50 %) of the margin of the open positions, the
 * position with the worst P&L is closed, then the next, until the level holds
 * again. A loss or interest larger than the cash after the margin comes back
 * (a price gap) is capped at that cash: the house absorbs the rest, so no
 * balance ever goes below zero.
 */
import Big from 'big.js';
import {
  closePnl,
  feeOfNotional,
  marginOfNotional,
  usdNotional,
  usdPerUnit,
  volumeStep,
} from '../../../api/order-rules.ts';
import { COMMISSION_FRACTION, type ProductDef } from '../../catalogue.ts';
import { type OrderRecord, type TradingContext } from './state.ts';

/** Commission, a fraction of the USD notional. */
export const COMMISSION_RATE = new Big(COMMISSION_FRACTION);
/** Interest per daily rollover, a fraction of the USD notional. */
export const SWAP_RATE_DAILY = new Big('0.0001');
/** Stop-out when equity falls below this fraction of the open positions' margin. */
export const STOP_OUT_LEVEL = new Big('0.5');
/** Daily rollover time, New York. */
export const ROLLOVER_HOUR_NY = '17:00:00';

/** Zero, shared (Big values are immutable). */
export const ZERO = new Big(0);

/** The smaller of two decimals. */
export const minBig = (a: Big, b: Big): Big => (a.lt(b) ? a : b);

/** Round to cents, half up. */
export const cents = (x: Big): Big => x.round(2, Big.roundHalfUp);

/** A wire number with 2 decimals. */
export const wire2 = (x: Big | string): number => Number(new Big(x).toFixed(2));

/** Parse a payload number into a decimal; undefined when absent, null when not a finite number. */
export function decimal(v: unknown): Big | undefined | null {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  try {
    return new Big(String(v).trim());
  } catch {
    return null;
  }
}

/** Quote currency of a product. */
export const quoteCurrency = (d: ProductDef): string => (d.type === 2 ? d.symbol.slice(3) : 'USD');

/** Lot step: the order form's volume decimals (whole shares, else hundredths of a lot). */
export const lotStep = (d: ProductDef): Big => volumeStep(d.minCount);

/** A pair's price at t as published (the mid at its precision); undefined for no such pair. */
function published(ctx: TradingContext, symbol: string, t: number): string | undefined {
  const d = ctx.products.get(symbol);
  return d && ctx.prices.priceAt(symbol, t).toFixed(d.precision);
}

/** USD per unit of a currency at t, from the published prices (api/order-rules.ts usdPerUnit). */
export function usdRate(ctx: TradingContext, ccy: string, t: number): Big {
  if (ccy === 'USD') return new Big(1);
  const rate = usdPerUnit(published(ctx, `${ccy}USD`, t), published(ctx, `USD${ccy}`, t));
  if (!rate) throw new Error(`no USD rate for ${ccy}`);
  return rate;
}

/** Float twin of {@link usdRate} for the tick's pre-checks. */
export function usdRateFast(ctx: TradingContext, ccy: string, t: number): number {
  if (ccy === 'USD') return 1;
  const direct = published(ctx, `${ccy}USD`, t);
  return direct !== undefined ? Number(direct) : 1 / Number(published(ctx, `USD${ccy}`, t));
}

/** USD notional: price × lots × contract size × USD per quote unit. */
export const notionalUsd = (d: ProductDef, price: Big, lots: Big, rate: Big): Big =>
  usdNotional(price, lots, d.contractSize, rate);

/** Margin of a notional at a leverage, to the cent (the order form's rule). */
export const marginOf = (notional: Big, leverage: number): Big =>
  marginOfNotional(notional, leverage);

/** Commission of a notional, rounded up to the cent (the order form's rule). */
export const feeOf = (notional: Big): Big => feeOfNotional(notional, COMMISSION_RATE);

/** One rollover's interest on a notional, to the cent. */
export const dailyInterestOf = (notional: Big): Big => cents(notional.times(SWAP_RATE_DAILY));

/** Price P&L in USD of closing an open order at `close`, with `rate` USD per quote unit. */
export const pnlOf = (d: ProductDef, o: OrderRecord, close: Big, rate: Big): Big =>
  closePnl(o.orderType, o.openPrice ?? close, close, o.volume, d.contractSize, rate);
