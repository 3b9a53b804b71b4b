/**
 * Margin and balance of trading.md §5: the USD rate of the quote currency,
 * the margin the simulator reserves, and the balance check (big.js, no float
 * arithmetic on amounts).
 */
import Big from 'big.js';
import {
  closePnl,
  feeOfNotional,
  marginOfNotional,
  usdNotional,
  usdPerUnit,
} from '../../api/order-rules.ts';
import type { OrderDirection, ProductOrderInfo } from '../../api/types/trading.ts';
import { numberOf } from './number-input.ts';
import { contractSizeOf, leverageOf } from './product-info.ts';
import { prices } from '../../state/prices.ts';

/**
 * USD per unit of the product's quote currency, from the live price board:
 * a forex pair's last three letters (EURJPY → JPY) through CCYUSD or 1 /
 * USDCCY, exactly as the server converts (api/order-rules.ts usdPerUnit,
 * big.js: a float 1 / price could land a margin on the other side of a
 * half cent); 1 for everything quoted in USD. Undefined while the board has
 * neither pair (a deep link before the product list arrives): no figure
 * rather than yen counted as dollars, 150 times the margin.
 */
export function usdRateOf(info: ProductOrderInfo | null): Big | undefined {
  if (!info || info.type !== '2') return new Big(1);
  const ccy = info.productCode.slice(3);
  if (ccy === 'USD') return new Big(1);
  const board = (s: string) => prices.bySymbol[s]?.price;
  return usdPerUnit(board(`${ccy}USD`), board(`USD${ccy}`));
}

/** The USD notional of `volume` lots at `entry`; undefined until they and the rate are known. */
function notionalOf(
  entry: number | undefined,
  volume: string,
  info: ProductOrderInfo | null,
): Big | undefined {
  const v = numberOf(volume);
  const rate = usdRateOf(info);
  if (entry === undefined || v === undefined || v <= 0 || !rate) return undefined;
  return usdNotional(entry, v, contractSizeOf(info), rate);
}

/**
 * Margin as the simulator reserves it: entry × volume × contract size × USD
 * rate of the quote currency / leverage, to the cent (half up). Undefined
 * until entry and volume are known.
 */
export function marginOf(
  entry: number | undefined,
  volume: string,
  info: ProductOrderInfo | null,
): string | undefined {
  const n = notionalOf(entry, volume, info);
  return n && marginOfNotional(n, leverageOf(info)).toFixed(2);
}

/**
 * The commission the server takes when the order opens: the USD notional ×
 * the product's feeRate, rounded up to the cent. 0.00 when the server sends
 * no rate; undefined until entry and volume are known.
 */
export function feeOf(
  entry: number | undefined,
  volume: string,
  info: ProductOrderInfo | null,
): string | undefined {
  const n = notionalOf(entry, volume, info);
  return n && feeOfNotional(n, info?.feeRate ?? 0).toFixed(2);
}

/**
 * The USD P&L of a position of `volume` lots opened at `entry` and closed at
 * `at` (before fees and interest), by the server's rule (api/order-rules.ts)
 * with the product's contract size and today's USD rate of its quote
 * currency. Undefined until entry, volume and the rate are known.
 */
export function pnlAt(
  direction: OrderDirection,
  entry: number | undefined,
  at: number,
  volume: string,
  info: ProductOrderInfo | null,
): string | undefined {
  const v = numberOf(volume);
  const rate = usdRateOf(info);
  if (entry === undefined || v === undefined || v <= 0 || !rate) return undefined;
  return closePnl(direction, entry, at, v, contractSizeOf(info), rate).toFixed(2);
}

/** What an order takes from the balance: its margin plus its fee. */
export const costOf = (margin: string | undefined, fee: string | undefined): string | undefined =>
  margin === undefined ? undefined : new Big(margin).plus(fee ?? 0).toFixed(2);

/** The available balance must cover the amount (margin and fee, or an option's stake). */
export function checkBalance(
  amount: string | undefined,
  available: number | undefined,
): 'insufficient_balance' | undefined {
  if (amount === undefined || available === undefined) return undefined;
  return new Big(amount).gt(available) ? 'insufficient_balance' : undefined;
}
