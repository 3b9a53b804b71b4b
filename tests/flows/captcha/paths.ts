/**
 * The image captcha against the simulator: real images and uuids the server
 * knows (their text is what the back office reads off the picture), the 3 s
 * cooldown in simulator seconds with the high-request message, and 23554
 * forced (the simulator always manages to draw a captcha).
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import {
  captchaMachine,
  type CaptchaContext,
} from '../../../src/machines/shared/captcha/machine.ts';
import { captchaActors } from '../../../src/machines/shared/captcha/actors.ts';
import { CAPTCHA_COOLDOWN_MS } from '../../../src/config/constants.ts';
import { t } from '../../support/i18n.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { reached, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof captchaMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as CaptchaContext;

const loaded = {
  type: 'xstate.done.actor.getImageCode',
  output: { code: 0, data: 'data:image/svg+xml,x', reply: { code: 0, data: '', uuid: 'u' } },
};
const refused = {
  type: 'xstate.done.actor.getImageCode',
  output: { code: 23554, data: null, reply: { code: 23554, data: null } },
};

export const specs: PathSpec[] = [
  {
    name: 'captcha',
    machine: captchaMachine,
    serialize: (s) => {
      const c = ctx(s);
      return JSON.stringify([s.value, c.secondsLeft, c.message ?? '', c.failure ?? 0]);
    },
    events: (s) => {
      if (s.matches('loading')) return [loaded, refused];
      if (s.matches({ ready: 'cooling' }))
        return [{ type: 'captcha.refresh' }, { type: 'captcha.reload' }];
      return [{ type: 'captcha.refresh' }];
    },
    provide: (c) => {
      const gates = createGates();
      c.data.gates = gates;
      return captchaMachine.provide({
        actors: {
          getImageCode: gates.hold('getImageCode', captchaActors(c.world.api).getImageCode),
        },
      });
    },
    arrange(e: EventObject, c) {
      if (e.type !== 'xstate.done.actor.getImageCode') return;
      c.data.requestedAt = c.world.clock.now();
      const out = (e as EventObject & { output: { code: number } }).output;
      // Drawing a captcha never fails in the simulator: the path wants the refusal.
      if (out.code === 23554) c.world.sim.backOffice.force({ call: 'getImageCode', code: 23554 });
    },
    states: {
      loading: async (s, c) => {
        await (c.data.gates as Gates).release('getImageCode');
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx(s).message).toBeUndefined();
      },
      ready: (s, c) => {
        const { image, uuid, failure } = ctx(s);
        expect(image).toMatch(/^data:image\/svg\+xml,/);
        // A captcha the server issued: its text is on record, four glyphs.
        expect(c.world.sim.backOffice.captchaText(uuid as string)).toMatch(/^[A-Z2-9]{4}$/);
        expect(failure).toBeUndefined();
      },
      'ready.cooling': (s, c) => {
        const { secondsLeft, message } = ctx(s);
        expect(secondsLeft).toBeGreaterThan(0);
        // The cooldown is counted in simulator seconds from the image shown.
        const elapsed = c.world.clock.now() - (c.data.requestedAt as number);
        expect(elapsed).toBe(CAPTCHA_COOLDOWN_MS - secondsLeft * 1000);
        if (message) {
          reached('captcha.ready.cooling: message');
          expect(message).toBe('tips.high_request');
          expect(t(message)?.replace('{{second}}', String(secondsLeft))).toContain(
            `after ${secondsLeft} seconds`,
          );
        }
      },
      'ready.free': (s, c) => {
        expect(ctx(s).secondsLeft).toBe(0);
        expect(ctx(s).message).toBeUndefined();
        expect(c.world.clock.now() - (c.data.requestedAt as number)).toBe(CAPTCHA_COOLDOWN_MS);
      },
      failed: (s, c) => {
        const { failure, uuid, image } = ctx(s);
        expect(s.hasTag('failed')).toBe(true);
        expect(failure).toBe(23554);
        expect(uuid).toBeUndefined();
        expect(image).toBeUndefined();
        expect(c.world.toasts.at(-1)).toBe('Failed to get image verification code (code 23554)');
      },
    },
  },
];
