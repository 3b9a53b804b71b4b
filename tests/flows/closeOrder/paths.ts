/**
 * Closing and cancelling against the simulator: a real order is placed at T0
 * (a market buy to close, a pending buy far below the price to cancel), and
 * every outcome has its real condition: the 3 minutes since the fill have
 * passed (close), not yet (409), the order was already closed or cancelled
 * elsewhere (404, 408). Nothing is forced. Given the fill time, a close
 * waits (counting down on the server's clock) until the 3 minutes are over,
 * and only then takes a confirm (issue 25).
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { closeOrderActors } from '../../../src/machines/closeOrder/actors.ts';
import {
  closeOrderMachine,
  type CloseOrderInput,
} from '../../../src/machines/closeOrder/machine.ts';
import { mockVariant } from '../../../src/api/contract.ts';
import { MANUAL_CLOSE_AFTER_MS } from '../../../src/config/constants.ts';
import { acct } from '../../../src/simulator/ledger.ts';
import { T0 } from '../../support/sim.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof closeOrderMachine)['resolveState']>;

const SYMBOL = 'BTCUSDT';
/** The simulator's ids and T0 prices are deterministic (checked in setup). */
const ORDER_ID = '1002';
const ASK_T0 = 61756.03;
const BID_T0 = 61755.83;
const LIMIT = 55000;

const done = (code: number) => ({ type: 'xstate.done.actor.submit', output: { code, data: null } });

interface Options {
  name: string;
  demo: boolean;
  input: CloseOrderInput;
  /** Refusals tried on the first attempt. */
  refusals: number[];
}

const uidOf = (c: PathContext) => c.data.uid as string;
const recordOf = (c: PathContext) => c.world.sim.ctx.state.trading.orders[ORDER_ID];
const fillOf = (c: PathContext) => recordOf(c)?.transactionTime ?? T0;

function spec(o: Options): PathSpec {
  const close = o.input.order.positionStatus === 2;
  const book = o.demo ? 'demo' : 'real';
  const call = close ? ('closeOrder' as const) : ('cancelOrder' as const);
  return {
    name: o.name,
    machine: closeOrderMachine,
    input: o.input,
    serialize: (s) =>
      JSON.stringify([s.value, (s as Snap).context.failure ?? null, (s as Snap).context.requested]),
    events: (s) => {
      const snap = s as Snap;
      const failure = snap.context.failure;
      // The live closing price, while a close is shown (resolved from the simulator's quote).
      const live = close ? [{ type: 'price.update', price: 0 }] : [];
      // A tick of the server's clock before the 3 minutes are over, and one after (resolved).
      // The row's own Close asks for the confirm: held while the close waits.
      const request = snap.context.requested ? [] : [{ type: 'confirm.request' }];
      if (snap.matches('waiting'))
        return [
          { type: 'clock.tick', now: 0 },
          { type: 'clock.tick', now: Number.MAX_SAFE_INTEGER },
          ...request,
          ...live,
        ];
      if (snap.matches('idle'))
        return failure === undefined || failure === 409
          ? [{ type: 'confirm.open' }, ...(failure === undefined ? request : []), ...live]
          : [];
      if (snap.matches('confirming'))
        return [{ type: 'confirm.cancel' }, { type: 'confirm.accept' }, ...live];
      if (snap.matches('submitting'))
        return failure === undefined ? [done(0), ...o.refusals.map(done)] : [done(0)];
      return [];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'closer@example.com',
        password: 'secret123',
        deposit: 10_000,
      });
      world.session.token = u.token;
      if (o.demo) world.session.token = (await world.api.call('switchUser')).data?.token;
      const r = await world.api.call(o.demo ? 'addOrderMock' : 'addOrder', {
        tradePair: SYMBOL,
        price: close ? ASK_T0 : LIMIT,
        stopPrice: null,
        takeProfitPprice: null,
        orderQuantity: 0.01,
        multiple: 20,
        orderType: 0,
        buyPoint: close ? 2 : 1,
        token: world.session.token ?? '',
      });
      expect(r).toMatchObject({ code: 0, data: ORDER_ID });
      // The list row the machine was given is the server's order.
      const row = world.sim.backOffice.tradingOrders(u.uid, book)[0];
      expect(row).toMatchObject(o.input.order);
      return { uid: u.uid };
    },
    resolve(e, c) {
      if (e.type === 'clock.tick') {
        // The later tick: the simulator's clock lives until a close is allowed.
        if ((e as unknown as { now: number }).now > 0) {
          const wait = fillOf(c) + MANUAL_CLOSE_AFTER_MS - c.world.clock.now();
          if (wait > 0) c.world.clock.advance(wait);
        }
        return { ...e, now: c.world.clock.now() };
      }
      if (e.type !== 'price.update') return e;
      // A buy closes at the bid.
      const price = c.world.sim.ctx.prices.quote(SYMBOL, c.world.clock.now(), 0, 1).bidPrice;
      c.data.lastPrice = price;
      return { ...e, price };
    },
    provide: (c) =>
      closeOrderMachine.provide({
        actors: closeOrderActors(c.world.api, () => c.world.session.token),
      }),
    async arrange(e: EventObject, c) {
      if (e.type !== 'xstate.done.actor.submit') return;
      const code = (e as unknown as { output: { code: number } }).output.code;
      const filled = recordOf(c)?.transactionTime ?? T0;
      // A close is allowed 3 minutes after the fill: let them pass, unless the path wants 409.
      if (close && code !== 409) {
        const wait = filled + MANUAL_CLOSE_AFTER_MS - c.world.clock.now();
        if (wait > 0) c.world.clock.advance(wait);
      }
      if (code === 404 || code === 408) {
        reached('closeOrder.arrange: code === 404 || code === 408');
        // Closed or cancelled elsewhere first (another tab, another device).
        const r = await c.world.api.call(o.demo ? mockVariant[call] : call, {
          orderId: ORDER_ID,
          token: c.world.session.token ?? '',
        });
        expect(r.code).toBe(0);
      }
    },
    states: {
      waiting: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('waiting')).toBe(true);
        expect(s.can({ type: 'confirm.open' })).toBe(false);
        // The server would refuse now (409): the seconds shown are the ones it still wants.
        const left = fillOf(c) + MANUAL_CLOSE_AFTER_MS - c.world.clock.now();
        expect(left).toBeGreaterThan(0);
        expect(ctx.secondsLeft).toBe(Math.ceil(left / 1000));
        // A confirm asked for now is held: not opened before the server would take the close.
        expect(s.can({ type: 'confirm.request' })).toBe(true);
      },
      idle: (s, c) => {
        const ctx = (s as Snap).context;
        const rec = recordOf(c)!;
        expect(s.hasTag('waiting')).toBe(false);
        if (ctx.failure === undefined) {
          reached('closeOrder.idle: ctx.failure === undefined');
          expect(rec.positionStatus).toBe(close ? 2 : 1);
        }
        // Given the fill time, a close is offered only once the server would take it.
        if (ctx.allowedAt > 0) {
          reached('closeOrder.idle: ctx.allowedAt > 0');
          expect(c.world.clock.now()).toBeGreaterThanOrEqual(ctx.allowedAt);
        }
        if (ctx.failure === 409) {
          reached('closeOrder.idle: ctx.failure === 409');
          expect(rec.positionStatus).toBe(2);
          expect(c.world.clock.now() - (rec.transactionTime ?? 0)).toBeLessThan(
            MANUAL_CLOSE_AFTER_MS,
          );
        }
        if (ctx.failure === 404) {
          reached('closeOrder.idle: ctx.failure === 404');
          expect(rec.positionStatus).toBe(3);
        }
        if (ctx.failure === 408) {
          reached('closeOrder.idle: ctx.failure === 408');
          expect(rec.positionStatus).toBe(4);
        }
      },
      confirming: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('confirm')).toBe(true);
        expect(ctx.action).toBe(close ? 'close' : 'cancel');
        // A held request is spent once the confirm is open; never opened before the close is allowed.
        expect(ctx.requested).toBe(false);
        if (ctx.allowedAt > 0) {
          reached('closeOrder.confirming: ctx.allowedAt > 0');
          expect(c.world.clock.now()).toBeGreaterThanOrEqual(ctx.allowedAt);
        }
        const row = c.world.sim.backOffice.tradingOrders(uidOf(c), book)[0]!;
        expect(ctx.confirm.volume).toBe(row.orderQuantity);
        expect(ctx.confirm.direction).toBe(row.orderType);
        // A close shows the latest closing price it was given (the list's, then each
        // tick's: the view sends every one), a cancel the pending price. While the
        // clock stands still that is the bid now.
        const bid = c.world.sim.ctx.prices.quote(SYMBOL, c.world.clock.now(), 0, 1).bidPrice;
        const given = (c.data.lastPrice as number | undefined) ?? o.input.order.currentPrice;
        expect(ctx.confirm.price).toBe(close ? given : row.openingPrice);
        if (close && c.world.clock.now() === T0) {
          reached('closeOrder.confirming: close && c.world.clock.now() === T0');
          expect(ctx.confirm.price).toBe(bid);
        }
      },
      submitting: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can({ type: 'confirm.accept' })).toBe(false);
      },
      done: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.output).toEqual({ orderId: ORDER_ID, action: ctx.action });
        expect(ctx.failure).toBeUndefined();
        // A cancel is said by the machine; a close is reported with its fill by the view.
        expect(noticesOf(c)).toEqual(close ? [] : ['tips.operation_success']);
        const rec = recordOf(c)!;
        expect(rec.positionStatus).toBe(close ? 3 : 4);
        expect(rec.closeReason).toBe('manual');
        expect(rec.book).toBe(book);
        // The margin came back.
        expect(Number(c.world.sim.ctx.ledger.balance(acct.margin(uidOf(c), book)))).toBe(0);
      },
    },
  };
}

const order = (status: 1 | 2) => ({
  id: ORDER_ID,
  buyPoint: status,
  positionStatus: status,
  orderType: 0 as const,
  orderQuantity: 0.01,
  openingPrice: status === 2 ? ASK_T0 : LIMIT,
  currentPrice: status === 2 ? BID_T0 : ASK_T0,
  tradePair: SYMBOL,
});

export const specs: PathSpec[] = [
  spec({
    name: 'closeOrder (close)',
    demo: false,
    input: { order: order(2), demo: false, now: T0 },
    refusals: [409, 404],
  }),
  spec({
    name: 'closeOrder (close) after the countdown',
    demo: false,
    input: { order: { ...order(2), transactionTimeTs: T0 }, demo: false, now: T0 },
    refusals: [404],
  }),
  spec({
    name: 'closeOrder (cancel)',
    demo: false,
    input: { order: order(1), demo: false, now: T0 },
    refusals: [408],
  }),
  spec({
    name: 'closeOrder (demo cancel)',
    demo: true,
    input: { order: order(1), demo: true, now: T0 },
    refusals: [],
  }),
];
