/**
 * Bind e-mail against the simulator: a phone-registered user binds a free
 * address for real, a taken address answers 1045; the bound address waits
 * for its proof (it signs nobody in), the code read from the outbox proves
 * it (it signs in from then on), a wrong code answers 1020, an expired one
 * 1111, an address someone registered meanwhile 1045 (the binding is
 * dropped); the resend countdown runs on the simulator's clock and a resend
 * within the minute answers 1110; binding the proved address again needs no
 * proof. An e-mail-registered user and a site with binding off are sent
 * away. A user-info failure is forced (1012: a transient query failure has
 * no user-made cause), so that the retry can succeed.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { bindEmailActors } from '../../../src/machines/bindEmail/actors.ts';
import {
  bindEmailMachine,
  type BindEmailContext,
} from '../../../src/machines/bindEmail/machine.ts';
import { countdownActor } from '../../../src/machines/shared/countdown/machine.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import { CODE_TTL_MS } from '../../../src/simulator/modules/identity/state.ts';
import { findByLogin } from '../../../src/simulator/users.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import {
  LONG_PASTE,
  RIGHT_CODE,
  SHORT_CODE,
  WRONG_CODE,
  codeClass as classOfCode,
} from '../../paths/specs/code-samples.ts';

const PASSWORD = 'secret123';
const PHONE = '14155552671';
const FREE = 'new@example.com';
const SECOND = 'second@example.com';
const TAKEN = 'taken@example.com';
const BAD = 'not-an-email';

type Snap = ReturnType<(typeof bindEmailMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as BindEmailContext;

const cls = (v: string) =>
  ({ '': 'empty', [FREE]: 'free', [SECOND]: 'second', [TAKEN]: 'taken', [BAD]: 'bad' })[v] ??
  'other';
const codeClass = (c: BindEmailContext) => classOfCode(c.code);

const MAIL_USER = 'mail@example.com';
type Kind = 'phone' | 'email' | 'off';

const done = (id: string, code: number, data: unknown = null) => ({
  type: `xstate.done.actor.${id}`,
  output: { code, data },
});
const field = (f: 'email' | 'code', value: string) => ({ type: 'field.change', field: f, value });
const phoneInfo = (email?: string, pending = false) => ({
  registerType: 'P',
  ...(email ? { email } : {}),
  ...(pending ? { emailPending: true } : {}),
});

/** User info as the server sends it on a (re)load: what the graph needs of it. */
function loadOutcomes(kind: Kind, c: BindEmailContext) {
  if (kind === 'email') return [done('loadUser', 0, { registerType: 'E', email: MAIL_USER })];
  // After a failed check of a bind, the server keeps the address pending.
  const info =
    c.failure === 1012 && c.email === FREE ? phoneInfo(FREE, true) : phoneInfo(undefined);
  const ok = done('loadUser', 0, info);
  return c.failure === undefined ? [ok, done('loadUser', 1012)] : [ok];
}

/**
 * After a bind, user info says whether the address waits for its proof: the
 * proved one (FREE, proved before SECOND was bound) does not.
 */
function checkOutcomes(c: BindEmailContext) {
  if (c.email === FREE && c.current === SECOND)
    return [done('checkUser', 0, phoneInfo(FREE, false))];
  const pending = done('checkUser', 0, phoneInfo(c.email, true));
  return c.current === '' ? [pending, done('checkUser', 1012)] : [pending];
}

/** The spec's screen: a few addresses, fewer once one is bound (the graph stays small). */
function editingEvents(c: BindEmailContext): EventObject[] {
  if (c.pending && c.current === FREE) return [{ type: 'code.enter' }, { type: 'form.submit' }];
  const values = c.current === '' ? [FREE, TAKEN, BAD, ''] : c.current === FREE ? [SECOND] : [FREE];
  return [
    ...values.filter((v) => v !== c.email).map((v) => field('email', v)),
    { type: 'form.submit' },
  ];
}

/** The code step; explored for the first address only (the second one just goes back). */
function provingEvents(s: Snap): EventObject[] {
  const c = ctx(s);
  const v = s.value as { proving: { form: string; verify: string } };
  const { form, verify } = v.proving;
  if (c.current !== FREE) return form === 'typing' ? [{ type: 'back' }] : [];
  if (form === 'confirming') {
    if (codeClass(c) === 'wrong') return [done('confirmCode', 1020)];
    // An expired code: the clock moves on 10 minutes, so not while the countdown runs on it.
    const expired = verify === 'counting' ? [] : [done('confirmCode', 1111)];
    return [done('confirmCode', 0), done('confirmCode', 1045), ...expired];
  }
  if (verify === 'resending') return [done('resendCode', 0), done('resendCode', 1110)];
  if (c.failure !== undefined) return c.failure === 1020 ? [field('code', RIGHT_CODE)] : [];
  if (c.errors.code) return [field('code', RIGHT_CODE)];
  if (codeClass(c) !== 'empty') return [{ type: 'form.submit' }];
  return [
    field('code', RIGHT_CODE),
    field('code', WRONG_CODE),
    field('code', SHORT_CODE),
    field('code', LONG_PASTE),
    { type: 'form.submit' },
    { type: 'back' },
    ...(verify === 'counting' ? [{ type: 'countdown.done' }] : []),
    ...(verify === 'canResend' ? [{ type: 'code.resend' }] : []),
  ];
}

const userOf = async (c: PathContext) => {
  const r = await c.world.api.call('userInfo');
  expect(r.code).toBe(0);
  return r.data!;
};
/** The account as the simulator holds it (no call: an actor's forced reply may be waiting). */
const recordOf = (c: PathContext) => c.world.sim.ctx.state.users[c.data.uid as string]!;
const signInWith = (c: PathContext, email: string) =>
  c.world.api.call('login', { username: email, password: PASSWORD, type: 'E' }, { noAlert: true });
const gatesOf = (c: PathContext) => c.data.gates as Gates;
const proofMails = (c: PathContext, email: string) =>
  c.world.sim.backOffice.outbox(email).filter((m) => m.kind === 'bind-email');

function spec(name: string, kind: Kind): PathSpec {
  return {
    name: `bindEmail (${name})`,
    machine: bindEmailMachine,
    input: { enabled: kind !== 'off' },
    serialize: (s) => {
      const c = ctx(s);
      return JSON.stringify([
        s.value,
        cls(c.email),
        cls(c.current),
        c.pending,
        codeClass(c),
        Object.entries(c.errors).filter(([, m]) => m),
        c.failure ?? null,
        c.lastBound ?? null,
      ]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('loading')) return loadOutcomes(kind, c);
      if (s.matches('failed')) return [{ type: 'info.reload' }];
      if (s.matches('submitting')) return [done('submitEmail', c.email === TAKEN ? 1045 : 0)];
      if (s.matches('checking')) return checkOutcomes(c);
      if (s.matches('editing')) return editingEvents(c);
      if (s.matches('proving')) return provingEvents(s as Snap);
      return [];
    },
    systemEvents: ['countdown.done'],
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
    provide: (c) => {
      const real = bindEmailActors(c.world.api);
      const gates = createGates();
      c.data.gates = gates;
      return bindEmailMachine.provide({
        actors: {
          loadUser: gates.hold('loadUser', real.loadUser),
          submitEmail: gates.hold('submitEmail', real.submitEmail),
          confirmCode: gates.hold('confirmCode', real.confirmCode),
          countdown: countdownActor(c.world.clock),
        },
      });
    },
    resolve(e, c, snap) {
      const ev = e as EventObject & { field?: string; value?: string };
      if (ev.type !== 'field.change' || ev.field !== 'code') return e;
      const sent = c.world.sim.backOffice.lastCode(ctx(snap).current);
      expect(sent, 'a proof code was mailed').toMatch(/^\d{6}$/);
      if (ev.value === RIGHT_CODE) return { ...ev, value: sent };
      if (ev.value === WRONG_CODE && sent === WRONG_CODE) return { ...ev, value: '000001' };
      return e;
    },
    async arrange(e, c) {
      const out = (e as { output?: { code: number } }).output;
      const bo = c.world.sim.backOffice;
      if (e.type === 'countdown.done') c.world.clock.advance(RESEND_SECONDS * 1000);
      if (
        (e.type === 'xstate.done.actor.loadUser' || e.type === 'xstate.done.actor.checkUser') &&
        out?.code === 1012
      )
        bo.force({ call: 'userInfo', code: 1012 });
      if (e.type === 'xstate.done.actor.confirmCode' && out?.code === 1111)
        // The code has expired.
        c.world.clock.advance(CODE_TTL_MS);
      if (e.type === 'xstate.done.actor.confirmCode' && out?.code === 1045)
        // Someone registers the address before its proof comes back.
        await bo.seedUser({ email: FREE, password: 'theirs123' });
      if (e.type === 'xstate.done.actor.resendCode' && out?.code === 0)
        c.world.clock.advance(RESEND_SECONDS * 1000);
      if (e.type === 'xstate.done.actor.resendCode' && out?.code === 1110) {
        // A code went to the address a moment ago (this asks for one, or is itself too soon).
        await c.world.api.call('bindEmailSubmit', { email: FREE }, { noAlert: true });
      }
    },
    states: {
      loading: async (s, c) => {
        await gatesOf(c).release('loadUser');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        if (x.failure === undefined) {
          reached('bindEmail.loading: x.failure === undefined');
          expect(x.registerType).toBeUndefined();
        }
      },
      failed: (s, c) => {
        expect(ctx(s).failure).toBe(1012);
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)/);
      },
      editing: async (s, c) => {
        const x = ctx(s);
        expect(kind).toBe('phone');
        expect(x.registerType).toBe('P');
        const u = await userOf(c);
        // The current e-mail, and whether it waits for its proof, are the server's.
        expect(x.current).toBe(u.email ?? '');
        expect(x.pending).toBe(u.emailPending === true);
        // Submit is possible only for a changed address; the code only for a pending one.
        expect(s.can({ type: 'form.submit' })).toBe(x.email.trim() !== x.current);
        expect(s.can({ type: 'code.enter' })).toBe(x.pending);
        if (x.errors.email) {
          reached('bindEmail.editing: x.errors.email');
          expect(x.errors.email).toBe('wrong_email');
        }
        // A pending address signs nobody in (asked of the store: a wrong sign-in would count
        // towards the throttle); a proved one signs in.
        if (x.current && x.pending) {
          reached('bindEmail.editing: x.current && x.pending');
          expect(findByLogin(c.world.sim.ctx, x.current)).toBeUndefined();
        }
        if (x.current && !x.pending) {
          reached('bindEmail.editing: x.current && !x.pending');
          expect((await signInWith(c, x.current)).data?.token).toBeTruthy();
        }
        // The notice comes with the step that ended the bind, not with the edits after it.
        expect(noticesOf(c)).toEqual(
          c.emitted.length === 0
            ? []
            : [x.lastBound === 'proved' ? 'bindEmail.confirmed' : 'tips.update_success'],
        );
        if (x.lastBound === 'proved') {
          reached("bindEmail.editing: x.lastBound === 'proved'");
          expect(x.pending).toBe(false);
          expect(recordOf(c).email).toBe(x.current);
        }
        if (x.lastBound === 'bound') {
          reached("bindEmail.editing: x.lastBound === 'bound'");
          expect(x.pending).toBe(false);
          expect(u.email).toBe(x.current);
        }
        if (x.failure === 1045) {
          reached('bindEmail.editing: x.failure === 1045');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1045\)/);
          expect(u.email).toBeUndefined();
        }
      },
      submitting: async (s, c) => {
        await gatesOf(c).release('submitEmail');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        expect(x.errors).toEqual({});
        expect(x.email).not.toBe(x.current);
      },
      checking: async (s, c) => {
        await gatesOf(c).release('loadUser');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        // The server took the address: pending, or the proved one again.
        const u = recordOf(c);
        expect(u.emailPending ?? u.email).toBe(x.email);
      },
      proving: (s, c) => {
        const x = ctx(s);
        expect(x.pending).toBe(true);
        expect(recordOf(c).emailPending).toBe(x.current);
        // The code went to the address being proved.
        expect(proofMails(c, x.current).at(-1)?.code).toMatch(/^\d{6}$/);
      },
      'proving.form': (s) => {
        const keys = Object.entries(ctx(s).errors)
          .filter(([, m]) => m)
          .map(([k]) => k);
        for (const k of keys) expect(k).toBe('code');
      },
      'proving.form.typing': (s, c) => {
        const x = ctx(s);
        // Digits only, at most 6: a longer paste left the field as it was.
        expect(x.code).toMatch(/^\d{0,6}$/);
        if (x.errors.code === 'wrong_verification_code') {
          reached("bindEmail.proving.form.typing: x.errors.code === 'wrong_verification_code'");
          expect(codeClass(x)).not.toBe('right');
        }
        if (x.failure !== undefined && x.failure !== 1110) {
          reached('bindEmail.proving.form.typing: x.failure !== undefined && x.failure !== 1110');
          expect(c.world.toasts.at(-1)).toMatch(new RegExp(`\\(code ${x.failure}\\)$`));
          if ([1020, 1111].includes(x.failure)) {
            reached('bindEmail.proving.form.typing: [1020, 1111].includes(x.failure)');
            expect(x.errors.code).toBe(`code.${x.failure}`);
          }
        }
      },
      'proving.form.confirming': async (s, c) => {
        await gatesOf(c).release('confirmCode');
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx(s).code).toMatch(/^\d{6}$/);
      },
      'proving.verify': (s, c) => {
        // Not a sign-in name while it waits.
        expect(recordOf(c).email).not.toBe(ctx(s).current);
      },
      'proving.verify.counting': async (s, c) => {
        const x = ctx(s);
        expect(x.secondsLeft).toBeGreaterThan(0);
        // A proof on its way would change what the server says.
        if (!s.matches({ proving: { form: 'typing' } })) return;
        // The server's resend window agrees: another request now is refused.
        const again = await c.world.api.call(
          'bindEmailSubmit',
          { email: x.current },
          { noAlert: true },
        );
        expect(again.code).toBe(1110);
      },
      'proving.verify.canResend': (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('canResend')).toBe(true);
        expect(x.secondsLeft).toBe(0);
        if (x.failure === 1110) {
          reached('bindEmail.proving.verify.canResend: x.failure === 1110');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1110\)$/);
        }
      },
      'proving.verify.resending': async (s, c) => {
        await gatesOf(c).release('submitEmail');
        expect(s.hasTag('sending')).toBe(true);
      },
      sentAway: async (s, c) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ to: '/user' });
        const u = await userOf(c);
        if (kind === 'email') {
          reached("bindEmail.sentAway: kind === 'email'");
          expect(u.registerType).toBe('E');
        } else {
          reached("bindEmail.sentAway: not (kind === 'email')");
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
