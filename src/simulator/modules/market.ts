/** Market data: the product list with prices, thumb, status, kline history, search and order info. */
import type { PriceEntry, ProductOrderInfo } from '../../api/types/trading.ts';
import { PERIODS, type Period } from '../../api/wire.ts';
import { KLINE_LIMIT } from '../../config/constants.ts';
import { fail, ok, type SimContext, type SimModule } from '../module.ts';

/** Every product's price entry at `now`, keyed by symbol, in catalogue order. */
export function allQuotes(ctx: SimContext, now: number): Record<string, PriceEntry> {
  const out: Record<string, PriceEntry> = {};
  ctx.products.all().forEach((d, i) => {
    out[d.symbol] = ctx.prices.quote(d.symbol, now, i, ctx.products.tradeStatus(d.symbol));
  });
  return out;
}

/**
 * Most bars one history call returns, whatever its from, to and limit say
 * (the chart asks for 300, trading.md §9; the mini chart's from/to window is
 * 30). A call for more gets the newest of them; the work per call is bounded.
 */
export const HISTORY_MAX_BARS = 1000;

const num = (v: unknown): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

export const marketModule: SimModule = {
  name: 'market',
  handlers: (ctx) => {
    const sortOf = (symbol: string) => ctx.products.all().findIndex((d) => d.symbol === symbol);
    const history = (
      p: { symbol: string; period: string; limit?: number; from?: number; to?: number },
      now: number,
      defaultLimit?: number,
    ) => {
      if (!ctx.products.get(p.symbol)) return fail(604);
      const period = (p.period || '1min') as Period;
      if (!PERIODS.includes(period)) return fail(1001);
      const from = num(p.from);
      const to = num(p.to);
      const asked = num(p.limit) ?? (from !== undefined ? HISTORY_MAX_BARS : undefined);
      const limit = Math.max(1, Math.min(asked ?? defaultLimit ?? KLINE_LIMIT, HISTORY_MAX_BARS));
      const q =
        from !== undefined ? { from, limit, ...(to !== undefined ? { to } : {}) } : { limit };
      return ok(ctx.prices.klines(p.symbol, period, q, now));
    };
    return {
      productList: (_p, { now }) => ok(allQuotes(ctx, now)),
      thumb: ({ symbol }, { now }) =>
        ctx.products.get(symbol)
          ? ok(ctx.prices.quote(symbol, now, sortOf(symbol), ctx.products.tradeStatus(symbol)))
          : fail(604),
      marketStatus: ({ symbol }, { now }) =>
        ctx.products.get(symbol) ? ok(ctx.prices.status(symbol, now)) : fail(604),
      klineHistory: (p, { now }) => history(p, now),
      klineHistoryLimit: (p, { now }) => history(p, now, KLINE_LIMIT),
      productSearch: ({ search }) => {
        const q = String(search ?? '')
          .trim()
          .toUpperCase();
        const list = ctx.products
          .all()
          .filter((d) => !q || d.symbol.includes(q) || d.name.toUpperCase().includes(q))
          .map((d) => d.symbol);
        return ok({ forexProductList: list });
      },
      productOrderInfo: ({ productCode }) => {
        const out: Record<string, ProductOrderInfo> = {};
        const codes = productCode ? [productCode] : ctx.products.all().map((d) => d.symbol);
        for (const c of codes) {
          const info = ctx.products.info(c);
          if (info) out[c] = info;
        }
        return productCode && !out[productCode] ? fail(303) : ok(out);
      },
    };
  },
};
