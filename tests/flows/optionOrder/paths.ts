/**
 * The option order form against the simulator: a real account with a real
 * deposit (1,000 USD) on BTCUSDT's option product. Outcomes come from real
 * conditions: the product's trade status and market hours set by the back
 * office, a trade ban (405), a real balance (insufficient_balance), real
 * prices for the order, an unknown symbol (604). Only a server error (HTTP
 * 500) on the pre-submit re-fetch is forced.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { optionOrderActors } from '../../../src/machines/optionOrder/actors.ts';
import {
  optionOrderMachine,
  type OptionOrderContext,
} from '../../../src/machines/optionOrder/machine.ts';
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

type Snap = ReturnType<(typeof optionOrderMachine)['resolveState']>;

/** As the server encodes its four terms (30 s at 80 %, 60 s at 85 %, 3 min, 5 min). */
const TERMS = {
  '0': '30|80^10,50,100,500,1000^10000|10^30s',
  '1': '60|85^10,50,100,500,1000^10000|10^60s',
  '2': '180|88^10,50,100,500,1000^10000|10^3min',
  '3': '300|90^10,50,100,500,1000^10000|10^5min',
};

const loadDone = (id: string, kind: LoadKind, code = -1) => ({
  type: `xstate.done.actor.${id}`,
  output: {
    symbol: SYMBOL,
    product:
      kind === 'failed'
        ? failed(code)
        : ok({
            optionsProducts: [
              {
                id: '1',
                productCode: SYMBOL,
                tradeStatus: kind === 'notTradable' ? 0 : 1,
                timeRatePayload: TERMS,
              },
            ],
          }),
    status: ok(kind === 'closed' ? 'closed' : 'open'),
    quote: ok(SAMPLE_QUOTE),
    balance: ok({ balanceAmount: DEPOSIT, lockMargin: 0 }),
  },
});
type LoadOut = ReturnType<typeof loadDone>['output'];
const kindOf = (e: EventObject): LoadKind | undefined => {
  const out = (e as { output?: LoadOut }).output;
  if (!out || !('product' in out)) return undefined;
  if (out.product.code !== 0) return 'failed';
  if (out.status.data === 'closed') return 'closed';
  return out.product.data?.optionsProducts[0]?.tradeStatus === 0 ? 'notTradable' : 'open';
};
const placeOk = { type: 'xstate.done.actor.place', output: ok({ uid: '1', beginTime: T0 }) };

const amount = (value: string) => ({ type: 'field.change', field: 'amount', value });
const delivery = (index: number) => ({ type: 'delivery.select', index });
const chip = (value: number) => ({ type: 'chip.select', value });
const leaveAmount = { type: 'field.blur', field: 'amount' };

const pristine = (c: OptionOrderContext) =>
  c.delivery === undefined &&
  c.amount === '' &&
  c.direction === 0 &&
  errorKeys(c).length === 0 &&
  c.failure === undefined;
const basic = (c: OptionOrderContext) => c.delivery === 0 && c.amount === '50' && c.direction === 0;

function formMoves(c: OptionOrderContext): EventObject[] {
  if (pristine(c))
    return [
      submit,
      delivery(0),
      amount('50'),
      { type: 'direction.change', value: 1 } as EventObject,
      {
        type: 'price.update',
        bid: SAMPLE_QUOTE.bidPrice,
        ask: SAMPLE_QUOTE.askPrice,
        price: MID,
        time: T0,
      } as EventObject,
    ];
  if (c.failure !== undefined || errorKeys(c).length > 0) return [];
  if (c.direction === 1)
    return c.delivery === undefined ? [delivery(2)] : c.amount ? [submit] : [chip(100)];
  if (c.delivery === undefined) return c.amount ? [submit] : [];
  if (c.amount === '')
    return [submit, chip(50), amount('10.5'), amount('5'), amount('20000'), amount('2000')];
  // Below the minimum: leaving the field says so before any press.
  return c.amount === '5' ? [submit, leaveAmount] : [submit];
}

interface Options {
  name: string;
  demo: boolean;
  symbol?: string;
  narrow?: boolean;
}

const cashOf = (c: PathContext, b: 'real' | 'demo') =>
  Number(c.world.sim.ctx.ledger.balance(acct.cash(uidOf(c), b)).toFixed(2));

function spec(o: Options): PathSpec {
  const symbol = o.symbol ?? SYMBOL;
  const book = o.demo ? 'demo' : 'real';
  const loads = (id: string, all: LoadKind[]) =>
    (o.narrow ? ['open' as const] : all).map((k) => loadDone(id, k));
  const checks = ticketChecks((c) => c.world.sim.backOffice.tradingOptions(uidOf(c), book));
  return {
    name: o.name,
    machine: optionOrderMachine,
    input: { symbol, demo: o.demo, direction: 0, tradeMode: 'option' },
    maxSteps: 20,
    internalEvents: ['balance.update'],
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.direction,
        c.delivery ?? null,
        c.amount,
        errorKeys(c),
        c.failure ?? null,
        c.closed,
      ]);
    },
    events: (s) => {
      const snap = s as Snap;
      const c = snap.context;
      const shared = ticketMoves(
        snap,
        {
          symbol,
          loads,
          loadDone,
          unknownCode: 604,
          basic: basic(c),
          everyRefresh: pristine(c) && !o.narrow,
          place: basic(c) && !o.narrow ? [placeOk, placeBanned] : [placeOk],
        },
        c,
      );
      if (shared) return shared;
      if (!snap.matches({ editing: 'ready' })) return [];
      const moves = formMoves(c);
      return o.narrow
        ? moves.filter((e) => ['form.submit', 'delivery.select', 'chip.select'].includes(e.type))
        : moves;
    },
    async setup(world) {
      const u = await seedTrader(world, 'options@example.com');
      if (o.demo) {
        reached('optionOrder.setup: o.demo');
        await switchToDemo(world);
      }
      return { uid: u.uid, cash: o.demo ? 100000 : DEPOSIT };
    },
    provide: (c) =>
      optionOrderMachine.provide({
        actors: optionOrderActors(c.world.api, () => c.world.session.token),
      }),
    resolve: resolvePrice,
    arrange: (e, c) =>
      arrangeTicket(e, c, { kind: kindOf(e), symbol, failCall: 'findOptionsProduct' }),
    states: {
      loading: checks.loading,
      loadFailed: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.product).toBeNull();
        expect(ctx.failure).toBe(604);
        // The market side really does not know the symbol.
        expect((await c.world.api.call('marketStatus', { symbol })).code).toBe(604);
      },
      editing: (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.product?.productCode).toBe(SYMBOL);
        // The delivery times are the server's terms, decoded.
        expect(ctx.deliveries.map((d) => [d.timeLong, d.profitRate, d.min, d.max])).toEqual([
          [30, 80, 10, 10000],
          [60, 85, 10, 10000],
          [180, 88, 10, 10000],
          [300, 90, 10, 10000],
        ]);
        expect(ctx.balance?.balanceAmount).toBe(cashOf(c, book));
        if (ctx.delivery !== undefined) {
          reached('optionOrder.editing: ctx.delivery !== undefined');
          const term = ctx.deliveries[ctx.delivery]!;
          expect(ctx.payoutRate).toBe(term.profitRate / 100);
          expect(ctx.chips).toEqual([10, 50, 100, 500, 1000]);
        } else {
          reached('optionOrder.editing: not (ctx.delivery !== undefined)');
          expect(ctx.payoutRate).toBeUndefined();
        }
      },
      'editing.ready': checks['editing.ready'],
      'editing.ready.polling': pollAnswers,
      'editing.refreshing': (s, c) => {
        expect(s.hasTag('busy')).toBe(false);
        // The button works through the refresh.
        expect(s.can({ type: 'form.submit' })).toBe(true);
        expect(c.world.sim.backOffice.tradingOptions(uidOf(c), book)).toEqual([]);
      },
      'editing.cooling': (s, c) => {
        const ctx = (s as Snap).context;
        checks.cooling(s, c);
        if (ctx.failure === 405) {
          reached('optionOrder.editing.cooling: ctx.failure === 405');
          expect(c.world.sim.ctx.state.users[uidOf(c)]?.tradeBanned).toBe(true);
        }
        if (ctx.errors.balance) {
          reached('optionOrder.editing.cooling: ctx.errors.balance');
          expect(Number(ctx.amount)).toBeGreaterThan(cashOf(c, book));
        }
      },
      checking: checks.checking,
      placing: checks.placing,
      placed: (s, c) => {
        const ctx = (s as Snap).context;
        const placed = ctx.placed!;
        // The form stays on screen under the option's drawers, its balance still polled.
        expect(s.hasTag('placed')).toBe(true);
        const options = c.world.sim.backOffice.tradingOptions(uidOf(c), book);
        expect(options).toHaveLength(1);
        const opt = options[0]!;
        const term = ctx.deliveries[ctx.delivery!]!;
        expect(opt).toMatchObject({
          uid: placed.uid,
          beginTime: placed.beginTime,
          endTime: placed.endTime,
          timeLong: term.timeLong,
          rate: term.profitRate,
          amount: Number(ctx.amount),
          orderType: ctx.direction,
          positionStatus: 0,
        });
        // The stake left the cash.
        expect(cashOf(c, book)).toBe((c.data.cash as number) - Number(ctx.amount));
        expect(c.world.sim.backOffice.tradingOptions(uidOf(c), o.demo ? 'real' : 'demo')).toEqual(
          [],
        );
      },
      'placed.polling': pollAnswers,
      closed: (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.closed).toBe(true);
        expect(c.emitted).toEqual([{ type: 'notice', key: 'index.closed', kind: 'info' }]);
        expect(s.output).toEqual({ kind: 'closed' });
        const now = c.world.clock.now();
        const tradable =
          c.world.sim.ctx.products.tradeStatus(SYMBOL) === 1 &&
          c.world.sim.ctx.prices.status(SYMBOL, now) === 'open';
        expect(tradable).toBe(false);
      },
      left: (s) => expect(s.output).toEqual({ kind: 'left' }),
    },
  };
}

export const specs: PathSpec[] = [
  spec({ name: 'optionOrder', demo: false }),
  spec({ name: 'optionOrder (demo)', demo: true, narrow: true }),
  spec({ name: 'optionOrder (unknown symbol)', demo: false, symbol: 'NOPE' }),
  {
    ...spec({ name: 'optionOrder (market mode)', demo: false }),
    input: { symbol: SYMBOL, demo: false, direction: 0, tradeMode: 'market' },
  },
];
