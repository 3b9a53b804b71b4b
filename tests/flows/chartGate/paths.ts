/**
 * The chart's Buy / Sell gate against the simulator, in market and option
 * mode, signed in and as a visitor. Every outcome is a real market condition
 * set by the back office: BTCUSDT's hours (closed, or pre-market for
 * early_trading), its trade status, an unknown symbol (604). The anonymous
 * market calls answer within the same turn of the event loop in process, so
 * each gate check is given a network's moment of latency (the reply waits for
 * the next turn): a press while the check is still loading is then what it is
 * in the app.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { chartGateActors } from '../../../src/machines/chartGate/actors.ts';
import {
  chartGateMachine,
  NOT_TRADE_MESSAGE,
  type ChartGateInput,
} from '../../../src/machines/chartGate/machine.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof chartGateMachine)['resolveState']>;

const SYMBOL = 'BTCUSDT';
const CLOSED_HOURS = { start: {}, close: {} };
/** T0 is a Wednesday 10:00 in New York: pre-market from midnight, the session only at 23:00. */
const EARLY_HOURS = {
  start: { '3': '23:00:00' },
  close: { '3': '23:59:59' },
  early: { '3': '00:00:00' },
};

type Kind = 'open' | 'closed' | 'early' | 'notTradable' | 'failed';
const ok = <D>(data: D) => ({ code: 0, data });
const gateDone = (kind: Kind, mode: ChartGateInput['mode'], symbol = SYMBOL) => {
  const tradeStatus = kind === 'notTradable' ? 0 : 1;
  const status =
    kind === 'failed'
      ? { code: 604, data: null }
      : ok(kind === 'closed' ? 'closed' : kind === 'early' ? 'early_trading' : 'open');
  return {
    type: 'xstate.done.actor.gate',
    output:
      mode === 'market'
        ? {
            symbol,
            mode,
            status,
            quote: kind === 'failed' ? { code: 604, data: null } : ok({ tradeStatus }),
          }
        : {
            symbol,
            mode,
            status,
            product: ok({
              optionsProducts: kind === 'failed' ? [] : [{ productCode: symbol, tradeStatus }],
            }),
          },
  };
};
const kindOf = (e: EventObject): Kind | undefined => {
  if (e.type !== 'xstate.done.actor.gate') return undefined;
  const out = (e as unknown as { output: ReturnType<typeof gateDone>['output'] }).output;
  if (out.status.code !== 0) return 'failed';
  if (out.status.data === 'closed') return 'closed';
  if (out.status.data === 'early_trading') return 'early';
  const p = 'quote' in out ? out.quote?.data : out.product?.data?.optionsProducts[0];
  return p?.tradeStatus === 0 ? 'notTradable' : 'open';
};

/**
 * Hold the next gate check's reply for a moment, once per check: the reply
 * waits on the simulator's clock, which moves by 1 ms on the first turn of the
 * event loop after the request was made.
 */
function latency(c: PathContext, mode: ChartGateInput['mode']): void {
  if (c.data.armed) return;
  c.data.armed = true;
  const bo = c.world.sim.backOffice;
  // Both calls of a check answer after the moment, as the server is then.
  bo.delay({ call: 'marketStatus', ms: 1 });
  bo.delay({ call: mode === 'market' ? 'thumb' : 'findOptionsProduct', ms: 1 });
  const release = () => {
    if (bo.scenarios().delays.length > 0) return void setImmediate(release);
    c.data.armed = false;
    c.world.clock.advance(1);
  };
  setImmediate(release);
}

interface Options {
  name: string;
  input: ChartGateInput;
}

function spec(o: Options): PathSpec {
  const { mode, loggedIn, symbol } = o.input;
  const outcomes: Kind[] =
    symbol === SYMBOL ? ['open', 'closed', 'early', 'notTradable'] : ['failed'];
  const tradeStatusNow = (c: PathContext) => c.world.sim.ctx.products.tradeStatus(SYMBOL);
  const statusNow = (c: PathContext) => c.world.sim.ctx.prices.status(SYMBOL, c.world.clock.now());
  return {
    name: o.name,
    machine: chartGateMachine,
    input: o.input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.status,
        c.tradeStatus,
        Math.min(c.refusals, 2),
        Math.min(c.goSeq, 2),
        c.go?.direction ?? null,
      ]);
    },
    events: (s) => {
      const snap = s as Snap;
      const c = snap.context;
      if (snap.matches('loading')) {
        const done = outcomes.map((k) => gateDone(k, mode, symbol));
        // A press while a refresh is loading (the first check is not pressed on: it has no latency yet).
        return c.status === 'open' && c.refusals === 0 && c.goSeq === 0
          ? [...done, { type: 'trade.request', direction: 0 }]
          : done;
      }
      if (snap.matches('open'))
        return c.goSeq < 2 && c.refusals < 2
          ? [
              { type: 'trade.request', direction: 0 },
              { type: 'trade.request', direction: 1 },
            ]
          : [];
      if (snap.matches('failed')) return [{ type: 'gate.retry' }];
      return [];
    },
    async setup(world) {
      if (!loggedIn) return {};
      const u = await world.sim.backOffice.seedUser({
        email: 'chart@example.com',
        password: 'secret123',
      });
      world.session.token = u.token;
      return { uid: u.uid };
    },
    provide: (c) => chartGateMachine.provide({ actors: chartGateActors(c.world.api) }),
    // What a press should do where it is made: the model the states are checked against.
    resolve(e, c, snap) {
      if (e.type !== 'trade.request') return e;
      const direction = (e as EventObject & { direction: 0 | 1 }).direction;
      // The message this press shows, if any (checked, then forgotten, by the state it stays in).
      if ((snap as Snap).matches('loading')) c.data.said = [NOT_TRADE_MESSAGE];
      else if (!loggedIn) c.data.said = ['tips.login_required'];
      else c.data.go = { route: mode === 'market' ? 'place' : 'placeOption', direction };
      return e;
    },
    arrange(e: EventObject, c) {
      const bo = c.world.sim.backOffice;
      if (e.type.startsWith('xstate.after.infoRefresh')) latency(c, mode);
      const kind = kindOf(e);
      if (!kind) return;
      latency(c, mode);
      if (kind === 'failed') return;
      bo.setHours(
        SYMBOL,
        kind === 'closed' ? CLOSED_HOURS : kind === 'early' ? EARLY_HOURS : undefined,
      );
      bo.setTradeStatus(SYMBOL, kind === 'notTradable' ? 0 : 1);
    },
    states: {
      loading: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('blocked')).toBe(true);
        expect(s.hasTag('tradable')).toBe(false);
        // A press while loading shows the message and goes nowhere.
        expect(noticesOf(c)).toEqual(c.data.said ?? []);
        c.data.said = [];
        expect(ctx.go).toEqual(c.data.go);
      },
      open: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('tradable')).toBe(true);
        expect(statusNow(c)).toBe('open');
        expect(tradeStatusNow(c)).toBe(1);
        // A signed-in press opens the place route of the mode; a visitor is asked to sign in.
        expect(noticesOf(c)).toEqual(c.data.said ?? []);
        c.data.said = [];
        expect(ctx.go).toEqual(c.data.go);
        if (!loggedIn) {
          reached('chartGate.open: !loggedIn');
          expect(ctx.goSeq).toBe(0);
        }
      },
      historyOnly: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('disabled') && s.hasTag('historyOnly')).toBe(true);
        expect(['closed', 'early_trading']).toContain(ctx.status);
        expect(statusNow(c)).toBe(ctx.status);
      },
      notTradable: (s, c) => {
        expect(s.hasTag('disabled')).toBe(true);
        expect(mode).toBe('market');
        expect((s as Snap).context.tradeStatus).toBe(0);
        expect(tradeStatusNow(c)).toBe(0);
        expect(statusNow(c)).toBe('open');
      },
      failed: async (s, c) => {
        expect(s.hasTag('disabled')).toBe(true);
        expect((s as Snap).context.failure).toBe(604);
        expect((await c.world.api.call('thumb', { symbol })).code).toBe(604);
      },
      closed: (s, c) => {
        expect(mode).toBe('option');
        expect(noticesOf(c)).toEqual(['index.closed']);
        expect(s.output).toEqual({ kind: 'back' });
        expect(tradeStatusNow(c)).toBe(0);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec({ name: 'chartGate (market)', input: { symbol: SYMBOL, mode: 'market', loggedIn: true } }),
  spec({ name: 'chartGate (option)', input: { symbol: SYMBOL, mode: 'option', loggedIn: true } }),
  spec({ name: 'chartGate (visitor)', input: { symbol: SYMBOL, mode: 'market', loggedIn: false } }),
  spec({
    name: 'chartGate (unknown symbol)',
    input: { symbol: 'NOPE', mode: 'market', loggedIn: false },
  }),
];
