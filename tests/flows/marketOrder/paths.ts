/**
 * The market order form against the simulator: a real account with a real
 * deposit (1,000 USD) trading BTCUSDT (one unit per lot, USD-quoted, so the
 * form's margin is the simulator's to the cent). Outcomes come from real
 * conditions: market hours and trade status set by the back office, a trade
 * ban (405), real prices for pending prices and stops, a real balance for
 * insufficient_balance, an unknown symbol (303). Only a server error (HTTP
 * 500) on a refresh is forced, as nothing else makes a good call fail.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { marketOrderActors } from '../../../src/machines/marketOrder/actors.ts';
import {
  marketOrderMachine,
  type MarketOrderContext,
  type OrderField,
} from '../../../src/machines/marketOrder/machine.ts';
import { acct } from '../../../src/simulator/ledger.ts';
import { T0 } from '../../support/sim.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import {
  DEPOSIT,
  MID,
  SAMPLE_QUOTE,
  SYMBOL,
  arrangeTicket,
  errorKeys,
  failed,
  ok,
  placeBanned,
  pollAnswers,
  resolvePrice,
  seedTrader,
  submit,
  switchToDemo,
  ticketChecks,
  ticketMoves,
  uidOf,
  type LoadKind,
} from '../shared/ticket.ts';

type Snap = ReturnType<(typeof marketOrderMachine)['resolveState']>;

const EMAIL = 'trader@example.com';
/** Only what the form reads of the product info (the plan prints these). */
const SAMPLE_INFO = {
  productCode: SYMBOL,
  minCount: 0.01,
  maxCount: 10,
  multiple: 20,
  pip: 0.01,
  pricePrecision: 2,
  tradeStatus: 1,
};
/** A price `f` times the mid, as typed (2 decimals). */
const at = (f: number) => (MID * f).toFixed(2);
const BELOW = at(0.99);
const ABOVE = at(1.01);

const loadOutput = (kind: LoadKind, code = -1, symbol = SYMBOL) => ({
  symbol,
  info:
    kind === 'failed'
      ? failed(code)
      : ok({ [symbol]: { ...SAMPLE_INFO, tradeStatus: kind === 'notTradable' ? 0 : 1 } }),
  status: ok(kind === 'closed' ? 'closed' : 'open'),
  quote: ok(SAMPLE_QUOTE),
  balance: ok({ balanceAmount: DEPOSIT, lockMargin: 0 }),
});
const loadDone = (id: string, kind: LoadKind, code?: number) => ({
  type: `xstate.done.actor.${id}`,
  output: loadOutput(kind, code),
});
const kindOf = (e: EventObject): LoadKind | undefined => {
  const out = (e as { output?: ReturnType<typeof loadOutput> }).output;
  if (!out || !('info' in out)) return undefined;
  if (out.info.code !== 0) return 'failed';
  if (out.status.data === 'closed') return 'closed';
  return out.info.data?.[SYMBOL]?.tradeStatus === 0 ? 'notTradable' : 'open';
};
const placeOk = { type: 'xstate.done.actor.place', output: ok('1') };

const change = (field: OrderField, value: string) => ({ type: 'field.change', field, value });
const blur = (field: OrderField) => ({ type: 'field.blur', field });
const priceUpdate = {
  type: 'price.update',
  bid: SAMPLE_QUOTE.bidPrice,
  ask: SAMPLE_QUOTE.askPrice,
  price: MID,
  time: T0,
};

/** Where the position's stops are measured from, as the simulator checks them. */
const stopRef = (c: MarketOrderContext): number => {
  if (c.pending && Number(c.price) > 0) return Number(c.price);
  return c.direction === 0 ? (c.quote?.bid ?? MID) : (c.quote?.ask ?? MID);
};
const priceClass = (c: MarketOrderContext) => {
  if (c.price === '') return '';
  const p = Number(c.price);
  const q = c.quote ?? { bid: MID, ask: MID };
  return (c.direction === 0 ? p <= q.ask : p >= q.bid) ? 'ok' : 'wrong';
};
const stopClass = (c: MarketOrderContext, kind: 'stopLoss' | 'takeProfit') => {
  if (!c[`${kind}On`]) return 'off';
  const v = c[kind];
  if (v === '') return 'empty';
  const n = Number(v);
  if (n <= 0) return 'zero';
  // A stop within half a percent of the price: 'near', whichever way the price then moves.
  const rel = (n - stopRef(c)) / stopRef(c);
  if (Math.abs(rel) < 0.005) return 'near';
  const below = (kind === 'stopLoss') === (c.direction === 0);
  return (below ? rel < 0 : rel > 0) ? 'good' : 'wrong';
};
const pristine = (c: MarketOrderContext) =>
  c.volume === '' &&
  c.price === '' &&
  !c.pending &&
  !c.stopLossOn &&
  !c.takeProfitOn &&
  c.direction === 0 &&
  errorKeys(c).length === 0 &&
  c.failure === undefined;
/** The plain market buy of 0.01: where the failures of the calls are tried. */
const basic = (c: MarketOrderContext) =>
  c.volume === '0.01' && !c.pending && !c.stopLossOn && !c.takeProfitOn && c.direction === 0;

/** The form's next moves: a few scenarios, each a short script from the pristine form. */
function formMoves(c: MarketOrderContext): EventObject[] {
  if (pristine(c))
    return [
      submit,
      change('volume', '0.01'),
      change('volume', '1'),
      change('volume', '50'),
      change('volume', '0.001'),
      { type: 'direction.change', value: 1 } as EventObject,
      { type: 'pending.toggle' },
      { type: 'stopLoss.toggle' },
      { type: 'takeProfit.toggle' },
      priceUpdate,
    ];
  const errs = errorKeys(c);
  if (c.failure !== undefined) return [];
  // "Maximum is": the clamped volume is then too costly for the balance.
  if (errs.length === 1 && errs[0] === 'volume:volume_max_rule') return [submit];
  if (errs.length > 0) return [];
  if (c.volume === '0.00') return [blur('volume')];
  if (c.volume === '1') return [submit];
  const sl = stopClass(c, 'stopLoss');
  const tp = stopClass(c, 'takeProfit');
  if (sl === 'empty') return [submit, change('stopLoss', '0'), change('stopLoss', ABOVE)];
  if (sl === 'zero') return [submit];
  if (sl === 'wrong') return [blur('stopLoss')];
  if (tp === 'empty') return [submit, change('takeProfit', BELOW)];
  if (tp === 'wrong') return [blur('takeProfit')];
  if (c.pending && c.price === '') return [change('price', BELOW), change('price', ABOVE), submit];
  if (c.pending && priceClass(c) === 'wrong') return [submit, blur('price')];
  if (c.volume === '') return [change('volume', '0.01')];
  if (c.volume === '0.01') return [submit];
  return [];
}

interface Options {
  name: string;
  demo: boolean;
  symbol?: string;
  direction?: unknown;
  /** Only the plain buy and the calls' success (the demo book). */
  narrow?: boolean;
}

const balanceOf = (c: PathContext, b: 'real' | 'demo') => {
  const l = c.world.sim.ctx.ledger;
  return {
    balanceAmount: Number(l.balance(acct.cash(uidOf(c), b)).toFixed(2)),
    lockMargin: Number(l.balance(acct.margin(uidOf(c), b)).toFixed(2)),
  };
};
const book = (o: Options) => (o.demo ? 'demo' : 'real');

function spec(o: Options): PathSpec {
  const symbol = o.symbol ?? SYMBOL;
  const kinds = (all: LoadKind[]): LoadKind[] => (o.narrow ? ['open'] : all);
  const loads = (id: string, all: LoadKind[]) => kinds(all).map((k) => loadDone(id, k));
  const checks = ticketChecks((c) => c.world.sim.backOffice.tradingOrders(uidOf(c), book(o)));
  return {
    name: o.name,
    machine: marketOrderMachine,
    input: { symbol, demo: o.demo, direction: o.direction ?? 0, tradeMode: 'market' },
    maxSteps: 20,
    internalEvents: ['balance.update'],
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.direction,
        c.pending,
        c.volume,
        priceClass(c),
        stopClass(c, 'stopLoss'),
        stopClass(c, 'takeProfit'),
        errorKeys(c),
        c.failure ?? null,
        c.closed,
      ]);
    },
    events: (s) => {
      const snap = s as Snap;
      const c = snap.context;
      if (snap.matches({ unavailable: 'refreshing' }))
        return loads('reopen', ['open', 'closed', 'notTradable', 'failed']);
      const shared = ticketMoves(
        snap,
        {
          symbol,
          loads,
          loadDone,
          unknownCode: 303,
          basic: basic(c),
          everyRefresh: pristine(c),
          place: basic(c) && !o.narrow ? [placeOk, placeBanned] : [placeOk],
        },
        c,
      );
      if (shared) return shared;
      if (!snap.matches({ editing: 'ready' })) return [];
      const moves = formMoves(c);
      if (!o.narrow) return moves;
      return moves.filter(
        (e) =>
          e.type === 'form.submit' ||
          (e.type === 'field.change' && (e as { value?: string }).value === '0.01'),
      );
    },
    async setup(world) {
      const u = await seedTrader(world, EMAIL);
      if (o.demo) {
        reached('marketOrder.setup: o.demo');
        await switchToDemo(world);
      }
      return { uid: u.uid };
    },
    provide: (c) =>
      marketOrderMachine.provide({
        actors: marketOrderActors(c.world.api, () => c.world.session.token),
      }),
    resolve(e, c) {
      const ev = e as EventObject & { field?: OrderField; value?: string };
      const q = c.world.sim.ctx.prices.quote(SYMBOL, c.world.clock.now(), 0, 1);
      if (e.type === 'price.update') return resolvePrice(e, c);
      // Prices are typed relative to the real mid, as the sample is to the graph's.
      if (ev.field && ev.field !== 'volume' && ev.value && ev.value !== '0')
        return { ...ev, value: ((q.price * Number(ev.value)) / MID).toFixed(2) };
      return e;
    },
    arrange: (e, c) =>
      arrangeTicket(e, c, { kind: kindOf(e), symbol, failCall: 'productOrderInfo' }),
    states: {
      loading: checks.loading,
      loadFailed: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('locked')).toBe(true);
        expect(ctx.info).toBeNull();
        // The server really has no such product.
        const r = await c.world.api.call('productOrderInfo', { productCode: symbol });
        expect(r.code).toBe(303);
        expect(ctx.failure).toBe(303);
      },
      unavailable: (s) => {
        expect(s.hasTag('locked') && s.hasTag('closed')).toBe(true);
        expect([1, 2]).toContain((s as Snap).context.closed);
      },
      'unavailable.waiting': (s, c) => {
        const closed = (s as Snap).context.closed;
        const now = c.world.clock.now();
        const open = c.world.sim.ctx.prices.status(SYMBOL, now) === 'open';
        expect(closed === 1).toBe(!open);
        if (closed === 2) {
          reached('marketOrder.unavailable.waiting: closed === 2');
          expect(c.world.sim.ctx.products.tradeStatus(SYMBOL)).toBe(0);
        }
      },
      'unavailable.refreshing': (s) => expect(s.can({ type: 'form.submit' })).toBe(false),
      editing: (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.closed).toBe(0);
        expect(ctx.info?.productCode).toBe(SYMBOL);
        // The balance shown is the account's (read from the books: no await while a call runs).
        expect(ctx.balance).toEqual(balanceOf(c, book(o)));
        if (ctx.margin !== undefined) {
          reached('marketOrder.editing: ctx.margin !== undefined');
          // price × volume × 1 / leverage 20 for this product.
          const entry = ctx.pending
            ? Number(ctx.price)
            : ctx.direction === 0
              ? ctx.quote!.ask
              : ctx.quote!.bid;
          expect(Number(ctx.margin)).toBeCloseTo((entry * Number(ctx.volume)) / 20, 2);
        }
      },
      'editing.ready': checks['editing.ready'],
      'editing.ready.polling': async (s, c) => {
        expect((s as Snap).context.balance).not.toBeNull();
        await pollAnswers(s, c);
      },
      'editing.refreshing': (s) => {
        expect(s.hasTag('busy')).toBe(false);
        expect((s as Snap).context.closed).toBe(0);
        // The button works through the refresh.
        expect(s.can({ type: 'form.submit' })).toBe(true);
      },
      'editing.cooling': (s, c) => {
        const ctx = (s as Snap).context;
        checks.cooling(s, c);
        if (ctx.failure === 405) {
          reached('marketOrder.editing.cooling: ctx.failure === 405');
          expect(c.world.sim.ctx.state.users[uidOf(c)]?.tradeBanned).toBe(true);
        }
        if (ctx.errors.balance) {
          reached('marketOrder.editing.cooling: ctx.errors.balance');
          expect(Number(ctx.margin)).toBeGreaterThan(DEPOSIT);
        }
      },
      checking: (s) => {
        checks.checking(s);
        expect((s as Snap).context.failure).toBeUndefined();
      },
      placing: (s, c) => {
        checks.placing(s, c);
        expect((s as Snap).context.margin).toBeDefined();
      },
      placed: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.output).toEqual({ kind: 'placed', orderId: ctx.orderId });
        const orders = c.world.sim.backOffice.tradingOrders(uidOf(c), book(o));
        expect(orders).toHaveLength(1);
        const order = orders[0]!;
        expect(order.id).toBe(ctx.orderId);
        expect(order.tradePair).toBe(SYMBOL);
        expect(order.orderType).toBe(ctx.direction);
        expect(order.buyPoint).toBe(ctx.pending ? 1 : 2);
        expect(order.positionStatus).toBe(ctx.pending ? 1 : 2);
        expect(order.orderQuantity).toBe(Number(ctx.volume));
        expect(order.stopPrice).toBe(ctx.stopLossOn ? Number(ctx.stopLoss) : null);
        expect(order.takeProfitPrice).toBe(ctx.takeProfitOn ? Number(ctx.takeProfit) : null);
        // The margin the form showed is the margin the books reserved.
        expect(order.securityDepositInitial).toBe(Number(ctx.margin));
        // Nothing went to the other book.
        expect(c.world.sim.backOffice.tradingOrders(uidOf(c), o.demo ? 'real' : 'demo')).toEqual(
          [],
        );
      },
      left: (s, c) => {
        expect(s.output).toEqual({ kind: 'left' });
        expect(c.world.sim.backOffice.tradingOrders(uidOf(c), book(o))).toEqual([]);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec({ name: 'marketOrder', demo: false }),
  spec({ name: 'marketOrder (demo)', demo: true, narrow: true }),
  spec({ name: 'marketOrder (unknown symbol)', demo: false, symbol: 'NOPE' }),
  spec({ name: 'marketOrder (wrong direction)', demo: false, direction: 2 }),
];
