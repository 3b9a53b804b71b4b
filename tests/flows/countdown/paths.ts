/**
 * The resend countdown against the simulator's clock and its resend window:
 * every tick is a real second of simulator time, a countdown that began
 * with a code request keeps the server refusing a resend (1110) while it
 * runs, and once it ends the resend it offers is accepted (that resend is
 * what the restart after the end stands for).
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import {
  countdownMachine,
  type CountdownContext,
} from '../../../src/machines/shared/countdown/machine.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const EMAIL = 'newcomer@example.com';

type Snap = ReturnType<(typeof countdownMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as CountdownContext;

interface Run {
  /** Simulator time when the current countdown (re)started. */
  startedAt: number;
  /** The current countdown began with a code request (not a restart while running). */
  afterSend: boolean;
}
const run = (c: PathContext) => c.data.run as Run;

const resend = (c: PathContext) =>
  c.world.api.call('sendMail', { email: EMAIL, type: '1', locale: 'en' }, { noAlert: true });

export const specs: PathSpec[] = [
  {
    name: 'countdown',
    machine: countdownMachine,
    input: {},
    maxSteps: 70,
    serialize: (s) => JSON.stringify([s.value, ctx(s).secondsLeft]),
    events: (s) => {
      const left = ctx(s).secondsLeft;
      // Restarts at a few points are enough: every second behaves alike.
      return s.matches('done') || left === 30 || left === 1 ? [{ type: 'countdown.restart' }] : [];
    },
    async setup(world) {
      // The countdown stands for this request: both start now.
      const r = await world.api.call('sendMail', { email: EMAIL, type: '1', locale: 'en' });
      expect(r.code).toBe(0);
      return { run: { startedAt: world.clock.now(), afterSend: true } satisfies Run };
    },
    provide: () => countdownMachine,
    resolve(e: EventObject, c, snap) {
      if (e.type === 'countdown.restart') {
        run(c).startedAt = c.world.clock.now();
        // A restart after the end follows the resend the done state made.
        run(c).afterSend = (snap as Snap).matches('done');
      }
      return e;
    },
    states: {
      running: async (s, c) => {
        const { secondsLeft } = ctx(s);
        expect(s.hasTag('canResend')).toBe(false);
        expect(secondsLeft).toBeGreaterThan(0);
        // Each tick was one second of simulator time.
        expect(c.world.clock.now() - run(c).startedAt).toBe((RESEND_SECONDS - secondsLeft) * 1000);
        if (run(c).afterSend) {
          reached('countdown.running: run(c).afterSend');
          expect((await resend(c)).code).toBe(1110);
        }
      },
      done: async (s, c) => {
        expect(ctx(s).secondsLeft).toBe(0);
        expect(s.hasTag('canResend')).toBe(true);
        expect(c.world.clock.now() - run(c).startedAt).toBe(RESEND_SECONDS * 1000);
        // The resend link's request is accepted: the server's window is over too.
        expect((await resend(c)).code).toBe(0);
        expect(c.world.sim.backOffice.lastCode(EMAIL)).toMatch(/^\d{6}$/);
      },
    },
  },
];
