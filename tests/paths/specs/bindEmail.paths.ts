/**
 * Bind e-mail against the simulator: a phone-registered user binds a free
 * address for real, a taken address answers 1045 and binding a second free
 * address replaces the first, for real; an e-mail-registered user and a site with binding off are sent
 * away. A user-info failure is forced (1012: a transient query failure has
 * no user-made cause), so that the retry can succeed.
 */
import { expect } from 'vitest';
import {
  bindEmailActors,
  bindEmailMachine,
  type BindEmailContext,
} from '../../../src/machines/bindEmailMachine.ts';
import type { PathContext, PathSpec } from '../framework.ts';

const PASSWORD = 'secret123';
const PHONE = '14155552671';
const FREE = 'new@example.com';
const SECOND = 'second@example.com';
const TAKEN = 'taken@example.com';
const BAD = 'not-an-email';

type Snap = ReturnType<(typeof bindEmailMachine)['resolveState']>;

const cls = (v: string) =>
  ({ '': 'empty', [FREE]: 'free', [SECOND]: 'second', [TAKEN]: 'taken', [BAD]: 'bad' })[v] ??
  'other';

const MAIL_USER = 'mail@example.com';
/** User info as the server sends it for each kind of user (what the graph needs of it). */
const infoOk = (kind: Kind) => ({
  type: 'xstate.done.actor.loadUser',
  output: {
    code: 0,
    data: kind === 'email' ? { registerType: 'E', email: MAIL_USER } : { registerType: 'P' },
  },
});
const infoFailed = { type: 'xstate.done.actor.loadUser', output: { code: 1012, data: null } };

/** What the server will answer for the address in the form. */
function submitOutcome(c: BindEmailContext) {
  const code = c.email === TAKEN ? 1045 : 0;
  return { type: 'xstate.done.actor.submitEmail', output: { code, data: null } };
}

const userOf = async (c: PathContext) => {
  const r = await c.world.api.call('userInfo');
  expect(r.code).toBe(0);
  return r.data!;
};

type Kind = 'phone' | 'email' | 'off';

function spec(name: string, kind: Kind): PathSpec {
  return {
    name: `bindEmail (${name})`,
    machine: bindEmailMachine,
    input: { enabled: kind !== 'off' },
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        cls(c.email),
        cls(c.current),
        c.errors.email ?? null,
        c.failure ?? null,
        c.notice?.key ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      switch (s.value) {
        case 'loading':
          return c.failure === undefined ? [infoOk(kind), infoFailed] : [infoOk(kind)];
        case 'failed':
          return [{ type: 'info.reload' }];
        case 'submitting':
          return [submitOutcome(c)];
        case 'editing': {
          const values = c.current === '' ? [FREE, TAKEN, BAD, ''] : [SECOND];
          return [
            ...values
              .filter((v) => v !== c.email)
              .map((value) => ({ type: 'field.change', field: 'email', value })),
            { type: 'form.submit' },
          ];
        }
        default:
          return [];
      }
    },
    async setup(world) {
      const bo = world.sim.backOffice;
      await bo.seedUser({ email: TAKEN, password: PASSWORD });
      const u =
        kind === 'email'
          ? await bo.seedUser({ email: MAIL_USER, password: PASSWORD })
          : await bo.seedUser({ phone: PHONE, password: PASSWORD });
      if (kind === 'off') bo.setFlag('user/bindEmail', false);
      world.session.token = u.token;
      return { uid: u.uid };
    },
    provide: (c) => bindEmailMachine.provide({ actors: bindEmailActors(c.world.api) }),
    arrange(e, c) {
      const out = (e as { output?: { code: number } }).output;
      if (e.type === 'xstate.done.actor.loadUser' && out?.code === 1012) {
        c.world.sim.backOffice.force({ call: 'userInfo', code: 1012 });
      }
    },
    states: {
      loading: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.registerType).toBeUndefined();
      },
      failed: (s, c) => {
        expect((s as Snap).context.failure).toBe(1012);
        expect(c.world.toasts.at(-1)).toMatch(/\[1012\]/);
      },
      editing: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(kind).toBe('phone');
        expect(ctx.registerType).toBe('P');
        const u = await userOf(c);
        // The current e-mail is the server's.
        expect(ctx.current).toBe(u.email ?? '');
        // Submit is possible only for a changed address.
        expect(s.can({ type: 'form.submit' })).toBe(ctx.email.trim() !== ctx.current);
        if (ctx.errors.email) expect(ctx.errors.email).toBe('wrong_email');
        if (ctx.notice) {
          expect(ctx.notice).toEqual({ key: 'tips.update_success', kind: 'success' });
          expect(u.email).toBe(ctx.current);
        }
        if (ctx.failure === 1045) {
          expect(c.world.toasts.at(-1)).toMatch(/\[1045\]/);
          expect(u.email).toBeUndefined();
        }
      },
      submitting: (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx.errors).toEqual({});
        expect(ctx.email).not.toBe(ctx.current);
      },
      sentAway: async (s, c) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ to: '/user' });
        const u = await userOf(c);
        if (kind === 'email') expect(u.registerType).toBe('E');
        else {
          expect(kind).toBe('off');
          expect(c.world.sim.backOffice.flags()['user/bindEmail']).toBe(false);
          // The server refuses too.
          const r = await c.world.api.call('bindEmailSubmit', { email: FREE }, { noAlert: true });
          expect(r.code).toBe(23523);
        }
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec('phone user', 'phone'),
  spec('e-mail user', 'email'),
  spec('binding off', 'off'),
];
