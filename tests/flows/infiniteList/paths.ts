/**
 * The paged list against the simulator: the History list of a real account
 * with 25 closed orders (pages of 10, 10 and 5), and an empty demo list (its
 * Mock call). Pages are the server's; a failed response is a server error
 * (HTTP 500, forced: nothing else makes a good list call fail), answered
 * after a moment as over a network.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { infiniteListActors } from '../../../src/machines/shared/infiniteList/actors.ts';
import {
  infiniteListMachine,
  type InfiniteListInput,
} from '../../../src/machines/shared/infiniteList/machine.ts';
import { LIST_FAILURE_LIMIT, MANUAL_CLOSE_AFTER_MS } from '../../../src/config/constants.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof infiniteListMachine)['resolveState']>;

const CLOSED = 25;
const HISTORY = { positionStatus: 3, columns: ['closingTime'] };

const pageDone = (rows: number, pages: number) => ({
  type: 'xstate.done.actor.page',
  output: { code: 0, data: { list: Array.from({ length: rows }, () => ({})), pages } },
});
const pageFailed = { type: 'xstate.done.actor.page', output: { code: -1, data: null } };

interface Options {
  name: string;
  input: InfiniteListInput;
  /** Closed orders the account has. */
  closed: number;
}

/** The server's view of the list: the first `n` rows, in its order. */
async function serverRows(c: PathContext, o: Options, n: number): Promise<string[]> {
  if (n === 0) return [];
  const r = await c.world.api.call(o.input.demo ? 'userOrderMock' : 'userOrder', {
    ...HISTORY,
    page: 1,
    limit: n,
  });
  expect(r.code).toBe(0);
  return (r.data?.list ?? []).map((x) => x.id);
}
const ids = (s: Snap) => (s.context.items as Array<{ id: string }>).map((x) => x.id);

function spec(o: Options): PathSpec {
  const pages = Math.ceil(o.closed / 10);
  const rowsOf = (page: number) => Math.max(0, Math.min(10, o.closed - (page - 1) * 10));
  return {
    name: o.name,
    machine: infiniteListMachine,
    input: o.input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([s.value, c.page, c.pages, c.items.length, c.failures]);
    },
    events: (s) => {
      const snap = s as Snap;
      const c = snap.context;
      if (snap.matches('loading')) {
        const ok = pageDone(rowsOf(c.page + 1), pages);
        const tryFailure = c.page === 0 || (c.page === 1 && c.failures === 0);
        // A reload while the next page loads (an order closed meanwhile): it starts over.
        const reload = c.page === 1 && c.failures === 0 ? [{ type: 'list.reload' }] : [];
        return [...(tryFailure && o.closed > 0 ? [ok, pageFailed] : [ok]), ...reload];
      }
      if (snap.matches('idle'))
        return c.page >= 1 && c.failures === 0
          ? [{ type: 'list.more' }, { type: 'list.reload' }]
          : [{ type: 'list.more' }];
      return [{ type: 'list.reload' }];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'history@example.com',
        password: 'secret123',
        deposit: 10_000,
      });
      world.session.token = u.token;
      if (o.input.demo) world.session.token = (await world.api.call('switchUser')).data?.token;
      const placed: string[] = [];
      for (let i = 0; i < o.closed; i++) {
        const r = await world.api.call('addOrder', {
          tradePair: 'BTCUSDT',
          price: 0,
          stopPrice: null,
          takeProfitPprice: null,
          orderQuantity: 0.01,
          multiple: 20,
          orderType: 0,
          buyPoint: 2,
          token: u.token,
        });
        expect(r.code).toBe(0);
        placed.push(r.data as string);
      }
      world.clock.advance(MANUAL_CLOSE_AFTER_MS);
      for (const orderId of placed) {
        const r = await world.api.call('closeOrder', { orderId, token: u.token });
        expect(r.code).toBe(0);
      }
      return { uid: u.uid };
    },
    provide: (c) => infiniteListMachine.provide({ actors: infiniteListActors(c.world.api) }),
    arrange(e: EventObject, c) {
      if ((e as { output?: { code: number } }).output?.code !== -1) return;
      const bo = c.world.sim.backOffice;
      const call = o.input.demo ? 'userOrderMock' : 'userOrder';
      bo.delay({ call, ms: 1 });
      bo.force({ call, status: 500 });
      // The error comes back a moment later, as over a network: the simulator's clock
      // moves 1 ms on the first turn of the event loop after the request was made.
      const release = () => {
        if (bo.scenarios().delays.length > 0) return void setImmediate(release);
        c.world.clock.advance(1);
      };
      setImmediate(release);
    },
    states: {
      loading: (s) => {
        const c = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can({ type: 'list.more' })).toBe(false);
        expect(c.failures).toBeLessThanOrEqual(LIST_FAILURE_LIMIT);
      },
      idle: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.page).toBeLessThan(pages);
        // The items shown are the server's first pages, in its order, once each (after a
        // reload whose first page failed, the items shown before stay).
        const shown = ctx.page > 0 ? ctx.page * 10 : ctx.items.length;
        expect(ids(s as Snap)).toEqual(await serverRows(c, o, shown));
        if (ctx.page > 0) {
          reached('infiniteList.idle: ctx.page > 0');
          expect(ctx.pages).toBe(pages);
          expect(typeof ctx.totals.profitLossTotal).toBe('number');
          expect(typeof ctx.totals.profitLossToday).toBe('number');
        }
        if (ctx.failure !== undefined) {
          reached('infiniteList.idle: ctx.failure !== undefined');
          expect(ctx.failure).toBe(-1);
        }
      },
      ended: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('done')).toBe(true);
        expect(ctx.items).toHaveLength(o.closed);
        expect(ids(s as Snap)).toEqual(await serverRows(c, o, o.closed));
        expect(ctx.page).toBe(Math.max(1, pages));
      },
      stopped: (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('failed')).toBe(true);
        expect(ctx.failures).toBe(LIST_FAILURE_LIMIT + 1);
        expect(ctx.failure).toBe(-1);
        expect(s.can({ type: 'list.more' })).toBe(false);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec({
    name: 'infiniteList (history)',
    input: { call: 'userOrder', payload: HISTORY },
    closed: CLOSED,
  }),
  spec({
    name: 'infiniteList (empty demo history)',
    input: { call: 'userOrder', payload: HISTORY, demo: true },
    closed: 0,
  }),
];
