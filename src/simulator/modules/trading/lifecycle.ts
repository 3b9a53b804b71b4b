/**
 * The moves between order states and the money each one moves through the
 * ledger: fill (1 → 2), close (2 → 3) and cancel (1 → 4). See money.ts for
 * the model.
 */
import Big from 'big.js';
import { acct } from '../../ledger.ts';
import { deactivate, markDirty, refresh } from './indexes.ts';
import { cents, minBig, notionalUsd, pnlOf, quoteCurrency, usdRate, ZERO } from './money.ts';
import { type CloseReason, type Hot, type Runtime, type TradingContext } from './state.ts';

const def = (ctx: TradingContext, symbol: string) => {
  const d = ctx.products.get(symbol);
  if (!d) throw new Error(`unknown symbol ${symbol}`);
  return d;
};

/** A pending order's price was reached: it opens at `price`. Its reserved margin stays as it is. */
export function fill(ctx: TradingContext, rt: Runtime, h: Hot, price: number, now: number): void {
  const o = h.o;
  const d = def(ctx, o.symbol);
  const px = new Big(price);
  o.openPrice = px.toString();
  o.notional = cents(
    notionalUsd(d, px, new Big(o.volume), usdRate(ctx, quoteCurrency(d), now)),
  ).toString();
  o.transactionTime = now;
  o.positionStatus = 2;
  refresh(h);
  markDirty(rt, o.uid, o.book, true, true);
}

/**
 * Close an open position at `price`: the margin comes back, the P&L is
 * realised against the house, accrued interest is charged. A loss or interest
 * beyond the cash is capped (negative-balance protection).
 */
export function close(
  ctx: TradingContext,
  rt: Runtime,
  h: Hot,
  price: number,
  now: number,
  reason: CloseReason,
): void {
  const o = h.o;
  const d = def(ctx, o.symbol);
  const L = ctx.ledger;
  const cash = acct.cash(o.uid, o.book);
  L.transfer(acct.margin(o.uid, o.book), cash, o.margin);
  const px = new Big(price);
  let pnl = pnlOf(d, o, px, usdRate(ctx, quoteCurrency(d), now));
  if (pnl.gt(0)) L.transfer(acct.pnl(o.book), cash, pnl);
  else if (pnl.lt(0)) {
    const loss = minBig(pnl.neg(), L.balance(cash));
    L.transfer(cash, acct.pnl(o.book), loss);
    pnl = loss.neg();
  }
  const interest = minBig(new Big(o.interest), L.balance(cash));
  L.transfer(cash, acct.interest(o.book), interest);
  o.interest = interest.toString();
  o.profitLoss = pnl.toString();
  o.closePrice = px.toString();
  o.closingTime = now;
  o.positionStatus = 3;
  o.closeReason = reason;
  deactivate(rt, h);
  markDirty(rt, o.uid, o.book, true, false);
}

/** Cancel a pending order: its margin and fee go back to cash. */
export function cancel(
  ctx: TradingContext,
  rt: Runtime,
  h: Hot,
  now: number,
  reason: CloseReason,
): void {
  const o = h.o;
  const cash = acct.cash(o.uid, o.book);
  ctx.ledger.transfer(acct.margin(o.uid, o.book), cash, o.margin);
  ctx.ledger.transfer(acct.fees(o.book), cash, o.fee);
  o.fee = ZERO.toString();
  o.closingTime = now;
  o.positionStatus = 4;
  o.closeReason = reason;
  deactivate(rt, h);
  markDirty(rt, o.uid, o.book, false, true);
}
