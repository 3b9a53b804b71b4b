/**
 * The exchange simulator's trading side (trading.md §4, §5, §7, §8): market
 * and pending orders with margin, fees, interest, stop loss / take profit and
 * stop-out; fixed-duration options; the real and demo books; the exchange
 * channel's holding and pending lists.
 *
 * Models: money.ts (margin, fees, interest, P&L, stop-out), state.ts (order
 * states), options.ts (option settlement), orders.ts / manage.ts / options.ts
 * (which condition answers which code), handlers.ts (books and Mock calls).
 */
import type { SimModule } from '../../module.ts';
import { tradingBackOffice, type TradingBackOffice } from './backoffice.ts';
import { tradingHandlers } from './handlers.ts';
import { initTrading, reindex } from './indexes.ts';
import { snapshot } from './publish.ts';
import { bookOf, runtime, type TradingNeeds } from './state.ts';
import { tick } from './tick.ts';

export type { Book, OrderRecord, OptionRecord, TradingState } from './state.ts';

/** Trading: market orders and options on the real and demo books, ticked with the prices. */
export const tradingModule: SimModule<TradingNeeds, TradingBackOffice> = {
  name: 'trading',
  init: (ctx) => void initTrading(ctx),
  restored: (ctx) => reindex(ctx, runtime(ctx)),
  handlers: (ctx) => tradingHandlers(ctx),
  onTick: (ctx, now) => tick(ctx, runtime(ctx), now),
  exchangeSnapshot: (ctx, session) =>
    snapshot(ctx, runtime(ctx), session.uid, bookOf(session.virtualStatus), ctx.clock.now()),
  backOffice: (ctx) => tradingBackOffice(ctx),
};
