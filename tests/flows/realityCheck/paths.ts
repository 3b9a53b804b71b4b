/**
 * The reality check against the simulator: a signed-in user who placed one
 * market order after the session began. Each reminder comes one interval of
 * simulator time after the last (the first on a whole interval since sign-in),
 * the summary is read from the server's lists (one trade, nothing realised),
 * and when every list fails (HTTP 500, forced) the dialog still opens, with
 * no summary. Log out ends the machine with `{ logout: true }`.
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  realityCheckMachine,
  type RealityCheckContext,
} from '../../../src/machines/realityCheck/machine.ts';
import { readSessionSummary } from '../../../src/machines/realityCheck/actors.ts';
import { noticesOf, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { T0 } from '../../support/sim.ts';

const EMAIL = 'reality@example.com';
const PASSWORD = 'secret123';
const INTERVAL = 30 * 60_000;
/** The session began this long before the machine starts (a reload mid-session). */
const INTO_SESSION = 10 * 60_000;

type Snap = ReturnType<(typeof realityCheckMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as RealityCheckContext;
const startedAt = (c: PathContext) => c.data.startedAt as number;

const summary = { elapsedMs: 0, tradesPlaced: 1, profitLoss: '0.00' };
const read = { type: 'xstate.done.actor.summarise', output: summary };
const unreadable = { type: 'xstate.error.actor.summarise', error: new Error('no lists') };

export const specs: PathSpec[] = [
  {
    name: 'realityCheck',
    machine: realityCheckMachine,
    // The session began at the world's start; the machine starts INTO_SESSION later (setup moves the clock).
    input: { intervalMs: INTERVAL, startedAt: T0, now: T0 + INTO_SESSION },
    // Whether the summary could be read is part of what the screen shows.
    serialize: (s) => JSON.stringify([s.value, ctx(s).summary === undefined]),
    maxSteps: 8,
    events: (s) => {
      if (s.matches('summarising')) return [read, unreadable];
      if (s.matches('showing')) return [{ type: 'reality.continue' }, { type: 'reality.logout' }];
      return [];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: EMAIL,
        password: PASSWORD,
        deposit: 10_000,
      });
      world.session.token = u.token;
      const began = world.clock.now();
      expect(began).toBe(T0);
      world.clock.advance(60_000);
      // A pending buy far below the market: placed, never filled.
      const r = await world.api.call('addOrder', {
        tradePair: 'BTCUSDT',
        price: 1000,
        stopPrice: null,
        takeProfitPprice: null,
        orderQuantity: 0.01,
        multiple: 20,
        orderType: 0,
        buyPoint: 1,
        token: world.session.token ?? '',
      });
      expect(r.code).toBe(0);
      world.clock.advance(INTO_SESSION - 60_000);
      return { uid: u.uid, startedAt: began };
    },
    provide: (c) =>
      realityCheckMachine.provide({
        actors: {
          summarise: fromPromise(async ({ input }: { input: { startedAt: number } }) => {
            // Reminders come 30 min apart, the token's lifetime: the app's session machine keeps
            // a fresh one (session.paths.ts tests that); a new sign-in stands for it here.
            const login = await c.world.api.call('login', {
              username: EMAIL,
              password: PASSWORD,
              type: 'E',
            });
            c.world.session.token = login.data?.token;
            return readSessionSummary(c.world.api, {
              startedAt: input.startedAt,
              now: () => c.world.clock.now(),
              demo: false,
            });
          }),
        },
      }),
    arrange(e, c) {
      if (e.type !== unreadable.type) return;
      // Every list the summary reads fails: the dialog opens without one.
      c.world.sim.backOffice.force({ call: 'userOrder', status: 500, times: 2 });
      c.world.sim.backOffice.force({ call: 'userOptionHistory', status: 500, times: 2 });
    },
    states: {
      waiting: (s, c) => {
        expect(s.hasTag('open')).toBe(false);
        const since = c.world.clock.now() - startedAt(c);
        // The next reminder falls on a whole interval since the session began.
        expect((since + ctx(s).nextMs) % INTERVAL).toBe(0);
      },
      summarising: (s) => {
        expect(s.hasTag('loading')).toBe(true);
        expect(s.hasTag('open')).toBe(false);
      },
      showing: (s, c) => {
        expect(s.hasTag('open')).toBe(true);
        const since = c.world.clock.now() - startedAt(c);
        expect(since % INTERVAL).toBe(0);
        const got = ctx(s).summary;
        if (got === undefined) return;
        // One order placed since sign-in, nothing closed: the server's lists, not a guess.
        expect(got).toEqual({ elapsedMs: since, tradesPlaced: 1, profitLoss: '0.00' });
      },
      loggedOut: (s, c) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ logout: true });
        expect(noticesOf(c)).toEqual(['log_out_success']);
      },
    },
  },
];
