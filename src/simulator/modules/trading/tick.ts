/**
 * What every price tick does, in order: settle options that have ended,
 * accrue interest at each rollover passed, fill pending orders whose price
 * was reached, trigger stop losses and take profits, stop out accounts below
 * the level, then publish what changed. Markets that are not open fill and
 * trigger nothing (their prices are frozen).
 */
import Big from 'big.js';
import type { SimContext } from '../../module.ts';
import { refresh } from './indexes.ts';
import { close, fill } from './lifecycle.ts';
import { dailyInterestOf } from './money.ts';
import { settleDue } from './options.ts';
import { flush } from './publish.ts';
import { QuoteBook } from './quotes.ts';
import { nextRolloverAfter } from './rollover.ts';
import type { Hot, Runtime } from './state.ts';
import { stopOuts } from './stopout.ts';

/** Accrue one day's interest on positions open before each rollover up to now. */
function rollovers(ctx: SimContext, rt: Runtime, now: number): void {
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
function triggers(ctx: SimContext, rt: Runtime, qb: QuoteBook): boolean {
  const actions: Action[] = [];
  for (const [symbol, hots] of rt.bySymbol) {
    const q = qb.get(symbol);
    if (!q.open) continue;
    for (const h of hots) {
      const buy = h.dir > 0;
      let status = h.o.positionStatus;
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

/** One tick of the trading side. */
export function tick(ctx: SimContext, rt: Runtime, now: number): void {
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
  flush(ctx, rt, now);
  if (changed) ctx.persist();
}
