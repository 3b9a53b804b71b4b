/**
 * Change password against the simulator: a real account, the real old
 * password or a wrong one (1109 for real), and a real end of every session
 * on success (the old token is refused, the new password signs in).
 */
import { expect } from 'vitest';
import { passwordActors } from '../../../src/machines/password/actors.ts';
import { passwordMachine, type PasswordContext } from '../../../src/machines/password/machine.ts';
import { session, setSession } from '../../../src/state/session.ts';
import { noticesOf, reached, type PathSpec } from '../../paths/framework.ts';

const EMAIL = 'pat@example.com';
const PASSWORD = 'secret123';
const WRONG = 'wrongpass1';
const NEW = 'newpass99';
const MISMATCH = 'other9999';
const SHORT = 'short';

type Snap = ReturnType<(typeof passwordMachine)['resolveState']>;

const oldClass = (v: string) =>
  v === '' ? 'empty' : v === PASSWORD ? 'right' : v === WRONG ? 'wrong' : 'short';
const newClass = (v: string) => (v === '' ? 'empty' : v === NEW ? 'new' : 'short');
const repeatClass = (c: PasswordContext) =>
  c.repeat === '' ? 'empty' : c.repeat === c.password ? 'match' : 'mismatch';

const ok = { type: 'xstate.done.actor.submitPassword', output: { code: 0, data: null } };
const wrongOld = { type: 'xstate.done.actor.submitPassword', output: { code: 1109, data: null } };

export const specs: PathSpec[] = [
  {
    name: 'password',
    machine: passwordMachine,
    input: { locale: 'en' },
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        oldClass(c.old),
        newClass(c.password),
        repeatClass(c),
        Object.keys(c.errors).filter((k) => c.errors[k as keyof typeof c.errors]).length > 0,
        c.failure ?? null,
      ]);
    },
    // Each field is filled once (and the old one again after a refusal): a small graph.
    events: (s) => {
      const c = (s as Snap).context;
      if (s.value === 'submitting') return oldClass(c.old) === 'right' ? [ok] : [wrongOld];
      if (s.value !== 'editing') return [];
      const field = (f: 'old' | 'password' | 'repeat', value: string) => ({
        type: 'field.change',
        field: f,
        value,
      });
      return [
        ...(c.old === ''
          ? [field('old', PASSWORD), field('old', WRONG), field('old', SHORT)]
          : c.failure === 1109 && c.old === WRONG
            ? [field('old', PASSWORD)]
            : []),
        ...(c.password === '' ? [field('password', NEW), field('password', SHORT)] : []),
        ...(c.repeat === '' && c.password !== ''
          ? [field('repeat', c.password), field('repeat', MISMATCH)]
          : []),
        { type: 'form.submit' },
      ];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({ email: EMAIL, password: PASSWORD });
      // Signed in: the client's token and the app's session store.
      world.session.token = u.token;
      setSession(u.token);
      return { uid: u.uid, token: u.token };
    },
    provide: (c) => passwordMachine.provide({ actors: passwordActors(c.world.api) }),
    states: {
      editing: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(noticesOf(c)).toEqual([]);
        // Still signed in on the server, the same session.
        expect((await c.world.api.call('sessionCheck')).code).toBe(0);
        expect(session.token).toBe(c.data.token);
        if (ctx.failure === 1109) {
          reached('password.editing: ctx.failure === 1109');
          expect(c.world.toasts.at(-1)).toMatch(/Wrong old password \(code 1109\)/);
        }
        for (const [k, v] of Object.entries(ctx.errors)) {
          if (!v) continue;
          if (k === 'repeat') {
            reached("password.editing: k === 'repeat'");
            expect(v).toBe('confirmPsdTip');
          } else {
            reached("password.editing: not (k === 'repeat')");
            expect(v).toBe('password_limit');
          }
        }
      },
      submitting: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        const ctx = (s as Snap).context;
        expect(ctx.errors).toEqual({});
        expect(ctx.old.length).toBeGreaterThanOrEqual(7);
        expect(ctx.password).toBe(ctx.repeat);
      },
      done: async (s, c) => {
        expect(s.hasTag('done')).toBe(true);
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ to: '/login' });
        expect(c.emitted).toEqual([
          { type: 'notice', key: 'tips.update_success', kind: 'success' },
        ]);
        // The session is over here and on the server.
        expect(session.token).toBeUndefined();
        const info = await c.world.api.call('userInfo', undefined, { noAlert: true });
        expect(info.fault).toBe('unauthorized');
        // The new password is the one that signs in now.
        const login = await c.world.api.call('login', {
          username: EMAIL,
          password: NEW,
          type: 'E',
        });
        expect(login.code).toBe(0);
        expect(login.data?.token).toBeTruthy();
      },
    },
  },
];
