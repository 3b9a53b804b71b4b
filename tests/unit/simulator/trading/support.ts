/** Shared set-up for the trading simulator tests: a world, a signed-in user, order helpers. */
import { createWorld, T0, type TestWorld } from '../../../support/sim.ts';
import type {
  AddOptionPayload,
  AddOrderPayload,
  PriceEntry,
} from '../../../../src/api/types/trading.ts';
import type { CallResult } from '../../../../src/api/client.ts';
import type { SimulatorOptions } from '../../../../src/simulator/server.ts';
import { quoteAt } from '../../../../src/simulator/modules/trading/quotes.ts';
import { tokenFor } from '../../../../src/simulator/users.ts';
import { optionProductId } from '../../../../src/simulator/modules/trading/option-config.ts';

export interface Trader {
  w: TestWorld;
  uid: string;
  token: string;
  /** Sign in as another user of the same world. */
  other(email: string, deposit?: number): Promise<{ uid: string; token: string }>;
  quote(symbol: string): Promise<PriceEntry>;
  /** A fresh session token (tokens last 30 minutes; tests jump hours ahead). */
  refresh(): Promise<string>;
  /** addOrder with sensible defaults (market buy of the minimum volume). */
  order(p: Partial<AddOrderPayload> & { tradePair: string }): Promise<CallResult<'addOrder'>>;
  option(
    p: Partial<AddOptionPayload> & { tradePair: string },
  ): Promise<CallResult<'addOrderOption'>>;
}

/** A market buy of the minimum volume at this price (addOrder's payload). */
export const minimumBuy = (tradePair: string, price: number, token: string): AddOrderPayload => ({
  tradePair,
  price,
  stopPrice: null,
  takeProfitPprice: null,
  orderQuantity: 0.01,
  multiple: 100,
  orderType: 0,
  buyPoint: 2,
  token,
});

let n = 0;

/** A world with one user signed in on the real account with `deposit` USD. */
export async function trader(
  opts: SimulatorOptions & { start?: number; deposit?: number } = {},
): Promise<Trader> {
  const w = await createWorld(opts);
  const { uid, token } = await w.sim.backOffice.seedUser({
    email: `trader${++n}@example.com`,
    password: 'secret123',
    deposit: opts.deposit ?? 50_000,
  });
  w.session.token = token;
  const t: Trader = {
    w,
    uid,
    token,
    other: (email, deposit = 50_000) =>
      w.sim.backOffice.seedUser({ email, password: 'secret123', deposit }),
    refresh: async () => {
      const u = w.sim.ctx.state.users[uid]!;
      t.token = await tokenFor(w.sim.ctx, u);
      w.session.token = t.token;
      return t.token;
    },
    quote: async (symbol) => (await w.api.call('thumb', { symbol })).data as PriceEntry,
    order: async (p) => {
      const q = await t.quote(p.tradePair);
      return w.api.call('addOrder', {
        ...minimumBuy(p.tradePair, q.price, w.session.token as string),
        ...p,
      });
    },
    option: async (p) => {
      const q = await t.quote(p.tradePair);
      return w.api.call('addOrderOption', {
        optionsProductId: optionProductId(w.sim.ctx, p.tradePair) as string,
        price: q.price,
        timeLong: 60,
        btime: w.clock.now(),
        rate: 85,
        amount: 100,
        orderType: 0,
        token: w.session.token as string,
        ...p,
      });
    },
  };
  return t;
}

/**
 * The first instant in (from, from + withinMs] at which the symbol's mid has
 * moved by at least `pct` from its value at `from`, and which way.
 */
export function firstMove(
  w: TestWorld,
  symbol: string,
  from: number,
  pct: number,
  withinMs: number,
) {
  const p0 = quoteAt(w.sim.ctx, symbol, from).mid;
  for (let t = from + 1000; t <= from + withinMs; t += 1000) {
    const p = quoteAt(w.sim.ctx, symbol, t).mid;
    if (Math.abs(p - p0) / p0 >= pct)
      return { t, dir: p < p0 ? ('down' as const) : ('up' as const) };
  }
  throw new Error(`${symbol} does not move ${pct} within ${withinMs} ms`);
}

export { T0 };
