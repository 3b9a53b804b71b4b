/**
 * Sign in against the simulator: real accounts (by e-mail and by phone), a
 * real second-factor code read from the outbox, 1108 forced where the
 * credentials are right but the path wants a refusal.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { loginMachine, type LoginContext } from '../../../src/machines/login/machine.ts';
import { loginActors } from '../../../src/machines/login/actors.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const EMAIL = 'ann@example.com';
const PHONE = '+1 415 555 2671';
const PASSWORD = 'secret123';
/** Stands for "the code the server just sent"; resolved from the outbox at run time. */
const RIGHT_CODE = '111111';
const WRONG_CODE = '000000';

type Snap = ReturnType<(typeof loginMachine)['resolveState']>;

const userClass = (c: LoginContext) =>
  c.username === '' ? 'empty' : c.username === EMAIL || c.username === PHONE ? 'account' : 'other';
const codeClass = (code: string) =>
  code === '' ? 'empty' : code === WRONG_CODE ? 'wrong' : code.length === 6 ? 'right' : 'short';
/** The login of the account in context (e-mail or phone user). */
const accountUid = (c: PathContext, ctx: LoginContext) =>
  (ctx.type === 'P' ? c.data.phoneUid : c.data.emailUid) as string;

const signInOk = {
  type: 'xstate.done.actor.signIn',
  output: { code: 0, data: { token: 'T', refreshToken: 'R' } },
};
const signInTwoFactor = {
  type: 'xstate.done.actor.signIn',
  output: { code: 0, data: { qrcodeStatus: 0 } },
};
const signInRefused = { type: 'xstate.done.actor.signIn', output: { code: 1108, data: null } };
const verifyOk = {
  type: 'xstate.done.actor.verify',
  output: { code: 0, data: { token: 'T', refreshToken: 'R' } },
};
const verifyRefused = { type: 'xstate.done.actor.verify', output: { code: 1020, data: null } };

export const specs: PathSpec[] = [
  {
    name: 'login',
    machine: loginMachine,
    input: { phoneEnabled: true },
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.type,
        userClass(c),
        c.password === PASSWORD ? 'pw' : c.password ? 'other' : 'empty',
        codeClass(c.code),
        Object.keys(c.errors).filter((k) => c.errors[k as keyof typeof c.errors]),
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const account = c.type === 'P' ? PHONE : EMAIL;
      switch (JSON.stringify(s.value)) {
        case '"credentials"':
          return [
            { type: 'field.change', field: 'username', value: account },
            { type: 'field.change', field: 'username', value: 'not-an-account' },
            { type: 'field.change', field: 'password', value: PASSWORD },
            { type: 'field.change', field: 'password', value: '' },
            { type: 'type.change', value: c.type === 'E' ? 'P' : 'E' },
            { type: 'remember.toggle' },
            { type: 'rememberPassword.toggle' },
            { type: 'form.submit' },
          ];
        case '"signingIn"':
          return [signInOk, signInTwoFactor, signInRefused];
        case '"secondFactor"':
          return [
            { type: 'field.change', field: 'code', value: RIGHT_CODE },
            { type: 'field.change', field: 'code', value: WRONG_CODE },
            { type: 'field.change', field: 'code', value: '12' },
            { type: 'form.submit' },
            { type: 'back' },
          ];
        case '"verifying"':
          return codeClass(c.code) === 'right' ? [verifyOk, verifyRefused] : [verifyRefused];
        default:
          return [];
      }
    },
    async setup(world) {
      const a = await world.sim.backOffice.seedUser({ email: EMAIL, password: PASSWORD });
      const p = await world.sim.backOffice.seedUser({ phone: '14155552671', password: PASSWORD });
      return { emailUid: a.uid, phoneUid: p.uid };
    },
    provide: (c) => loginMachine.provide({ actors: loginActors(c.world.api) }),
    resolve(e: EventObject, c, snap) {
      const ev = e as EventObject & { field?: string; value?: string };
      if (ev.field === 'code' && ev.value === RIGHT_CODE) {
        reached("login.resolve: ev.field === 'code' && ev.value === RIGHT_CODE");
        const code = c.world.sim.backOffice.lastCode(accountUid(c, (snap as Snap).context));
        expect(code, 'a second-factor code was sent').toMatch(/^\d{6}$/);
        return { ...ev, value: code };
      }
      return e;
    },
    arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number; data: { qrcodeStatus?: number } | null } })
        .output;
      const bo = c.world.sim.backOffice;
      if (e.type === 'xstate.done.actor.signIn') {
        const twoFactor = out?.data?.qrcodeStatus === 0;
        bo.setTwoFactor(c.data.emailUid as string, twoFactor);
        bo.setTwoFactor(c.data.phoneUid as string, twoFactor);
        if (out?.code === 1108) bo.force({ call: 'login', code: 1108 });
      }
      if (e.type === 'xstate.done.actor.verify' && out?.code === 1020) {
        // A right code refused: the path wants the refusal, the simulator would accept.
        bo.force({ call: 'login', code: 1020 });
      }
    },
    states: {
      credentials: (s) => {
        const c = (s as Snap).context;
        expect(c.code).toBe('');
        if (c.failure === 1108) {
          reached('login.credentials: c.failure === 1108');
          expect(c.errors).toEqual({});
        }
      },
      signingIn: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.errors).toEqual({});
      },
      secondFactor: (s) => {
        const c = (s as Snap).context;
        expect(c.focusCode).toBeGreaterThan(0);
        if (c.failure === 1020) {
          reached('login.secondFactor: c.failure === 1020');
          expect(c.code).toMatch(/^$|^\d{1,6}$/);
        }
      },
      verifying: (s) => expect((s as Snap).context.code).toMatch(/^\d{6}$/),
      signedIn: async (s, c) => {
        // A real session: the token is accepted by the server.
        const { session } = await import('../../../src/state/session.ts');
        expect(session.token).toBeTruthy();
        c.world.session.token = session.token;
        const info = await c.world.api.call('userInfo');
        expect(info.code).toBe(0);
        expect(info.data?.uid).toBe(accountUid(c, (s as Snap).context));
        expect(noticesOf(c)).toEqual(['login_success']);
      },
    },
  },
];
