/**
 * Placing a market order (addOrder / addOrderMock), with every refusal of
 * trading.md §5 and §8 from its real condition, checked in this order:
 *
 * - 501 malformed fields (direction, buyPoint, quantity, prices not numbers,
 *   a negative stop loss / take profit); 405 banned; 406 withdrawal in review;
 * - 303 unknown pair; 304 pair prohibited (tradeStatus 0) or its market not open;
 * - 320 forex permission;
 * - 302 quantity ≤ 0; 307 quantity that rounds down to 0 lots at the lot step
 *   (0.004 lots, half a share); 306 below minCount; 305 above maxCount;
 * - pending orders: 301 price ≤ 0; 501 "Wrong price" when a buy price is above
 *   the ask or a sell price below the bid (trading.md §5);
 * - stop loss / take profit (0 or absent means none), against the price the
 *   position closes at (bid for a buy, ask for a sell) for a market order,
 *   against the limit price for a pending one:
 *   buy  — TP ≤ ref: 310 (market) / 314 (pending); SL ≥ ref: 311 / 315;
 *   sell — TP ≥ ref: 308 / 312;                    SL ≤ ref: 309 / 313;
 * - 321 an opposite-direction order (open or pending) on the same pair and book;
 * - 203 cash below margin + commission; 205 if the lock itself fails.
 *
 * A market order fills at once (ask for a buy, bid for a sell); a pending
 * order reserves its margin and fee now and fills on the first tick its price
 * is reached (buy: ask ≤ limit; sell: bid ≥ limit), at the quote of that tick.
 */
import Big from 'big.js';
import { pendingPriceWrong, stopRefusal } from '../../../api/order-rules.ts';
import type { ProductDef } from '../../catalogue.ts';
import { acct, InsufficientFunds } from '../../ledger.ts';
import { nextId } from '../../core-state.ts';
import { direction, mayStake, mayTrade, mayTradeForex, refuse } from './guards.ts';
import { activate, markDirty } from './indexes.ts';
import { decimal, feeOf, lotStep, marginOf, notionalUsd, quoteCurrency, usdRate } from './money.ts';
import { quoteAt, type Quote } from './quotes.ts';
import {
  accountKey,
  type Book,
  type OrderRecord,
  type Runtime,
  type TradingContext,
} from './state.ts';

/** An optional stop loss / take profit: absent or 0 is none; negative or not a number is 501. */
function level(v: unknown): Big | null {
  const x = decimal(v);
  if (x === undefined) return null;
  if (x === null || x.lt(0)) return refuse(501);
  return x.eq(0) ? null : x;
}

function lots(d: ProductDef, qty: Big): Big {
  if (qty.lte(0)) refuse(302);
  const step = lotStep(d);
  const n = qty.div(step).round(0, Big.roundDown).times(step);
  if (n.eq(0)) refuse(307);
  if (n.lt(d.minCount)) refuse(306);
  if (n.gt(d.maxCount)) refuse(305);
  return n;
}

function checkStops(
  buy: boolean,
  pending: boolean,
  ref: Big,
  sl: Big | null,
  tp: Big | null,
): void {
  const dir = buy ? 0 : 1;
  const tpCode = tp ? stopRefusal('takeProfit', tp, dir, pending, ref) : undefined;
  if (tpCode) refuse(tpCode);
  const slCode = sl ? stopRefusal('stopLoss', sl, dir, pending, ref) : undefined;
  if (slCode) refuse(slCode);
}

function limitPrice(v: unknown, buy: boolean, q: Quote): Big {
  const p = decimal(v);
  if (p === undefined || p === null) return refuse(501);
  if (p.lte(0)) refuse(301);
  if (pendingPriceWrong(p, buy ? 0 : 1, q.bid, q.ask)) refuse(501, 'Wrong price');
  return p;
}

/**
 * Reserve margin and take the fee. The balance was checked first, so a failure
 * here means the books moved underneath: 205, or 206 if the margin already
 * reserved cannot be given back.
 */
function lock(ctx: TradingContext, uid: string, book: Book, margin: Big, fee: Big): void {
  const cash = acct.cash(uid, book);
  const held = acct.margin(uid, book);
  const guard = (fn: () => void, code: number) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof InsufficientFunds) refuse(code);
      throw e;
    }
  };
  guard(() => ctx.ledger.transfer(cash, held, margin), 205);
  try {
    ctx.ledger.transfer(cash, acct.fees(book), fee);
  } catch (e) {
    if (!(e instanceof InsufficientFunds)) throw e;
    guard(() => ctx.ledger.transfer(held, cash, margin), 206);
    refuse(205);
  }
}

/** Validate and place; returns the new order (already indexed and marked for publishing). */
export function placeOrder(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  p: Record<string, unknown>,
  now: number,
): OrderRecord {
  const orderType = direction(p.orderType);
  const buyPoint = Number(p.buyPoint);
  if (buyPoint !== 1 && buyPoint !== 2) refuse(501);
  const qty = decimal(p.orderQuantity);
  if (qty === undefined || qty === null) refuse(501);
  const sl = level(p.stopPrice);
  const tp = level(p.takeProfitPprice ?? p.takeProfitPrice);
  mayTrade(ctx, uid, book);
  const d = ctx.products.get(String(p.tradePair ?? '')) ?? refuse(303);
  const q = quoteAt(ctx, d.symbol, now);
  if (ctx.products.tradeStatus(d.symbol) !== 1 || !q.open) refuse(304);
  mayTradeForex(ctx, uid, book, d);
  const volume = lots(d, qty);
  const buy = orderType === 0;
  const pending = buyPoint === 1;
  const limit = pending ? limitPrice(p.price, buy, q) : null;
  checkStops(buy, pending, limit ?? new Big(buy ? q.bid : q.ask), sl, tp);
  for (const h of rt.byAccount.get(accountKey(uid, book)) ?? []) {
    if (h.symbol === d.symbol && h.o.orderType !== orderType) refuse(321);
  }
  const entry = limit ?? new Big(buy ? q.ask : q.bid);
  const notional = notionalUsd(d, entry, volume, usdRate(ctx, quoteCurrency(d), now));
  const margin = marginOf(notional, d.multiple);
  const fee = feeOf(notional);
  const cash = acct.cash(uid, book);
  if (ctx.ledger.balance(cash).lt(margin.plus(fee))) refuse(203);
  mayStake(ctx, uid, book, margin, now);
  lock(ctx, uid, book, margin, fee);
  const o: OrderRecord = {
    id: nextId(ctx.state),
    uid,
    book,
    symbol: d.symbol,
    orderType,
    buyPoint,
    volume: volume.toString(),
    limitPrice: limit ? limit.toString() : null,
    openPrice: pending ? null : entry.toString(),
    closePrice: null,
    stopPrice: sl ? sl.toString() : null,
    takeProfitPrice: tp ? tp.toString() : null,
    leverage: d.multiple,
    margin: margin.toString(),
    fee: fee.toString(),
    interest: '0',
    profitLoss: '0',
    notional: pending ? null : notional.round(2, Big.roundHalfUp).toString(),
    positionStatus: pending ? 1 : 2,
    orderTime: now,
    transactionTime: pending ? null : now,
    closingTime: null,
  };
  ctx.state.trading.orders[o.id] = o;
  activate(ctx, rt, o);
  markDirty(rt, uid, book, !pending, pending);
  return o;
}
