/**
 * Option settlement against the simulator: a real option is placed at T0 on
 * a real account, then the machine watches it. The client's clock runs ahead
 * of the server's (the machine starts near or after endTime while the server
 * is at T0), which is what makes "not complete yet" a real answer; a check
 * that answers "complete" is arranged by letting the server reach endTime.
 * An unreadable result is real too: the user switched to the demo account
 * meanwhile, and the real option is not on that book (402). Nothing is forced.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { optionSettlementActors } from '../../../src/machines/optionSettlement/actors.ts';
import {
  optionSettlementMachine,
  progressOf,
  SETTLEMENT_FAILURE,
  type OptionSettlementInput,
} from '../../../src/machines/optionSettlement/machine.ts';
import { SETTLE_TRIES_LIST, SETTLE_TRIES_PLACE } from '../../../src/config/constants.ts';
import { T0 } from '../../support/sim.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof optionSettlementMachine)['resolveState']>;

const SYMBOL = 'BTCUSDT';
/** The option's key: the simulator's ids are deterministic (checked in setup). */
const OPTION_UID = '1002';

const ok = <D>(data: D) => ({ code: 0, data });
const checkDone = (completed: boolean) => ({
  type: 'xstate.done.actor.check',
  output: ok({ completed }),
});
const resultOk = {
  type: 'xstate.done.actor.result',
  output: ok({ uid: OPTION_UID, completeTime: T0 + 30_000, positionStatus: 1 }),
};
const resultFailed = { type: 'xstate.done.actor.result', output: { code: 402, data: null } };

interface Options {
  name: string;
  input: OptionSettlementInput;
  /** Checks offered "complete" only up to this many tries (keeps the graph a line). */
  completeUpTo: number;
}

const uidOf = (c: PathContext) => c.data.uid as string;
const optionOf = (c: PathContext) =>
  c.world.sim.backOffice.tradingOptions(uidOf(c)).find((o) => o.uid === OPTION_UID);

function spec(o: Options): PathSpec {
  const { endTime, timeLong, view } = o.input;
  return {
    name: o.name,
    machine: optionSettlementMachine,
    input: o.input,
    maxSteps: 2 * SETTLE_TRIES_LIST + 10,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([s.value, c.remaining, c.tries, !!c.result, c.error ?? null]);
    },
    events: (s) => {
      const snap = s as Snap;
      const c = snap.context;
      if (snap.matches({ settling: 'checking' }))
        return c.tries <= o.completeUpTo ? [checkDone(true), checkDone(false)] : [checkDone(false)];
      if (snap.matches({ settling: 'fetching' })) return [resultOk, resultFailed];
      return [];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'settle@example.com',
        password: 'secret123',
        deposit: 1000,
      });
      world.session.token = u.token;
      const q = world.sim.ctx.prices.quote(SYMBOL, world.clock.now(), 0, 1);
      const r = await world.api.call('addOrderOption', {
        tradePair: SYMBOL,
        optionsProductId: '1',
        price: q.price,
        timeLong,
        btime: q.lastUpdate,
        rate: timeLong === 30 ? 80 : 85,
        amount: 10,
        orderType: 0,
        token: u.token,
      });
      expect(r.code).toBe(0);
      expect(r.data).toEqual({ uid: OPTION_UID, beginTime: T0 });
      expect(T0 + timeLong * 1000).toBe(endTime);
      // A demo-account token of the same user, for switching accounts mid-settlement.
      const demo = await world.api.call('switchUser');
      expect(demo.code).toBe(0);
      return { uid: u.uid, token: u.token, demoToken: demo.data?.token };
    },
    provide: (c) =>
      optionSettlementMachine.provide({ actors: optionSettlementActors(c.world.api) }),
    arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number; data: { completed?: boolean } | null } }).output;
      if (e.type === 'xstate.done.actor.check') {
        reached("optionSettlement.arrange: e.type === 'xstate.done.actor.check'");
        // "Complete": the server reaches endTime. "Not yet": it really is before it.
        if (out?.data?.completed) c.world.clock.set(Math.max(c.world.clock.now(), endTime));
        else {
          reached('optionSettlement.arrange: not (out?.data?.completed)');
          expect(c.world.clock.now()).toBeLessThan(endTime);
        }
      }
      // Switched to the demo account (calls already on their way keep the real token).
      if (e.type === 'xstate.done.actor.result' && out?.code !== 0)
        c.world.session.token = c.data.demoToken as string;
    },
    states: {
      running: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('running')).toBe(true);
        expect(ctx.remaining).toBeGreaterThan(0);
        expect(ctx.progress).toBe(progressOf(ctx.remaining, timeLong));
        expect(ctx.progress).toBeGreaterThan(0);
        expect(ctx.progress).toBeLessThanOrEqual(100);
        expect(optionOf(c)?.positionStatus).toBe(0);
      },
      settling: (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('settling') && s.hasTag('loading')).toBe(true);
        expect(ctx.progress).toBe(0);
        expect(ctx.result).toBeNull();
        expect(ctx.maxTries).toBe(view === 'place' ? SETTLE_TRIES_PLACE : SETTLE_TRIES_LIST);
      },
      'settling.waiting': (s) => expect((s as Snap).context.tries).toBe(0),
      'settling.checking': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.tries).toBeGreaterThan(0);
        expect(ctx.tries).toBeLessThanOrEqual(ctx.maxTries);
      },
      'settling.pausing': (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.tries).toBeLessThan(ctx.maxTries);
        // The last check said "not yet", and the server agrees.
        expect(optionOf(c)?.positionStatus).toBe(0);
        expect(c.world.clock.now()).toBeLessThan(endTime);
      },
      'settling.fetching': (s, c) => {
        // The server has passed endTime: the option settles when asked.
        expect(c.world.clock.now()).toBeGreaterThanOrEqual(endTime);
        expect((s as Snap).context.tries).toBeGreaterThan(0);
      },
      settled: (s, c) => {
        const ctx = (s as Snap).context;
        const real = optionOf(c)!;
        expect(real.positionStatus).toBe(1);
        expect(ctx.result).toEqual(real);
        expect(ctx.result?.completeTime).not.toBeNull();
        expect(s.output).toEqual({ kind: 'settled', result: real });
      },
      failed: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.error).toBe(SETTLEMENT_FAILURE);
        expect(s.output).toEqual({
          kind: 'failed',
          goTo: view === 'place' ? 'history' : 'position',
        });
        // Either the tries ran out before the server's endTime, or the result could not be read.
        if (ctx.tries === ctx.maxTries && c.world.clock.now() < endTime) {
          reached(
            'optionSettlement.failed: ctx.tries === ctx.maxTries && c.world.clock.now() < endTime',
          );
          expect(optionOf(c)?.positionStatus).toBe(0);
        } else {
          reached(
            'optionSettlement.failed: not (ctx.tries === ctx.maxTries && c.world.clock.now() < endTime)',
          );
          expect(c.world.session.token).toBe(c.data.demoToken);
          const r = await c.world.api.call('userOptionDetail', { uid: OPTION_UID });
          expect(r.code).toBe(402);
        }
      },
    },
  };
}

export const specs: PathSpec[] = [
  // Place view, 30 s option: the client counts its last 400 ms while the server is at T0.
  spec({
    name: 'optionSettlement (place view)',
    input: { uid: OPTION_UID, endTime: T0 + 30_000, timeLong: 30, now: T0 + 29_600, view: 'place' },
    completeUpTo: SETTLE_TRIES_PLACE,
  }),
  // List view, 60 s option watched after its end: 40 checks span 59.5 s, all before the server's end.
  spec({
    name: 'optionSettlement (list view)',
    input: { uid: OPTION_UID, endTime: T0 + 60_000, timeLong: 60, now: T0 + 60_000, view: 'list' },
    completeUpTo: 1,
  }),
];
