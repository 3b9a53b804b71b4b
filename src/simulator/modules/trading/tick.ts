/**
 * What every price tick does, in order: settle options that have ended,
 * accrue interest at each rollover passed, fill pending orders whose price
 * was reached, trigger stop losses and take profits, stop out accounts below
 * the level, then publish what changed (and, once a second, every list). Markets that are not open fill and
 * trigger nothing (their prices are frozen).
 */
import Big from 'big.js';
import { TICK_MS } from '../../series.ts';
import { markDirty, refresh } from './indexes.ts';
import { close, fill } from './lifecycle.ts';
import { dailyInterestOf } from './money.ts';
import { settleDue } from './options.ts';
import { flush } from './publish.ts';
import { QuoteBook } from './quotes.ts';
import { nextRolloverAfter } from './rollover.ts';
import { accountKey, bookOf, type Hot, type Runtime, type TradingContext } from './state.ts';
import { stopOuts } from './stopout.ts';

/** Accrue one day's interest on positions open before each rollover up to now. */
function rollovers(ctx: TradingContext, rt: Runtime, now: number): void {
  while (rt.nextRollover <= now) {
    const at = rt.nextRollover;
    for (const h of rt.active.values()) {
      const o = h.o;
      if (o.positionStatus !== 2 || o.notional === null || (o.transactionTime ?? at) >= at)
        continue;
      o.interest = new Big(o.interest).plus(dailyInterestOf(new Big(o.notional))).toString();
      refresh(h);
    }
    ctx.state.trading.lastRollover = at;
    rt.nextRollover = nextRolloverAfter(at);
  }
}

type Action = { h: Hot; kind: 'fill' | 'stopLoss' | 'takeProfit'; price: number };

/** Pending fills and stop loss / take profit triggers at this tick's quotes. */
function triggers(ctx: TradingContext, rt: Runtime, qb: QuoteBook): boolean {
  const actions: Action[] = [];
  for (const [symbol, hots] of rt.bySymbol) {
    const q = qb.get(symbol);
    if (!q.open) continue;
    for (const h of hots) {
      const buy = h.dir > 0;
      let status = h.status;
      if (status === 1) {
        if (buy ? q.ask <= h.limit : q.bid >= h.limit) {
          actions.push({ h, kind: 'fill', price: buy ? q.ask : q.bid });
          status = 2;
        } else continue;
      }
      if (status !== 2) continue;
      const px = buy ? q.bid : q.ask;
      // NaN (no level set) compares false either way.
      if (buy ? px <= h.sl : px >= h.sl) actions.push({ h, kind: 'stopLoss', price: px });
      else if (buy ? px >= h.tp : px <= h.tp) actions.push({ h, kind: 'takeProfit', price: px });
    }
  }
  for (const a of actions) {
    if (a.kind === 'fill') fill(ctx, rt, a.h, a.price, qb.t);
    else close(ctx, rt, a.h, a.price, qb.t, a.kind);
  }
  return actions.length > 0;
}

/** How often every signed-up user's lists are pushed, whether or not they changed. */
export const PUSH_MS = 1000;
const SLOTS = PUSH_MS / TICK_MS;

/**
 * Once a second, each user's holding list (live current price and P&L) on the
 * book they are on, and the pending list when they have pending orders. Like a
 * real server's position stream, this also keeps the exchange channel from
 * going stale (10 s without a message) for a user with nothing open. Users are
 * spread over the five ticks of a second by uid, so no tick carries them all;
 * the lists are built only for users with a connection (see publish.ts).
 */
function periodic(ctx: TradingContext, rt: Runtime, now: number): void {
  const slot = Math.floor(now / TICK_MS) % SLOTS;
  for (const u of Object.values(ctx.state.users ?? {})) {
    if (Number(u.uid) % SLOTS !== slot) continue;
    const book = bookOf(u.virtualStatus);
    let pending = false;
    for (const h of rt.byAccount.get(accountKey(u.uid, book)) ?? []) {
      if (h.status === 1) {
        pending = true;
        break;
      }
    }
    markDirty(rt, u.uid, book, true, pending);
  }
}

/** One tick of the trading side. */
export function tick(ctx: TradingContext, rt: Runtime, now: number): void {
  let changed = settleDue(ctx, rt, now);
  if (now >= rt.nextRollover) {
    rollovers(ctx, rt, now);
    changed = true;
  }
  if (rt.active.size > 0) {
    const qb = new QuoteBook(ctx, now);
    if (triggers(ctx, rt, qb)) changed = true;
    if (stopOuts(ctx, rt, qb)) changed = true;
  }
  periodic(ctx, rt, now);
  flush(ctx, rt, now);
  if (changed) ctx.persist();
}
