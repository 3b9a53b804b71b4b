/**
 * Sign up against the simulator, in three site set-ups: e-mail (and phone)
 * with SMS/e-mail codes, phone without SMS (image captcha), and a site
 * without phone sign-up, with the invite code hidden and no welcome mail.
 *
 * Every outcome comes from a real condition: codes read from the outbox,
 * taken addresses (seeded users, or one registered meanwhile), a second
 * request within 60 s (1110), ten sign-ups in the last minute (1042), a code
 * past its ten minutes (1111), an unknown invite code (1107), illegal
 * characters (23558), a captcha left to expire (23555) or mistyped (23556).
 * Except one: the simulator tells that an address is taken only at register,
 * to whoever holds its code (so nobody can list accounts), while the spec
 * lets a server say so on the code request too; the machine's handling of
 * that (1004 / 1045 to sendCode or resendCode) is driven by the back
 * office's forced reply, as a reviewer would.
 * The countdown runs on the simulator's clock: its end is one minute of
 * simulator time, after which the server accepts the resend.
 */
import { expect } from 'vitest';
import { waitFor, type AnyActorRef, type EventObject } from 'xstate';
import {
  registerMachine,
  type RegisterContext,
  type RegisterInput,
} from '../../../src/machines/register/machine.ts';
import { registerActors } from '../../../src/machines/register/actors.ts';
import { countdownActor } from '../../../src/machines/shared/countdown/machine.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { checkAccount, username } from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import type { UserRecord } from '../../../src/simulator/users.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const EMAIL_NEW = 'newbie@example.com';
const EMAIL_TAKEN = 'ann@example.com';
const EMAIL_ILLEGAL = "o'neil@example.com";
const EMAIL_BAD = 'not-an-email';
const PHONE_NEW = '+1 415 555 2672';
const PHONE_TAKEN = '+1 415 555 2671';
const PHONE_BAD = '12';
const PASSWORD = 'secret123';
const SHORT_PW = 'abc';
/** Stand for "the code the server sent" and "the captcha's text"; resolved at run time. */
const RIGHT_CODE = '111111';
const RIGHT_CAPTCHA = 'RIGHT';
const WRONG_CODE = '000000';
/** Never a captcha's text (the alphabet has no 0 and texts are four glyphs). */
const WRONG_CAPTCHA = 'nope0';
const SHORT_CODE = '12';
const LONG_PASTE = '1234567';
/** Stands for the seeded user's invite code. */
const INVITE_VALID = 'VALID';
/** Not hex, so never an issued invite code. */
const INVITE_UNKNOWN = 'ZZZZZZ';
const INVITE_ILLEGAL = 'a<b';
/** Image captchas expire after two minutes (simulator identity state). */
const CAPTCHA_TTL_MS = 2 * 60_000;

type Snap = ReturnType<(typeof registerMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as RegisterContext;
const captchaMode = (c: RegisterContext) => c.type === 'P' && c.phoneCaptcha;

const accountClass = (c: RegisterContext) => {
  if (c.account === '') return 'empty';
  if (c.account === EMAIL_NEW || c.account === PHONE_NEW) return 'new';
  if (c.account === EMAIL_TAKEN || c.account === PHONE_TAKEN) return 'taken';
  return c.account === EMAIL_ILLEGAL ? 'illegal' : 'bad';
};
const codeClass = (c: RegisterContext) => {
  if (c.code === '') return 'empty';
  if (c.code === WRONG_CODE || c.code === WRONG_CAPTCHA) return 'wrong';
  if (c.code === RIGHT_CAPTCHA) return 'right';
  return /^\d{6}$/.test(c.code) || /^[A-Z2-9]{4}$/.test(c.code) ? 'right' : 'short';
};
const pwClass = (c: RegisterContext) =>
  c.password === '' ? 'empty' : c.password === PASSWORD ? 'ok' : 'short';
const inviteClass = (c: RegisterContext) =>
  c.inviteCode === ''
    ? 'none'
    : c.inviteCode === INVITE_UNKNOWN
      ? 'unknown'
      : c.inviteCode === INVITE_ILLEGAL
        ? 'illegal'
        : 'valid';

const field = (f: string, value: string) => ({ type: 'field.change', field: f, value });
const done = (id: string, code: number) => ({
  type: `xstate.done.actor.${id}`,
  output: { code, data: null },
});

/** The simulator's record for an account, if it exists. */
function userOf(c: PathContext, type: 'E' | 'P', account: string): UserRecord | undefined {
  const login = type === 'E' ? account.trim().toLowerCase() : username('P', account);
  return Object.values(c.world.sim.ctx.state.users).find(
    (u) => u.email === login || u.phone === login,
  );
}
const gatesOf = (c: PathContext) => c.data.gates as Gates;
const outbox = (c: PathContext, account: string) => c.world.sim.backOffice.outbox(account);
const captchaOf = (s: unknown) =>
  (s as Snap).children.captcha as unknown as AnyActorRef | undefined;

interface Variant {
  name: string;
  input: RegisterInput;
  /** Which account types the paths explore. */
  explore: { E: boolean; P: boolean };
  /** Explore the form's rules (else fill it right). */
  full: boolean;
}

/** Register replies worth exploring from a submit, by what the form holds. */
function submitOutcomes(c: RegisterContext): EventObject[] {
  const r = (code: number) => done('register', code);
  if (inviteClass(c) === 'unknown') return [r(1107)];
  if (inviteClass(c) === 'illegal') return [r(23558)];
  if (captchaMode(c)) return codeClass(c) === 'wrong' ? [r(23556)] : [r(0), r(23555)];
  if (codeClass(c) === 'wrong') return [r(1020)];
  if (c.type === 'P' || inviteClass(c) === 'valid') return [r(0)];
  return [r(0), r(1004), r(1042), r(1111)];
}

/**
 * What the user does on step 2, kept to what tells the states apart: the
 * form's rules are explored once (e-mail codes while the countdown runs, and
 * the captcha); elsewhere the user fills the form right and submits.
 */
function formEvents(c: RegisterContext, verify: string, v: Variant): EventObject[] {
  const submit = { type: 'form.submit' };
  const right = captchaMode(c) ? RIGHT_CAPTCHA : RIGHT_CODE;
  // After a refusal: its fix (editing clears the refusal); other refusals end the path.
  if (c.failure !== undefined) {
    if ([1020, 23556, 23555].includes(c.failure)) return [field('code', right)];
    if (c.failure === 1107) return [field('inviteCode', INVITE_VALID)];
    return [];
  }
  // After an invalid submit: fix what is marked.
  if (c.errors.code) return [field('code', right)];
  if (c.errors.password) return [field('password', PASSWORD)];
  const code = codeClass(c);
  const pw = pwClass(c);
  const out: EventObject[] = [];
  const full = v.full && verify !== 'canResend' && (c.type === 'E' || captchaMode(c));
  if (!full) {
    if (code === 'empty') out.push(field('code', right));
    else if (pw === 'empty') out.push(field('password', PASSWORD));
    else out.push(submit);
    // The hidden invite code takes no input.
    if (c.hideInviteCode && pw === 'ok') out.push(field('inviteCode', INVITE_VALID));
  } else {
    out.push(submit);
    if (code === 'empty' && pw === 'empty') {
      out.push(field('code', right), field('code', captchaMode(c) ? WRONG_CAPTCHA : WRONG_CODE));
      if (!captchaMode(c)) out.push(field('code', SHORT_CODE), field('code', LONG_PASTE));
    }
    if ((code === 'right' || code === 'wrong') && pw === 'empty')
      out.push(field('password', SHORT_PW), field('password', PASSWORD));
    if (code === 'right' && pw === 'ok' && inviteClass(c) === 'none')
      out.push(
        field('inviteCode', INVITE_VALID),
        field('inviteCode', INVITE_UNKNOWN),
        field('inviteCode', INVITE_ILLEGAL),
      );
  }
  if (c.code === '' && c.password === '') {
    out.push({ type: 'back' });
    if (verify === 'counting') out.push({ type: 'countdown.done' });
    if (verify === 'canResend') out.push({ type: 'code.resend' });
  }
  return out;
}

function accountEvents(
  c: RegisterContext,
  v: Variant,
): Array<EventObject & Record<string, unknown>> {
  // Refusals of an address that looks fine (1110, or taken while on step 2) end the path.
  if (c.failure !== undefined && accountClass(c) === 'new') return [];
  const out: Array<EventObject & Record<string, unknown>> = [{ type: 'code.send' }];
  const fresh = c.type === 'E' ? EMAIL_NEW : PHONE_NEW;
  if (!v.explore[c.type]) return c.type === 'E' ? [{ type: 'type.change', value: 'P' }] : [];
  if (c.account === '') {
    if (c.type === 'E') {
      const others = v.explore.P ? [EMAIL_TAKEN, EMAIL_ILLEGAL, EMAIL_BAD] : [];
      out.push(...[fresh, ...others].map((x) => field('account', x)));
      if (v.explore.P) out.push({ type: 'type.change', value: 'P' });
    } else {
      const others = c.phoneCaptcha ? [PHONE_BAD] : [PHONE_TAKEN];
      out.push(...[fresh, ...others].map((x) => field('account', x)));
    }
  } else if (accountClass(c) !== 'new') out.push(field('account', fresh));
  return out;
}

function spec(v: Variant): PathSpec {
  return {
    name: `register (${v.name})`,
    machine: registerMachine,
    input: v.input,
    serialize: (s) => {
      const c = ctx(s);
      const errors = Object.entries(c.errors).filter(([, m]) => m);
      return JSON.stringify([
        s.value,
        c.type,
        accountClass(c),
        codeClass(c),
        pwClass(c),
        inviteClass(c),
        errors,
        c.failure ?? 0,
      ]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('account')) return accountEvents(c, v);
      if (s.matches('sendingCode')) {
        const cls = accountClass(c);
        if (cls === 'taken') return [done('sendCode', c.type === 'E' ? 1004 : 1045)];
        if (cls === 'illegal') return [done('sendCode', 23558)];
        return c.type === 'E'
          ? [done('sendCode', 0), done('sendCode', 1110)]
          : [done('sendCode', 0)];
      }
      if (s.matches('completing')) return [done('sendCompleteMail', 0)];
      if (s.matches({ details: { verify: 'resending' } }))
        return c.type === 'E'
          ? [done('resendCode', 0), done('resendCode', 1004)]
          : [done('resendCode', 0)];
      if (s.matches({ details: { form: 'submitting' } })) return submitOutcomes(c);
      if (s.matches('details')) {
        const verify = (s.value as { details: { verify: string } }).details.verify;
        return formEvents(c, verify, v);
      }
      return [];
    },
    systemEvents: ['countdown.done'],
    maxSteps: 30,
    async setup(world) {
      const bo = world.sim.backOffice;
      // The server takes a phone's captcha only where the site uses one.
      bo.setFlag('phoneCaptcha', v.input.phoneCaptcha);
      bo.setFlag('PHONE_REGISTER', v.input.phoneEnabled);
      const a = await bo.seedUser({ email: EMAIL_TAKEN, password: PASSWORD });
      await bo.seedUser({ phone: username('P', PHONE_TAKEN), password: PASSWORD });
      const invite = world.sim.ctx.state.users[a.uid]?.inviteCode;
      return { inviterUid: a.uid, invite };
    },
    provide: (c) => {
      const real = registerActors(c.world.api);
      const gates = createGates();
      c.data.gates = gates;
      return registerMachine.provide({
        actors: {
          ...real,
          sendCode: gates.hold('sendCode', real.sendCode),
          register: gates.hold('register', real.register),
          countdown: countdownActor(c.world.clock),
        },
      });
    },
    resolve(e: EventObject, c, snap) {
      const ev = e as EventObject & { field?: string; value?: string };
      if (ev.type !== 'field.change') return e;
      const cx = ctx(snap);
      if (ev.value === RIGHT_CODE) {
        reached('register.resolve: ev.value === RIGHT_CODE');
        const code = c.world.sim.backOffice.lastCode(cx.account);
        expect(code, 'a code was sent').toMatch(/^\d{6}$/);
        return { ...ev, value: code };
      }
      if (ev.value === RIGHT_CAPTCHA) {
        reached('register.resolve: ev.value === RIGHT_CAPTCHA');
        const uuid = captchaOf(snap)?.getSnapshot().context.uuid as string;
        const text = c.world.sim.backOffice.captchaText(uuid);
        expect(text, 'a captcha is shown').toMatch(/^[A-Z2-9]{4}$/);
        return { ...ev, value: text };
      }
      if (ev.value === INVITE_VALID) return { ...ev, value: c.data.invite as string };
      return e;
    },
    async arrange(e: EventObject, c) {
      const out = (e as EventObject & { output?: { code: number } }).output;
      const api = c.world.api;
      const bo = c.world.sim.backOffice;
      const quiet = { noAlert: true };
      if (e.type === 'countdown.done') c.world.clock.advance(RESEND_SECONDS * 1000);
      if (e.type === 'xstate.done.actor.sendCode' && out?.code === 1110) {
        // Someone asked for a code for this address a moment ago.
        await api.call('sendMail', { email: EMAIL_NEW, type: '1', locale: 'en' }, quiet);
      }
      if (e.type === 'xstate.done.actor.sendCode' && (out?.code === 1004 || out?.code === 1045))
        bo.force({ call: out.code === 1004 ? 'sendMail' : 'sendPhone', code: out.code });
      if (e.type === 'xstate.done.actor.resendCode' && out?.code === 1004) {
        // Someone else registers the address meanwhile (and a server says so at once).
        c.data.takenMeanwhile = true;
        await bo.seedUser({ email: EMAIL_NEW, password: PASSWORD });
        bo.force({ call: 'sendMail', code: 1004 });
      }
      if (e.type !== 'xstate.done.actor.register') return;
      if (out?.code === 1004) {
        c.data.takenMeanwhile = true;
        await bo.seedUser({ email: EMAIL_NEW, password: PASSWORD });
      }
      if (out?.code === 1042) {
        reached('register.arrange: out?.code === 1042');
        // Ten other sign-ups within the last minute.
        for (let i = 0; i < 10; i++) {
          const email = `burst${i}@example.com`;
          await api.call('sendMail', { email, type: '1', locale: 'en' }, quiet);
          const code = bo.lastCode(email) as string;
          const r = await api.call(
            'register',
            { username: email, password: PASSWORD, code, type: 'E', locale: 'en' },
            quiet,
          );
          expect(r.code).toBe(0);
        }
      }
      if (out?.code === 1111) {
        // The code that was sent has reached its ten minutes (the clock stays: the countdown runs on it).
        for (const code of c.world.sim.ctx.state.identity.codes[`1:${EMAIL_NEW}`] ?? [])
          code.expiresAt = c.world.clock.now();
      }
      if (out?.code === 23555) c.world.clock.advance(CAPTCHA_TTL_MS + 1000);
    },
    states: {
      account: (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(false);
        const err = x.errors.account;
        if (err?.startsWith('code.')) {
          reached("register.account: err?.startsWith('code.')");
          expect(err).toBe(`code.${x.failure}`);
        } else if (err) {
          reached('register.account: err');
          expect(err).toBe(checkAccount(x.type, x.account));
        }
        if (x.failure === 1004 || x.failure === 1045) {
          reached('register.account: x.failure === 1004 || x.failure === 1045');
          expect(err).toBe(`code.${x.failure}`);
          expect(userOf(c, x.type, x.account)).toBeDefined();
        }
        if (x.failure === 1110) {
          reached('register.account: x.failure === 1110');
          // The earlier request's code is live; the machine's was refused.
          expect(outbox(c, x.account)).toHaveLength(1);
          expect(c.world.toasts.at(-1)).toBe('Sending frequency is too high (code 1110)');
        }
        if (err === 'wrong_email' || err === 'wrong_phone_number') {
          reached("register.account: err === 'wrong_email' || err === 'wrong_phone_number'");
          expect(outbox(c, x.account)).toEqual([]);
        }
      },
      sendingCode: async (s, c) => {
        await gatesOf(c).release('sendCode');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        expect(checkAccount(x.type, x.account)).toBeUndefined();
        expect(x.errors).toEqual({});
      },
      details: (s, c) => {
        const x = ctx(s);
        expect(checkAccount(x.type, x.account)).toBeUndefined();
        // Not registered yet (unless someone else took the address meanwhile).
        if (!c.data.takenMeanwhile) {
          reached('register.details: !c.data.takenMeanwhile');
          expect(userOf(c, x.type, x.account)).toBeUndefined();
        }
        if (x.hideInviteCode) {
          reached('register.details: x.hideInviteCode');
          expect(x.inviteCode).toBe('');
        }
      },
      'details.form': (s) => {
        const x = ctx(s);
        const keys = Object.keys(x.errors).filter((k) => x.errors[k as keyof typeof x.errors]);
        for (const k of keys) expect(['code', 'password', 'inviteCode']).toContain(k);
      },
      'details.form.editing': (s, c) => {
        const x = ctx(s);
        if (x.errors.code === 'wrong_verification_code' || x.errors.code === 'p_t_verity_code') {
          reached(
            "register.details.form.editing: x.errors.code === 'wrong_verification_code' || x.errors.code === 'p_t_…",
          );
          expect(codeClass(x)).not.toBe('right');
        }
        if (x.errors.password) {
          reached('register.details.form.editing: x.errors.password');
          expect(x.errors.password).toBe('password_limit');
        }
        if (x.failure !== undefined) {
          reached('register.details.form.editing: x.failure !== undefined');
          expect(c.world.toasts.at(-1)).toMatch(new RegExp(`\\(code ${x.failure}\\)$`));
        }
        if (x.failure === 1107) {
          reached('register.details.form.editing: x.failure === 1107');
          expect(x.errors.inviteCode).toBe('code.1107');
        }
        if (x.failure === 23555) {
          reached('register.details.form.editing: x.failure === 23555');
          expect(x.code).toBe('');
        }
      },
      'details.form.submitting': async (s, c) => {
        await gatesOf(c).release('register');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        expect(x.password.length).toBeGreaterThanOrEqual(7);
        expect(x.code).toMatch(captchaMode(x) ? /\S/ : /^\d{6}$/);
      },
      'details.verify': (s, c) => {
        const x = ctx(s);
        // Phone without SMS: nothing went to the phone; otherwise a code did.
        if (captchaMode(x)) {
          reached('register.details.verify: captchaMode(x)');
          expect(outbox(c, x.account)).toEqual([]);
        } else {
          reached('register.details.verify: not (captchaMode(x))');
          expect(c.world.sim.backOffice.lastCode(x.account)).toMatch(/^\d{6}$/);
        }
      },
      'details.verify.captcha': async (s, c) => {
        const child = captchaOf(s);
        expect(child).toBeDefined();
        const shown = await waitFor(child as AnyActorRef, (cs) => !cs.hasTag('busy'));
        const uuid = shown.context.uuid as string;
        expect(uuid).toBeTruthy();
        // While the form is open the server still knows it (a registration uses it up).
        if ((s as Snap).matches({ details: { form: 'editing' } })) {
          reached(
            "register.details.verify.captcha: (s as Snap).matches({ details: { form: 'editing' } })",
          );
          expect(c.world.sim.backOffice.captchaText(uuid)).toMatch(/^[A-Z2-9]{4}$/);
        }
      },
      'details.verify.counting': async (s, c) => {
        const x = ctx(s);
        expect(x.secondsLeft).toBeGreaterThan(0);
        // Taken meanwhile: the server answers 1004 before it looks at the window.
        if (c.data.takenMeanwhile) return;
        expect(x.secondsLeft).toBeLessThanOrEqual(RESEND_SECONDS);
        // The server's resend window agrees: another request now is refused.
        const again =
          x.type === 'E'
            ? await c.world.api.call(
                'sendMail',
                { email: username('E', x.account), type: '1', locale: 'en' },
                { noAlert: true },
              )
            : await c.world.api.call(
                'sendPhone',
                { phone: username('P', x.account), type: '1', locale: 'en' },
                { noAlert: true },
              );
        expect(again.code).toBe(1110);
      },
      'details.verify.canResend': (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('canResend')).toBe(true);
        expect(x.secondsLeft).toBe(0);
        const last = outbox(c, x.account).at(-1);
        expect(c.world.clock.now() - (last?.at ?? 0)).toBeGreaterThanOrEqual(RESEND_SECONDS * 1000);
      },
      'details.verify.resending': async (s, c) => {
        await gatesOf(c).release('sendCode');
        expect(s.hasTag('busy')).toBe(true);
      },
      completing: async (s, c) => {
        await gatesOf(c).release('sendCode');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        // The toast waits for the end of the flow.
        expect(noticesOf(c)).toEqual([]);
        expect(userOf(c, x.type, x.account)).toBeDefined();
      },
      done: async (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('done')).toBe(true);
        expect(noticesOf(c)).toEqual(['sign_up_success']);
        expect((s as Snap).output).toEqual({ type: x.type, account: x.account.trim() });
        const u = userOf(c, x.type, x.account);
        expect(u?.registerType).toBe(x.type);
        if (inviteClass(x) === 'valid') {
          reached("register.done: inviteClass(x) === 'valid'");
          expect(u?.invitedBy).toBe(c.data.inviterUid);
        } else {
          reached("register.done: not (inviteClass(x) === 'valid')");
          expect(u?.invitedBy).toBeUndefined();
        }
        const welcome = outbox(c, x.account).filter((m) => m.kind === 'registered');
        expect(welcome).toHaveLength(x.sendCompleteMail ? 1 : 0);
        // The new account signs in with the password chosen.
        const login = await c.world.api.call('login', {
          username: username(x.type, x.account),
          password: PASSWORD,
          type: x.type,
        });
        expect(login.data?.token).toBeTruthy();
      },
    },
  };
}

const base = { locale: 'en', phoneCaptcha: false, hideInviteCode: false, sendCompleteMail: true };

export const specs: PathSpec[] = [
  spec({
    name: 'e-mail and phone codes',
    input: { ...base, phoneEnabled: true },
    explore: { E: true, P: true },
    full: true,
  }),
  spec({
    name: 'phone without SMS',
    input: { ...base, phoneEnabled: true, phoneCaptcha: true },
    explore: { E: false, P: true },
    full: true,
  }),
  spec({
    name: 'site options',
    input: { ...base, phoneEnabled: false, hideInviteCode: true, sendCompleteMail: false },
    explore: { E: true, P: false },
    full: false,
  }),
];
