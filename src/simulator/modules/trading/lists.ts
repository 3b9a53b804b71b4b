/**
 * Paged lists: market orders (userOrder / userOrderMock) and options
 * (userOptionHistory).
 *
 * The order list's positionStatus is the UI filter index + 1 over
 * [all, unsettled, deal, canceled, exception]:
 *   absent or 1 all · 2 unsettled (pending and open) · 3 deal (closed) ·
 *   4 canceled · 5 exception: orders the system ended rather than the user or
 *   their own stops — stop-out liquidations and the demo reset (they are also
 *   in 3 or 4 by state).
 * `columns` names the time to sort by, newest first (closingTime,
 * transactionTime or orderTime; orderTime by default). "Today" is the New York
 * calendar day, as market hours are.
 * A bad page or limit (not a positive integer) answers 1001.
 */
import Big from 'big.js';
import type { OptionHistoryData, OrderQueryData } from '../../../api/types/trading.ts';
import { nyDate } from '../../../api/hours.ts';
import { refuse } from './guards.ts';
import { summaryOf } from './accounts.ts';
import { wire2 } from './money.ts';
import { QuoteBook } from './quotes.ts';
import { type Book, type OrderRecord, type Runtime, type TradingContext } from './state.ts';
import { optionView, orderView } from './views.ts';

const FILTERS: Record<number, (o: OrderRecord) => boolean> = {
  1: () => true,
  2: (o) => o.positionStatus === 1 || o.positionStatus === 2,
  3: (o) => o.positionStatus === 3,
  4: (o) => o.positionStatus === 4,
  5: (o) => o.closeReason === 'stopOut' || o.closeReason === 'reset',
};

const SORTS = {
  closingTime: 'closingTime',
  transactionTime: 'transactionTime',
  orderTime: 'orderTime',
} as const;

function paging(p: { page?: unknown; limit?: unknown }): { page: number; limit: number } {
  const page = p.page === undefined ? 1 : Number(p.page);
  const limit = p.limit === undefined ? 10 : Number(p.limit);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) refuse(1001);
  return { page, limit };
}

/** The caller's market orders on a book, one page, with P&L totals and the position summary. */
export function orderList(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  p: { page?: unknown; limit?: unknown; positionStatus?: unknown; columns?: unknown },
  now: number,
): OrderQueryData {
  const { page, limit } = paging(p);
  const status =
    p.positionStatus === undefined || p.positionStatus === null ? 1 : Number(p.positionStatus);
  const filter = FILTERS[status] ?? refuse(1001);
  const col = Array.isArray(p.columns) ? String(p.columns[0]) : undefined;
  const key = SORTS[col as keyof typeof SORTS] ?? 'orderTime';
  const mine = Object.values(ctx.state.trading.orders).filter(
    (o) => o.uid === uid && o.book === book,
  );
  const list = mine.filter(filter);
  list.sort((a, b) => (b[key] ?? -1) - (a[key] ?? -1) || Number(b.id) - Number(a.id));
  const today = nyDate(now);
  let pnlToday = new Big(0);
  let pnlTotal = new Big(0);
  for (const o of mine) {
    if (o.positionStatus !== 3) continue;
    pnlTotal = pnlTotal.plus(o.profitLoss);
    if (o.closingTime !== null && nyDate(o.closingTime) === today)
      pnlToday = pnlToday.plus(o.profitLoss);
  }
  const qb = new QuoteBook(ctx, now);
  return {
    list: list.slice((page - 1) * limit, page * limit).map((o) => orderView(ctx, o, qb)),
    pages: Math.ceil(list.length / limit),
    profitLossToday: wire2(pnlToday),
    profitLossTotal: wire2(pnlTotal),
    ...summaryOf(ctx, rt, uid, book, now),
  };
}

/**
 * Options of the caller's book: positionStatus 0 running (earliest end
 * first), 1 finished (latest completion first), absent all (newest first).
 * todayWinLoss / totalWinLoss sum winLost of finished options.
 */
export function optionList(
  ctx: TradingContext,
  uid: string,
  book: Book,
  p: { page?: unknown; limit?: unknown; positionStatus?: unknown },
  now: number,
): OptionHistoryData {
  const { page, limit } = paging(p);
  const status =
    p.positionStatus === undefined || p.positionStatus === null
      ? undefined
      : Number(p.positionStatus);
  if (status !== undefined && status !== 0 && status !== 1) refuse(1001);
  const mine = Object.values(ctx.state.trading.options).filter(
    (o) => o.uid === uid && o.book === book,
  );
  const list = mine.filter((o) => status === undefined || o.positionStatus === status);
  if (status === 0) list.sort((a, b) => a.endTime - b.endTime || Number(a.id) - Number(b.id));
  else if (status === 1)
    list.sort(
      (a, b) => (b.completeTime ?? 0) - (a.completeTime ?? 0) || Number(b.id) - Number(a.id),
    );
  else list.sort((a, b) => b.beginTime - a.beginTime || Number(b.id) - Number(a.id));
  const today = nyDate(now);
  let winToday = new Big(0);
  let winTotal = new Big(0);
  for (const o of mine) {
    if (o.positionStatus !== 1 || o.winLost === null) continue;
    winTotal = winTotal.plus(o.winLost);
    if (o.completeTime !== null && nyDate(o.completeTime) === today)
      winToday = winToday.plus(o.winLost);
  }
  return {
    items: list.slice((page - 1) * limit, page * limit).map((o) => optionView(ctx, o)),
    todayWinLoss: wire2(winToday),
    totalWinLoss: wire2(winTotal),
    pages: Math.ceil(list.length / limit),
  };
}
