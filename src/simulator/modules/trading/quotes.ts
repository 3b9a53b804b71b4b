/**
 * Bid and ask as the market side shows them (the same rounding as
 * PriceEngine.quote), without the day-bar work a full price entry needs, and
 * cached per instant so one tick prices each symbol once.
 */
import { halfSpreadOf } from '../../quote.ts';
import { usdRate, usdRateFast } from './money.ts';
import type Big from 'big.js';
import type { TradingContext } from './state.ts';

/** A product's prices at one instant. */
export interface Quote {
  mid: number;
  bid: number;
  ask: number;
  /** Market open now (status 'open'); closed and early_trading do not trade. */
  open: boolean;
}

const round = (x: number, precision: number) => Number(x.toFixed(precision));

/** The quote of a product at t. */
export function quoteAt(ctx: TradingContext, symbol: string, t: number): Quote {
  const d = ctx.products.get(symbol);
  if (!d) throw new Error(`unknown symbol ${symbol}`);
  const mid = ctx.prices.priceAt(symbol, t);
  const half = halfSpreadOf(d, ctx.prices.spreadTimes(symbol, t));
  return {
    mid,
    bid: round(mid - half, d.precision),
    ask: round(mid + half, d.precision),
    open: ctx.prices.status(symbol, t) === 'open',
  };
}

/** Quotes and USD rates at one instant, each computed once. */
export class QuoteBook {
  private readonly quotes = new Map<string, Quote>();
  private readonly rates = new Map<string, number>();
  private readonly exact = new Map<string, Big>();

  constructor(
    private readonly ctx: TradingContext,
    readonly t: number,
  ) {}

  get(symbol: string): Quote {
    let q = this.quotes.get(symbol);
    if (!q) {
      q = quoteAt(this.ctx, symbol, this.t);
      this.quotes.set(symbol, q);
    }
    return q;
  }

  rateFast(ccy: string): number {
    let r = this.rates.get(ccy);
    if (r === undefined) {
      r = usdRateFast(this.ctx, ccy, this.t);
      this.rates.set(ccy, r);
    }
    return r;
  }

  rate(ccy: string): Big {
    let r = this.exact.get(ccy);
    if (!r) {
      r = usdRate(this.ctx, ccy, this.t);
      this.exact.set(ccy, r);
    }
    return r;
  }
}
