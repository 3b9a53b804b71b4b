/**
 * The exchange channel: after every change, the full current list of the
 * changed type ('holding' = open positions, 'pending' = pending orders) goes
 * to the user's exchange connections.
 *
 * The hub routes by user and book; only changes on the book the user is on
 * now (their virtualStatus) are published; a change on the other book
 * (a demo limit order filling while the user is on the real account) shows in
 * that book's snapshot when the channel authenticates with a token for it.
 */
import type { OrdersMessage } from '../../../api/types/realtime.ts';
import type { MarketOrder } from '../../../api/types/trading.ts';
import { findUser } from '../../users.ts';
import { QuoteBook } from './quotes.ts';
import { accountKey, bookOf, type Book, type Runtime, type TradingContext } from './state.ts';
import { orderView } from './views.ts';

type OrderType = OrdersMessage['ordertype'];

/** The account's current list of one type, newest first. */
export function ordersList(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  ordertype: OrderType,
  qb: QuoteBook,
): MarketOrder[] {
  const want = ordertype === 'holding' ? 2 : 1;
  const hots = [...(rt.byAccount.get(accountKey(uid, book)) ?? [])].filter(
    (h) => h.status === want,
  );
  hots.sort((a, b) => b.o.orderTime - a.o.orderTime || Number(b.o.id) - Number(a.o.id));
  return hots.map((h) => orderView(ctx, h.o, qb));
}

/**
 * A message whose list is built when first read. The hub reads `data` only
 * for a user with an exchange connection, so a server without listeners does
 * not price every open position on every order; postMessage and
 * JSON.stringify read the getter like a plain field.
 */
function lazyMessage(ordertype: OrderType, build: () => MarketOrder[]): OrdersMessage {
  let data: MarketOrder[] | undefined;
  return {
    ordertype,
    get data() {
      return (data ??= build());
    },
  };
}

/** Both lists of an account, for a channel that just authenticated. */
export function snapshot(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  now: number,
): OrdersMessage[] {
  const qb = new QuoteBook(ctx, now);
  return (['holding', 'pending'] as const).map((ordertype) => ({
    ordertype,
    data: ordersList(ctx, rt, uid, book, ordertype, qb),
  }));
}

/** Publish every changed list, then forget the changes. */
export function flush(ctx: TradingContext, rt: Runtime, now: number): void {
  if (rt.dirty.size === 0) return;
  const qb = new QuoteBook(ctx, now);
  for (const { uid, book, holding, pending } of rt.dirty.values()) {
    const u = findUser(ctx, uid);
    if (!u || bookOf(u.virtualStatus) !== book) continue;
    // Built now (not when read) would be the same: the books do not change before delivery.
    const list = (type: OrderType) => () => ordersList(ctx, rt, uid, book, type, qb);
    if (holding) ctx.publishOrders(uid, lazyMessage('holding', list('holding')), book);
    if (pending) ctx.publishOrders(uid, lazyMessage('pending', list('pending')), book);
  }
  rt.dirty.clear();
}
