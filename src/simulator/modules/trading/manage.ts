/**
 * Closing and cancelling by the user (closeOrder / cancelOrder and their Mock
 * variants), with the refusals of trading.md §8:
 *
 * - 501 no order id;
 * - 402 no such order, or the order is on the caller's other book (each book is
 *   its own account: a real token does not see demo orders);
 * - 403 the order belongs to another user (checked before the book);
 * - close: 404 the order is not open (pending, closed or cancelled);
 *   409 it was filled less than 3 minutes ago; 304 its market is not open or
 *   the pair is prohibited (nothing to close against);
 * - cancel: 407 it is a market order (buyPoint 2, never cancellable);
 *   408 a pending-type order that is no longer pending (filled, cancelled).
 */
import { MANUAL_CLOSE_AFTER_MS } from '../../../config/constants.ts';
import { refuse } from './guards.ts';
import { cancel, close } from './lifecycle.ts';
import { quoteAt } from './quotes.ts';
import {
  type Book,
  type Hot,
  type OrderRecord,
  type Runtime,
  type TradingContext,
} from './state.ts';

function own(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  orderId: unknown,
): { o: OrderRecord; h: Hot | undefined } {
  if (orderId === undefined || orderId === null || orderId === '') refuse(501);
  const o = ctx.state.trading.orders[String(orderId)];
  if (!o) refuse(402);
  if (o.uid !== uid) refuse(403);
  if (o.book !== book) refuse(402);
  return { o, h: rt.active.get(o.id) };
}

/** Close an open position at the closing-side quote. */
export function closeOrder(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  orderId: unknown,
  now: number,
): void {
  const { o, h } = own(ctx, rt, uid, book, orderId);
  if (o.positionStatus !== 2 || !h) return refuse(404);
  if (now - (o.transactionTime ?? now) < MANUAL_CLOSE_AFTER_MS) refuse(409);
  const q = quoteAt(ctx, o.symbol, now);
  if (!q.open || ctx.products.tradeStatus(o.symbol) !== 1) refuse(304);
  close(ctx, rt, h, o.orderType === 0 ? q.bid : q.ask, now, 'manual');
}

/** Cancel a pending order. */
export function cancelOrder(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  orderId: unknown,
  now: number,
): void {
  const { o, h } = own(ctx, rt, uid, book, orderId);
  if (o.buyPoint !== 1) refuse(407);
  if (o.positionStatus !== 1 || !h) return refuse(408);
  cancel(ctx, rt, h, now, 'manual');
}
