/**
 * Back-office operations for trading (back-office.ts composes them into BackOffice):
 * what a reviewer needs to see a user's trading without signing in as them.
 */
import type { MarketOrder, OptionOrder, PositionSummary } from '../../../api/types/trading.ts';
import { summaryOf } from './accounts.ts';
import { QuoteBook } from './quotes.ts';
import { runtime, type Book, type TradingContext } from './state.ts';
import { optionView, orderView } from './views.ts';

/** The trading module's back-office operations. */
export interface TradingBackOffice {
  /** A user's market orders on a book (default real), newest first, as the wire shows them. */
  tradingOrders(uid: string, book?: 'real' | 'demo'): MarketOrder[];
  /** A user's options on a book (default real), newest first. */
  tradingOptions(uid: string, book?: 'real' | 'demo'): OptionOrder[];
  /** A book's position summary (P&L, equity, margin in use, free margin) now. */
  tradingSummary(uid: string, book?: 'real' | 'demo'): PositionSummary;
}

/** The trading operations over one simulator's context. */
export function tradingBackOffice(ctx: TradingContext): TradingBackOffice {
  const byNewest = (a: { id: string }, b: { id: string }) => Number(b.id) - Number(a.id);
  return {
    tradingOrders(uid: string, book: Book = 'real') {
      const qb = new QuoteBook(ctx, ctx.clock.now());
      return Object.values(ctx.state.trading.orders)
        .filter((o) => o.uid === uid && o.book === book)
        .sort(byNewest)
        .map((o) => orderView(ctx, o, qb));
    },
    tradingOptions(uid: string, book: Book = 'real') {
      return Object.values(ctx.state.trading.options)
        .filter((o) => o.uid === uid && o.book === book)
        .sort(byNewest)
        .map((o) => optionView(ctx, o));
    },
    tradingSummary: (uid: string, book: Book = 'real') =>
      summaryOf(ctx, runtime(ctx), uid, book, ctx.clock.now()),
  };
}
