/**
 * Stop-out (see money.ts): when an account's equity falls below
 * STOP_OUT_LEVEL of its open positions' margin, its worst positions are
 * closed one by one until the level holds.
 *
 * Every tick checks every account with open positions. A float estimate
 * settles the clear cases; an account near or under the level is decided
 * with exact decimals, so the float never decides a stop-out.
 */
import Big from 'big.js';
import { acct } from '../../ledger.ts';
import { close } from './lifecycle.ts';
import { pnlOf, STOP_OUT_LEVEL } from './money.ts';
import type { QuoteBook } from './quotes.ts';
import { type Book, type Hot, type Runtime, type TradingContext } from './state.ts';

const LEVEL = Number(STOP_OUT_LEVEL);
/**
 * How far above the level the float estimate must be to skip the exact check:
 * 2 %, plus a cent per position for the exact P&L's rounding to cents.
 */
const SAFETY = 1.02;

const closingPrice = (qb: QuoteBook, h: Hot) => {
  const q = qb.get(h.symbol);
  return h.dir > 0 ? q.bid : q.ask;
};

function estimate(
  ctx: TradingContext,
  hots: Set<Hot>,
  qb: QuoteBook,
): { equity: number; used: number; n: number } {
  let equity = 0;
  let used = 0;
  let n = 0;
  for (const h of hots) {
    if (h.status !== 2) continue;
    const px = closingPrice(qb, h);
    equity += (px - h.open) * h.dir * h.units * qb.rateFast(h.ccy) - h.interest;
    used += h.margin;
    n++;
  }
  if (used === 0) return { equity, used, n };
  const first = hots.values().next().value as Hot;
  const { uid, book } = first.o;
  equity +=
    Number(ctx.ledger.balance(acct.cash(uid, book))) +
    Number(ctx.ledger.balance(acct.margin(uid, book)));
  return { equity, used, n };
}

/** Exact equity, open margin and the open positions with their P&L. */
function exact(ctx: TradingContext, uid: string, book: Book, hots: Set<Hot>, qb: QuoteBook) {
  let equity = ctx.ledger
    .balance(acct.cash(uid, book))
    .plus(ctx.ledger.balance(acct.margin(uid, book)));
  let used = new Big(0);
  const open: Array<{ h: Hot; pnl: Big }> = [];
  for (const h of hots) {
    if (h.o.positionStatus !== 2) continue;
    const d = ctx.products.get(h.o.symbol);
    if (!d) continue;
    const pnl = pnlOf(d, h.o, new Big(closingPrice(qb, h)), qb.rate(h.ccy));
    equity = equity.plus(pnl).minus(h.o.interest);
    used = used.plus(h.o.margin);
    open.push({ h, pnl });
  }
  return { equity, used, open };
}

/** Close the worst position while the account is below the level. Returns whether anything closed. */
function liquidate(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  hots: Set<Hot>,
  qb: QuoteBook,
): boolean {
  let closed = false;
  for (;;) {
    const { equity, used, open } = exact(ctx, uid, book, hots, qb);
    if (used.eq(0) || equity.gte(used.times(STOP_OUT_LEVEL))) return closed;
    // Only a market that is open can be traded out of.
    const tradable = open.filter((p) => qb.get(p.h.o.symbol).open);
    if (tradable.length === 0) return closed;
    const worst = tradable.reduce((a, b) => (b.pnl.lt(a.pnl) ? b : a));
    close(ctx, rt, worst.h, closingPrice(qb, worst.h), qb.t, 'stopOut');
    closed = true;
  }
}

/** Check every account with open positions. Returns whether any position was closed. */
export function stopOuts(ctx: TradingContext, rt: Runtime, qb: QuoteBook): boolean {
  let changed = false;
  for (const hots of [...rt.byAccount.values()]) {
    const { equity, used, n } = estimate(ctx, hots, qb);
    if (used === 0 || equity > used * LEVEL * SAFETY + 0.01 * n + 0.05) continue;
    const first = hots.values().next().value as Hot;
    if (liquidate(ctx, rt, first.o.uid, first.o.book, hots, qb)) changed = true;
  }
  return changed;
}
