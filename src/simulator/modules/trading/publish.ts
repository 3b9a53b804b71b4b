/**
 * The exchange channel: after every change, the full current list of the
 * changed type ('holding' = open positions, 'pending' = pending orders) goes
 * to the user's exchange connections.
 *
 * The hub routes by user, not by book, so only changes on the book the user
 * is on now (their virtualStatus) are published; a change on the other book
 * (a demo limit order filling while the user is on the real account) shows in
 * that book's snapshot when the channel authenticates with a token for it.
 */
import type { OrdersMessage } from '../../../api/types/realtime.ts';
import type { SimContext } from '../../module.ts';
import { findUser } from '../../users.ts';
import { QuoteBook } from './quotes.ts';
import { accountKey, bookOf, type Book, type Runtime } from './state.ts';
import { orderView } from './views.ts';

/** The account's current list of one type. */
export function ordersMessage(
  ctx: SimContext,
  rt: Runtime,
  uid: string,
  book: Book,
  ordertype: OrdersMessage['ordertype'],
  qb: QuoteBook,
): OrdersMessage {
  const want = ordertype === 'holding' ? 2 : 1;
  const hots = [...(rt.byAccount.get(accountKey(uid, book)) ?? [])].filter(
    (h) => h.o.positionStatus === want,
  );
  hots.sort((a, b) => b.o.orderTime - a.o.orderTime || Number(b.o.id) - Number(a.o.id));
  return { ordertype, data: hots.map((h) => orderView(ctx, h.o, qb)) };
}

/** Both lists of an account, for a channel that just authenticated. */
export function snapshot(
  ctx: SimContext,
  rt: Runtime,
  uid: string,
  book: Book,
  now: number,
): OrdersMessage[] {
  const qb = new QuoteBook(ctx, now);
  return [
    ordersMessage(ctx, rt, uid, book, 'holding', qb),
    ordersMessage(ctx, rt, uid, book, 'pending', qb),
  ];
}

/** Publish every changed list, then forget the changes. */
export function flush(ctx: SimContext, rt: Runtime, now: number): void {
  if (rt.dirty.size === 0) return;
  const qb = new QuoteBook(ctx, now);
  for (const d of rt.dirty.values()) {
    const u = findUser(ctx, d.uid);
    if (!u || bookOf(u.virtualStatus) !== d.book) continue;
    if (d.holding) ctx.publishOrders(d.uid, ordersMessage(ctx, rt, d.uid, d.book, 'holding', qb));
    if (d.pending) ctx.publishOrders(d.uid, ordersMessage(ctx, rt, d.uid, d.book, 'pending', qb));
  }
  rt.dirty.clear();
}
