/**
 * What an order form knows of its product (trading.md §5): the quote, the
 * product state, and the load of the four calls behind them.
 */
import type { CallResult } from '../../api/client.ts';
import type { Balance, ProductOrderInfo } from '../../api/types/trading.ts';

/** Bid and ask of the product now (ask: where a buy fills, bid: where a sell fills). */
export interface Quote {
  bid: number;
  ask: number;
  /** Mid price, as the price board shows it. */
  price: number;
  /** Epoch ms of the tick the quote comes from. */
  time: number;
}

/** What a form knows of its product: order info, quote, balance, and why it cannot trade. */
export interface ProductState {
  info: ProductOrderInfo | null;
  quote: Quote | null;
  balance: Balance | null;
  /** 0 tradable, 1 market closed (closed or early_trading), 2 product tradeStatus 0. */
  closed: 0 | 1 | 2;
}

/** One load of a product for an order form: the four calls' results. */
export interface ProductLoad {
  symbol: string;
  info: CallResult<'productOrderInfo'>;
  status: CallResult<'marketStatus'>;
  quote: CallResult<'thumb'>;
  balance: CallResult<'userBalance'>;
}

/** The first failing code of a load (-1 when the product is missing), else undefined. */
export function loadFailure(l: ProductLoad): number | undefined {
  for (const r of [l.info, l.status, l.quote, l.balance]) if (r.code !== 0) return r.code;
  return l.info.data?.[l.symbol] ? undefined : -1;
}

/** Market closed (status closed or early_trading) is 1; a product with tradeStatus 0 is 2. */
export function closedOf(l: ProductLoad): 0 | 1 | 2 {
  if (l.status.data !== 'open') return 1;
  return l.info.data?.[l.symbol]?.tradeStatus === 0 ? 2 : 0;
}

/** The product state after a successful load (a failed one keeps what was known). */
export function applyProduct(prev: ProductState, l: ProductLoad): ProductState {
  if (loadFailure(l) !== undefined) return prev;
  const q = l.quote.data;
  return {
    info: l.info.data?.[l.symbol] ?? prev.info,
    quote: q
      ? { bid: q.bidPrice, ask: q.askPrice, price: q.price, time: q.lastUpdate }
      : prev.quote,
    balance: l.balance.data ?? prev.balance,
    closed: closedOf(l),
  };
}

/** A thumb reply as the form's quote. */
export const quoteOf = (r: CallResult<'thumb'>, prev: Quote | null): Quote | null =>
  r.data
    ? { bid: r.data.bidPrice, ask: r.data.askPrice, price: r.data.price, time: r.data.lastUpdate }
    : prev;
