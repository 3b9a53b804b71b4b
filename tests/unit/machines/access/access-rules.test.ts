/**
 * Input rules of sign-up and password reset (trading.md §5) and the countdown
 * bridge, on stand-in replies: lengths, digits-only codes, rejected pastes,
 * the hidden invite code, and a countdown that ticks, ends and restarts on a
 * virtual clock.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, assign } from 'xstate';
import { registerMachine, type RegisterInput } from '../../../../src/machines/register/machine.ts';
import { captchaMachine } from '../../../../src/machines/shared/captcha/machine.ts';
import { forgotMachine } from '../../../../src/machines/forgot/machine.ts';
import {
  countdownActor,
  type CountdownReport,
} from '../../../../src/machines/shared/countdown/machine.ts';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { RESEND_SECONDS } from '../../../../src/config/constants.ts';

const ok = fromPromise(async () => ({ code: 0, data: null, reply: null, message: '' }));
const base: RegisterInput = {
  phoneEnabled: true,
  phoneCaptcha: false,
  hideInviteCode: false,
  sendCompleteMail: false,
  locale: 'en',
};
const idle = fromPromise(() => new Promise<never>(() => {}));

function register(input: Partial<RegisterInput> = {}) {
  const a = createActor(
    registerMachine.provide({
      actors: {
        sendCode: ok as never,
        register: idle as never,
        countdown: idle as never,
        captcha: captchaMachine.provide({ actors: { getImageCode: idle as never } }),
      },
    }),
    { input: { ...base, ...input } },
  );
  a.start();
  return a;
}
const type = (a: { send(e: object): void }, field: string, value: string) =>
  a.send({ type: 'field.change', field, value });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('register input rules', () => {
  it('cuts the e-mail at 140 and refuses a bad address with wrong_email', () => {
    const a = register();
    type(a, 'account', `${'a'.repeat(200)}@example.com`);
    expect(a.getSnapshot().context.account).toHaveLength(140);
    type(a, 'account', 'nope');
    a.send({ type: 'code.send' });
    expect(a.getSnapshot().context.errors.account).toBe('wrong_email');
    expect(a.getSnapshot().value).toBe('account');
    // An address of exactly 140 characters is one the rule lets through.
    const longest = `${'a'.repeat(128)}@example.com`;
    type(a, 'account', longest);
    a.send({ type: 'code.send' });
    expect(a.getSnapshot().context.errors.account).toBeUndefined();
    expect(a.getSnapshot().value).not.toBe('account');
  });

  it('refuses a bad phone with wrong_phone_number; no phone type without PHONE_REGISTER', () => {
    const a = register();
    a.send({ type: 'type.change', value: 'P' });
    type(a, 'account', '12');
    a.send({ type: 'code.send' });
    expect(a.getSnapshot().context.errors.account).toBe('wrong_phone_number');
    // Eleven digits, but no number of the plan: the phone check, not a digit count.
    type(a, 'account', '+1 000 000 0000');
    a.send({ type: 'code.send' });
    expect(a.getSnapshot().context.errors.account).toBe('wrong_phone_number');
    const b = register({ phoneEnabled: false });
    b.send({ type: 'type.change', value: 'P' });
    expect(b.getSnapshot().context.type).toBe('E');
  });

  it('keeps codes to digits, rejects a paste over 6, cuts password and invite at 140', async () => {
    const a = register();
    type(a, 'account', 'new@example.com');
    a.send({ type: 'code.send' });
    await settle();
    expect(a.getSnapshot().matches('details')).toBe(true);
    type(a, 'code', '12a3');
    expect(a.getSnapshot().context.code).toBe('123');
    type(a, 'code', '1234567');
    expect(a.getSnapshot().context.code).toBe('123');
    type(a, 'password', 'p'.repeat(200));
    expect(a.getSnapshot().context.password).toHaveLength(140);
    type(a, 'inviteCode', 'i'.repeat(200));
    expect(a.getSnapshot().context.inviteCode).toHaveLength(140);
    type(a, 'password', 'short');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({
      code: 'wrong_verification_code',
      password: 'password_limit',
    });
  });

  it('takes the captcha text (12 at most, p_t_verity_code when empty) for phone without SMS', () => {
    const a = register({ phoneCaptcha: true });
    a.send({ type: 'type.change', value: 'P' });
    type(a, 'account', '+1 415 555 2672');
    a.send({ type: 'code.send' });
    expect(a.getSnapshot().matches({ details: { verify: 'captcha' } })).toBe(true);
    type(a, 'code', 'ABCDEFGHIJKLMNOP');
    expect(a.getSnapshot().context.code).toBe('ABCDEFGHIJKL');
    type(a, 'code', '   ');
    type(a, 'password', 'secret123');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors.code).toBe('p_t_verity_code');
  });

  it('sends a phone without plus and spaces; wants exactly 6 digits and takes 7 characters', async () => {
    const codeRequests: { account: string }[] = [];
    const posted: { username: string; code: string; password: string }[] = [];
    const a = createActor(
      registerMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }: { input: { account: string } }) => {
            codeRequests.push(input);
            return { code: 0, data: null, reply: null, message: '' };
          }) as never,
          register: fromPromise(({ input }: { input: (typeof posted)[number] }) => {
            posted.push(input);
            return new Promise<never>(() => {});
          }) as never,
          countdown: idle as never,
          captcha: captchaMachine.provide({ actors: { getImageCode: idle as never } }),
        },
      }),
      { input: base },
    );
    a.start();
    a.send({ type: 'type.change', value: 'P' });
    type(a, 'account', '+1 415 555 2672');
    a.send({ type: 'code.send' });
    await settle();
    expect(codeRequests.map((r) => r.account)).toEqual(['14155552672']);
    type(a, 'password', 'seven77');
    type(a, 'code', '12345');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ code: 'wrong_verification_code' });
    expect(posted).toEqual([]);
    type(a, 'code', '123456');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({});
    expect(posted).toMatchObject([
      { username: '14155552672', code: '123456', password: 'seven77' },
    ]);
  });

  it('ignores the invite code when it is hidden', async () => {
    const a = register({ hideInviteCode: true });
    type(a, 'account', 'new@example.com');
    a.send({ type: 'code.send' });
    await settle();
    type(a, 'inviteCode', 'ABC123');
    expect(a.getSnapshot().context.inviteCode).toBe('');
  });
});

describe('forgot input rules', () => {
  it('keeps the account fixed on step 2 and asks for 7 characters', async () => {
    const a = createActor(
      forgotMachine.provide({
        actors: { sendCode: ok as never, forgot: idle as never, countdown: idle as never },
      }),
      { input: { phoneEnabled: false, locale: 'en' } },
    );
    a.start();
    type(a, 'account', 'ann@example.com');
    a.send({ type: 'code.send' });
    await settle();
    type(a, 'account', 'other@example.com');
    expect(a.getSnapshot().context.account).toBe('ann@example.com');
    type(a, 'code', '123456');
    type(a, 'password', 'sixsix');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors.password).toBe('password_limit');
  });
});

describe('countdown bridge', () => {
  it('reports each second, the end, and restarts', () => {
    const clock = createVirtualClock(0);
    const seen: CountdownReport[] = [];
    const parent = setup({
      types: { context: {} as { n: number }, events: {} as CountdownReport | { type: 'again' } },
      actors: { countdown: countdownActor(clock) },
    }).createMachine({
      context: { n: 0 },
      invoke: { id: 'countdown', src: 'countdown' },
      on: {
        'countdown.tick': { actions: assign(({ event }) => (seen.push(event), {})) },
        'countdown.done': { actions: assign(({ event }) => (seen.push(event), {})) },
        again: {
          actions: ({ self }) =>
            self.getSnapshot().children.countdown?.send({ type: 'countdown.restart' }),
        },
      },
    });
    const a = createActor(parent);
    a.start();
    expect(seen).toEqual([{ type: 'countdown.tick', secondsLeft: RESEND_SECONDS }]);
    clock.advance(RESEND_SECONDS * 1000 - 1);
    expect(seen.at(-1)).toEqual({ type: 'countdown.tick', secondsLeft: 1 });
    clock.advance(1);
    expect(seen.slice(-2)).toEqual([
      { type: 'countdown.tick', secondsLeft: 0 },
      { type: 'countdown.done' },
    ]);
    a.send({ type: 'again' });
    expect(seen.at(-1)).toEqual({ type: 'countdown.tick', secondsLeft: RESEND_SECONDS });
    clock.advance(RESEND_SECONDS * 1000);
    expect(seen.at(-1)).toEqual({ type: 'countdown.done' });
    expect(seen.filter((e) => e.type === 'countdown.done')).toHaveLength(2);
  });
});
