/**
 * Forgot password against the simulator: reset codes read from the outbox,
 * unknown (1002) and blocked (1044) accounts, a second request within 60 s
 * (1110), illegal characters (23558), a wrong code (1020), a code burnt by
 * five wrong tries (1111), an account blocked while the form is open; the
 * countdown runs on the simulator's clock. Success changes the password for
 * real: the new one signs in, the old one is refused, old sessions end.
 *
 * The simulator tells that an address has no account (1002) or a blocked
 * one (1044) only to whoever holds the reset code (so nobody can list
 * accounts); the spec lets a server say so at the code request, so the
 * machine's handling of those replies to sendCode and resendCode is driven
 * by the back office's forced reply, as a reviewer would.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { forgotMachine, type ForgotContext } from '../../../src/machines/forgot/machine.ts';
import { forgotActors } from '../../../src/machines/forgot/actors.ts';
import { countdownActor } from '../../../src/machines/shared/countdown/machine.ts';
import { checkAccount, username } from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import type { UserRecord } from '../../../src/simulator/users.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import {
  LONG_PASTE,
  RIGHT_CODE,
  SHORT_CODE,
  WRONG_CODE,
  codeClass as classOfCode,
} from '../../paths/specs/code-samples.ts';

const EMAIL = 'ann@example.com';
const NOBODY = 'nobody@example.com';
const BLOCKED = 'bob@example.com';
const ILLEGAL = "o'neil@example.com";
const BAD = 'not-an-email';
const PHONE = '+1 415 555 2671';
const OLD_PW = 'secret123';
const NEW_PW = 'better456';
const SHORT_PW = 'abc';

type Snap = ReturnType<(typeof forgotMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as ForgotContext;

const accountClass = (c: ForgotContext) =>
  c.account === ''
    ? 'empty'
    : c.account === EMAIL || c.account === PHONE
      ? 'user'
      : c.account === NOBODY
        ? 'nobody'
        : c.account === BLOCKED
          ? 'blocked'
          : c.account === ILLEGAL
            ? 'illegal'
            : 'bad';
const codeClass = (c: ForgotContext) => classOfCode(c.code);
const pwClass = (c: ForgotContext) =>
  c.password === '' ? 'empty' : c.password === NEW_PW ? 'ok' : 'short';

const field = (f: string, value: string) => ({ type: 'field.change', field: f, value });
const done = (id: string, code: number) => ({
  type: `xstate.done.actor.${id}`,
  output: { code, data: null },
});

const userOf = (c: PathContext, x: ForgotContext): UserRecord | undefined => {
  const login = x.type === 'E' ? x.account.trim().toLowerCase() : username('P', x.account);
  return Object.values(c.world.sim.ctx.state.users).find(
    (u) => u.email === login || u.phone === login,
  );
};
const resets = (c: PathContext, account: string) =>
  c.world.sim.backOffice.outbox(account).filter((m) => m.kind === 'forgot');
const gatesOf = (c: PathContext) => c.data.gates as Gates;

function accountEvents(c: ForgotContext): Array<EventObject & Record<string, unknown>> {
  const cls = accountClass(c);
  // A refusal of the right account (1110, or blocked while on step 2) ends the path.
  if (c.failure !== undefined && cls === 'user') return [];
  const out: Array<EventObject & Record<string, unknown>> = [{ type: 'code.send' }];
  const mine = c.type === 'E' ? EMAIL : PHONE;
  if (cls === 'empty') {
    if (c.type === 'E') {
      out.push(...[EMAIL, NOBODY, BLOCKED, ILLEGAL, BAD].map((x) => field('account', x)));
      out.push({ type: 'type.change', value: 'P' });
    } else out.push(field('account', mine));
  } else if (cls !== 'user') out.push(field('account', mine));
  return out;
}

function formEvents(c: ForgotContext, verify: string): EventObject[] {
  const submit = { type: 'form.submit' };
  if (c.failure !== undefined) return c.failure === 1020 ? [field('code', RIGHT_CODE)] : [];
  if (c.errors.code) return [field('code', RIGHT_CODE)];
  if (c.errors.password) return [field('password', NEW_PW)];
  const code = codeClass(c);
  const pw = pwClass(c);
  const out: EventObject[] = [];
  if (c.type === 'P' || verify === 'canResend') {
    // The rules are explored once (e-mail, countdown running); here the form is filled right.
    if (code === 'empty') out.push(field('code', RIGHT_CODE));
    else if (pw === 'empty') out.push(field('password', NEW_PW));
    else out.push(submit);
  } else {
    out.push(submit);
    if (code === 'empty' && pw === 'empty')
      out.push(
        field('code', RIGHT_CODE),
        field('code', WRONG_CODE),
        field('code', SHORT_CODE),
        field('code', LONG_PASTE),
      );
    if ((code === 'right' || code === 'wrong') && pw === 'empty')
      out.push(field('password', SHORT_PW), field('password', NEW_PW));
  }
  if (c.code === '' && c.password === '') {
    out.push({ type: 'back' });
    if (verify === 'counting') out.push({ type: 'countdown.done' });
    if (verify === 'canResend') out.push({ type: 'code.resend' });
  }
  return out;
}

export const specs: PathSpec[] = [
  {
    name: 'forgot',
    machine: forgotMachine,
    input: { phoneEnabled: true, locale: 'en' },
    serialize: (s) => {
      const c = ctx(s);
      const errors = Object.entries(c.errors).filter(([, m]) => m);
      return JSON.stringify([
        s.value,
        c.type,
        accountClass(c),
        codeClass(c),
        pwClass(c),
        errors,
        c.failure ?? 0,
      ]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('account')) return accountEvents(c);
      if (s.matches('sendingCode')) {
        const cls = accountClass(c);
        if (cls === 'nobody') return [done('sendCode', 1002)];
        if (cls === 'blocked') return [done('sendCode', 1044)];
        if (cls === 'illegal') return [done('sendCode', 23558)];
        return c.type === 'E'
          ? [done('sendCode', 0), done('sendCode', 1110)]
          : [done('sendCode', 0)];
      }
      if (s.matches({ details: { verify: 'resending' } }))
        return c.type === 'E'
          ? [done('resendCode', 0), done('resendCode', 1044)]
          : [done('resendCode', 0)];
      if (s.matches({ details: { form: 'submitting' } })) {
        if (codeClass(c) === 'wrong') return [done('forgot', 1020)];
        return c.type === 'E'
          ? [done('forgot', 0), done('forgot', 1111), done('forgot', 1044)]
          : [done('forgot', 0)];
      }
      if (s.matches('details')) {
        const verify = (s.value as { details: { verify: string } }).details.verify;
        return formEvents(c, verify);
      }
      return [];
    },
    systemEvents: ['countdown.done'],
    maxSteps: 30,
    async setup(world) {
      const bo = world.sim.backOffice;
      const a = await bo.seedUser({ email: EMAIL, password: OLD_PW });
      const p = await bo.seedUser({ phone: username('P', PHONE), password: OLD_PW });
      const b = await bo.seedUser({ email: BLOCKED, password: OLD_PW });
      bo.blockUser(b.uid, true);
      const hash = (uid: string) => world.sim.ctx.state.users[uid]?.passwordHash;
      return {
        uids: { E: a.uid, P: p.uid },
        tokens: { E: a.token, P: p.token },
        hashes: { E: hash(a.uid), P: hash(p.uid) },
      };
    },
    provide: (c) => {
      const real = forgotActors(c.world.api);
      const gates = createGates();
      c.data.gates = gates;
      return forgotMachine.provide({
        actors: {
          sendCode: gates.hold('sendCode', real.sendCode),
          forgot: gates.hold('forgot', real.forgot),
          countdown: countdownActor(c.world.clock),
        },
      });
    },
    resolve(e: EventObject, c, snap) {
      const ev = e as EventObject & { value?: string };
      if (ev.type === 'field.change' && ev.value === RIGHT_CODE) {
        reached("forgot.resolve: ev.type === 'field.change' && ev.value === RIGHT_CODE");
        const code = c.world.sim.backOffice.lastCode(ctx(snap).account);
        expect(code, 'a reset code was sent').toMatch(/^\d{6}$/);
        return { ...ev, value: code };
      }
      return e;
    },
    async arrange(e: EventObject, c) {
      const out = (e as EventObject & { output?: { code: number } }).output;
      const api = c.world.api;
      const bo = c.world.sim.backOffice;
      const uid = (c.data.uids as { E: string }).E;
      if (e.type === 'countdown.done') c.world.clock.advance(RESEND_SECONDS * 1000);
      if (e.type === 'xstate.done.actor.sendCode' && out?.code === 1110) {
        reached("forgot.arrange: e.type === 'xstate.done.actor.sendCode' && out?.code === 1110");
        // A reset code went to this address a moment ago.
        const r = await api.call('sendMail', { email: EMAIL, type: '2', locale: 'en' });
        expect(r.code).toBe(0);
      }
      if (e.type === 'xstate.done.actor.sendCode' && (out?.code === 1002 || out?.code === 1044))
        bo.force({ call: 'sendMail', code: out.code });
      if (out?.code === 1044 && e.type !== 'xstate.done.actor.sendCode') {
        // The account is blocked while the form is open.
        bo.blockUser(uid, true);
        c.data.blockedMeanwhile = true;
        if (e.type === 'xstate.done.actor.resendCode') bo.force({ call: 'sendMail', code: 1044 });
      }
      if (e.type === 'xstate.done.actor.forgot' && out?.code === 1111) {
        reached("forgot.arrange: e.type === 'xstate.done.actor.forgot' && out?.code === 1111");
        // Five wrong tries burn the code that was sent.
        const wrong = bo.lastCode(EMAIL) === '000001' ? '000002' : '000001';
        for (let i = 0; i < 5; i++) {
          const r = await api.call(
            'forgot',
            { username: EMAIL, password: NEW_PW, code: wrong, type: 'E' },
            { noAlert: true },
          );
          expect(r.code).toBe(1020);
        }
      }
    },
    states: {
      account: (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(false);
        const err = x.errors.account;
        if (err?.startsWith('code.')) {
          reached("forgot.account: err?.startsWith('code.')");
          expect(err).toBe(`code.${x.failure}`);
        } else if (err) {
          reached('forgot.account: err');
          expect(err).toBe(checkAccount(x.type, x.account));
        }
        if (x.failure === 1002) {
          reached('forgot.account: x.failure === 1002');
          expect(userOf(c, x)).toBeUndefined();
        }
        if (x.failure === 1044) {
          reached('forgot.account: x.failure === 1044');
          expect(userOf(c, x)?.blocked).toBe(true);
        }
        if (x.failure === 1110) {
          reached('forgot.account: x.failure === 1110');
          expect(resets(c, x.account)).toHaveLength(1);
        }
        if (x.failure !== undefined) {
          reached('forgot.account: x.failure !== undefined');
          expect(c.world.toasts.at(-1)).toMatch(new RegExp(`\\(code ${x.failure}\\)$`));
        }
      },
      sendingCode: async (s, c) => {
        await gatesOf(c).release('sendCode');
        expect(s.hasTag('busy')).toBe(true);
        expect(checkAccount(ctx(s).type, ctx(s).account)).toBeUndefined();
      },
      details: (s, c) => {
        const x = ctx(s);
        // The password is unchanged until the reset succeeds.
        const hashes = c.data.hashes as Record<string, string>;
        expect(userOf(c, x)?.passwordHash).toBe(hashes[x.type]);
      },
      'details.form': (s) => {
        const keys = Object.entries(ctx(s).errors)
          .filter(([, m]) => m)
          .map(([k]) => k);
        for (const k of keys) expect(['code', 'password']).toContain(k);
      },
      'details.form.editing': (s, c) => {
        const x = ctx(s);
        if (x.errors.code === 'wrong_verification_code') {
          reached("forgot.details.form.editing: x.errors.code === 'wrong_verification_code'");
          expect(codeClass(x)).not.toBe('right');
        }
        if (x.errors.password) {
          reached('forgot.details.form.editing: x.errors.password');
          expect(x.errors.password).toBe('password_limit');
        }
        if (x.failure !== undefined) {
          reached('forgot.details.form.editing: x.failure !== undefined');
          expect(c.world.toasts.at(-1)).toMatch(new RegExp(`\\(code ${x.failure}\\)$`));
          if (x.failure !== 1044) {
            reached('forgot.details.form.editing: x.failure !== 1044');
            expect(x.errors.code).toBe(`code.${x.failure}`);
          }
        }
      },
      'details.form.submitting': async (s, c) => {
        await gatesOf(c).release('forgot');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        expect(x.code).toMatch(/^\d{6}$/);
        expect(x.password.length).toBeGreaterThanOrEqual(7);
      },
      'details.verify': (s, c) => {
        expect(resets(c, ctx(s).account).at(-1)?.code).toMatch(/^\d{6}$/);
      },
      'details.verify.counting': async (s, c) => {
        const x = ctx(s);
        expect(x.secondsLeft).toBeGreaterThan(0);
        // The server's resend window agrees: another request now is refused.
        const quiet = { noAlert: true };
        const again =
          x.type === 'E'
            ? await c.world.api.call(
                'sendMail',
                { email: username('E', x.account), type: '2', locale: 'en' },
                quiet,
              )
            : await c.world.api.call(
                'sendPhone',
                { phone: username('P', x.account), type: '2', locale: 'en' },
                quiet,
              );
        expect(again.code).toBe(1110);
      },
      'details.verify.canResend': (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('canResend')).toBe(true);
        expect(x.secondsLeft).toBe(0);
        const last = resets(c, x.account).at(-1);
        expect(c.world.clock.now() - (last?.at ?? 0)).toBeGreaterThanOrEqual(RESEND_SECONDS * 1000);
      },
      'details.verify.resending': async (s, c) => {
        await gatesOf(c).release('sendCode');
        expect(s.hasTag('busy')).toBe(true);
      },
      done: async (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('done')).toBe(true);
        expect(noticesOf(c)).toEqual(['tips.update_success']);
        expect((s as Snap).output).toEqual({ redirect: '/login' });
        const login = (password: string) =>
          c.world.api.call(
            'login',
            { username: username(x.type, x.account), password, type: x.type },
            { noAlert: true },
          );
        // The new password signs in; the old one no longer does.
        expect((await login(NEW_PW)).data?.token).toBeTruthy();
        expect((await login(OLD_PW)).code).toBe(1108);
        // Sessions from before the reset are over.
        c.world.session.token = (c.data.tokens as Record<string, string>)[x.type];
        expect((await c.world.api.call('userInfo', undefined, { noAlert: true })).status).toBe(401);
      },
    },
  },
];
