/**
 * The two trading accounts of a user: balance and position summary, the
 * demo/real switch, and the one-time demo reset.
 */
import Big from 'big.js';
import type { Balance, PositionSummary } from '../../../api/types/trading.ts';
import { acct } from '../../ledger.ts';
import { DEMO_BALANCE } from '../../users.ts';
import { refuse, userOf } from './guards.ts';
import { cancel, close } from './lifecycle.ts';
import { pnlOf, wire2 } from './money.ts';
import { refundOption } from './options.ts';
import { QuoteBook } from './quotes.ts';
import { accountKey, type Book, type Runtime, type TradingContext } from './state.ts';

/** balanceAmount is the available cash; lockMargin the margin reserved by pending and open orders. */
export function balanceOf(ctx: TradingContext, uid: string, book: Book): Balance {
  return {
    balanceAmount: wire2(ctx.ledger.balance(acct.cash(uid, book))),
    lockMargin: wire2(ctx.ledger.balance(acct.margin(uid, book))),
  };
}

/**
 * The position summary: profitLossSum is the unrealised P&L of open
 * positions; netValue the equity (cash + reserved margin + unrealised P&L −
 * accrued interest); securityDepositPrent the margin in use (pending and
 * open); securityDepositAvailableSum the free margin (equity − margin in use).
 */
export function summaryOf(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  now: number,
): PositionSummary {
  const qb = new QuoteBook(ctx, now);
  let pnl = new Big(0);
  let interest = new Big(0);
  for (const h of rt.byAccount.get(accountKey(uid, book)) ?? []) {
    if (h.o.positionStatus !== 2) continue;
    const d = ctx.products.get(h.o.symbol);
    if (!d) continue;
    const q = qb.get(h.o.symbol);
    pnl = pnl.plus(pnlOf(d, h.o, new Big(h.dir > 0 ? q.bid : q.ask), qb.rate(h.ccy)));
    interest = interest.plus(h.o.interest);
  }
  const margin = ctx.ledger.balance(acct.margin(uid, book));
  const equity = ctx.ledger.balance(acct.cash(uid, book)).plus(margin).plus(pnl).minus(interest);
  return {
    profitLossSum: wire2(pnl),
    netValue: wire2(equity),
    securityDepositPrent: wire2(margin),
    securityDepositAvailableSum: wire2(equity.minus(margin)),
  };
}

/**
 * Flip the user between real and demo (relative to the token's account) and
 * return the new account's virtualStatus. Demo is refused with 501 when the
 * site flag `virtualTrading` is off.
 */
export function switchAccount(ctx: TradingContext, uid: string, from: Book): '0' | '1' {
  const u = userOf(ctx, uid);
  const to = from === 'real' ? '1' : '0';
  if (to === '1' && ctx.state.flags.virtualTrading === false)
    refuse(501, 'Virtual trading is not available');
  u.virtualStatus = to;
  return to;
}

/**
 * Reset the demo account to DEMO_BALANCE, once: pending orders are cancelled,
 * open positions closed at the current price and running options refunded
 * (all marked 'reset'), then the faucet tops the cash up or takes the excess.
 * 501 from a real-account token; 701 the second time.
 */
export function resetDemo(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  now: number,
): void {
  const u = userOf(ctx, uid);
  if (book !== 'demo') refuse(501);
  if (u.demoResetUsed) refuse(701);
  const qb = new QuoteBook(ctx, now);
  for (const h of [...(rt.byAccount.get(accountKey(uid, 'demo')) ?? [])]) {
    if (h.o.positionStatus === 1) cancel(ctx, rt, h, now, 'reset');
    else {
      const q = qb.get(h.o.symbol);
      close(ctx, rt, h, h.dir > 0 ? q.bid : q.ask, now, 'reset');
    }
  }
  for (const o of rt.running) {
    if (o.uid === uid && o.book === 'demo' && o.positionStatus === 0) refundOption(ctx, o, now);
  }
  const cash = acct.cash(uid, 'demo');
  const diff = new Big(DEMO_BALANCE).minus(ctx.ledger.balance(cash));
  ctx.ledger.transfer(acct.demoFaucet(), cash, diff);
  u.demoResetUsed = true;
}
