/**
 * Throttles and lockouts with the spec's codes: 1110 on every code send
 * within a minute, the sign-in lockout (1044) for wrong passwords and wrong
 * second-factor codes, one "registration complete" mail per user, and the
 * phone sign-up flags.
 */
import { describe, expect, it } from 'vitest';
import type { TestWorld } from '../../../support/sim.ts';
import { seeded, signIn, signUp, world } from '../account/helpers.ts';

const MINUTE = 60_000;
const sendMail = (w: TestWorld, email: string, type: '1' | '2' | '4') =>
  w.api.call('sendMail', { email, type, locale: 'en' }, { noAlert: true });
const sendPhone = (w: TestWorld, phone: string, type: '1' | '2' | '4') =>
  w.api.call('sendPhone', { phone, type, locale: 'en' }, { noAlert: true });
const login = (w: TestWorld, username: string, password: string, authCode?: string) =>
  w.api.call(
    'login',
    {
      username,
      password,
      type: 'E',
      ...(authCode !== undefined ? { command: 'verification', authCode } : {}),
    },
    { noAlert: true },
  );

describe('code sends: 1110 within a minute', () => {
  it('registration e-mail and SMS codes, and reset codes', async () => {
    const w = await world();
    await seeded(w, { email: 'reset@example.com' });
    const sends = [
      () => sendMail(w, 'new@example.com', '1'),
      () => sendPhone(w, '15550100300', '1'),
      () => sendMail(w, 'reset@example.com', '2'),
    ];
    for (const send of sends) {
      expect((await send()).code).toBe(0);
      expect((await send()).code).toBe(1110);
    }
    expect(w.sim.backOffice.outbox().filter((m) => m.code)).toHaveLength(3);
    w.clock.advance(MINUTE);
    for (const send of sends) expect((await send()).code).toBe(0);
  });

  it('the second-factor code at sign-in: a burnt code is not replaced within a minute', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'tf@example.com', twoFactor: true });
    expect((await login(w, 'tf@example.com', 'secret123')).data).toEqual({ qrcodeStatus: 0 });
    // While the code is live a repeated first step re-uses it.
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(0);
    const code = w.sim.backOffice.lastCode(uid)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await login(w, 'tf@example.com', 'secret123', wrong)).code).toBe(1020);
    expect((await login(w, 'tf@example.com', 'secret123', code)).code).toBe(1111);
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(1110);
    expect(w.sim.backOffice.outbox(uid)).toHaveLength(1);
    w.clock.advance(MINUTE);
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(0);
    const fresh = w.sim.backOffice.lastCode(uid)!;
    expect((await login(w, 'tf@example.com', 'secret123', fresh)).data?.token).toBeTruthy();
  });

  it('one "registration complete" mail per user', async () => {
    const w = await world();
    await signUp(w, 'welcome@example.com');
    expect((await sendMail(w, 'welcome@example.com', '4')).code).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await sendMail(w, 'welcome@example.com', '4')).code).toBe(1110);
    w.clock.advance(60 * MINUTE);
    expect((await sendMail(w, 'welcome@example.com', '4')).code).toBe(1110);
    const welcome = w.sim.backOffice
      .outbox('welcome@example.com')
      .filter((m) => m.kind === 'registered');
    expect(welcome).toHaveLength(1);
  });
});

describe('sign-in lockout (1044)', () => {
  it('five wrong passwords in 15 minutes lock the account, even against the right one, for 15 minutes', async () => {
    const w = await world();
    await seeded(w, { email: 'lock@example.com' });
    for (let i = 0; i < 5; i++)
      expect((await login(w, 'lock@example.com', `wrong${i}xx`)).code).toBe(1108);
    expect((await login(w, 'lock@example.com', 'secret123')).code).toBe(1044);
    w.clock.advance(14 * MINUTE);
    expect((await login(w, 'lock@example.com', 'secret123')).code).toBe(1044);
    w.clock.advance(MINUTE);
    expect((await login(w, 'lock@example.com', 'secret123')).data?.token).toBeTruthy();
    // Success starts the count afresh; failures spread out do not lock.
    for (let i = 0; i < 8; i++) {
      expect((await login(w, 'lock@example.com', 'nope-nope')).code).toBe(1108);
      w.clock.advance(4 * MINUTE);
    }
    expect((await login(w, 'lock@example.com', 'secret123')).code).toBe(0);
  });

  it('locks an unknown address the same way (no hint whether an account exists)', async () => {
    const w = await world();
    for (let i = 0; i < 5; i++)
      expect((await login(w, 'ghost@example.com', 'whatever1')).code).toBe(1108);
    expect((await login(w, 'ghost@example.com', 'whatever1')).code).toBe(1044);
  });

  it('200 parallel wrong passwords then the right one: five tries, then locked', async () => {
    const w = await world();
    await seeded(w, { email: 'burst@example.com' });
    const rs = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(w, 'burst@example.com', `wrong-${i}`)),
    );
    expect(rs.filter((r) => r.code === 1108)).toHaveLength(5);
    expect(rs.filter((r) => r.code === 1044)).toHaveLength(195);
    expect((await login(w, 'burst@example.com', 'secret123')).code).toBe(1044);
  });

  it('second-factor guessing: at most ten wrong codes, then locked', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'guess@example.com', twoFactor: true });
    let wrongs = 0;
    let last = 0;
    for (let i = 0; i < 300 && last !== 1044; i++) {
      const step = await login(w, 'guess@example.com', 'secret123');
      if (step.code === 1110) {
        w.clock.advance(MINUTE);
        continue;
      }
      if (step.code === 1044) break;
      const code = w.sim.backOffice.lastCode(uid)!;
      const guess = String(i).padStart(6, '0') === code ? '999999' : String(i).padStart(6, '0');
      last = (await login(w, 'guess@example.com', 'secret123', guess)).code;
      if (last === 1020) wrongs += 1;
    }
    expect(wrongs).toBe(10);
    const code = w.sim.backOffice.lastCode(uid)!;
    expect((await login(w, 'guess@example.com', 'secret123', code)).code).toBe(1044);
  });

  it('a password lockout still lets a reset through, which lifts it', async () => {
    const w = await world();
    await seeded(w, { email: 'back@example.com' });
    for (let i = 0; i < 5; i++) await login(w, 'back@example.com', 'bad-password');
    expect((await login(w, 'back@example.com', 'secret123')).code).toBe(1044);
    expect((await sendMail(w, 'back@example.com', '2')).code).toBe(0);
    const code = w.sim.backOffice.lastCode('back@example.com')!;
    const reset = await w.api.call('forgot', {
      username: 'back@example.com',
      password: 'brand-new-1',
      code,
      type: 'E',
    });
    expect(reset.code).toBe(0);
    expect((await signIn(w, 'back@example.com', 'brand-new-1')).code).toBe(0);
  });
});

describe('phone sign-up flags', () => {
  const phoneSignUp = (w: TestWorld, uuid: string, code: string) =>
    w.api.call(
      'register',
      { username: '447700900555', password: 'secret123', code, uuid, type: 'P', locale: 'en' },
      { noAlert: true },
    );

  it('refuses phone sign-up (captcha or SMS) with PHONE_REGISTER off', async () => {
    const w = await world();
    w.sim.backOffice.setFlag('phoneCaptcha', true);
    w.sim.backOffice.setFlag('PHONE_REGISTER', false);
    const uuid = (await w.api.call('getImageCode')).reply?.uuid ?? '';
    expect((await phoneSignUp(w, uuid, w.sim.backOffice.captchaText(uuid)!)).code).toBe(23523);
    expect((await sendPhone(w, '447700900555', '1')).code).toBe(23523);
    expect(Object.values(w.sim.ctx.state.users)).toHaveLength(0);
  });

  it('takes a captcha instead of an SMS code only with phoneCaptcha on', async () => {
    const w = await world();
    const uuid = (await w.api.call('getImageCode')).reply?.uuid ?? '';
    expect((await phoneSignUp(w, uuid, w.sim.backOffice.captchaText(uuid)!)).code).toBe(1111);
    w.sim.backOffice.setFlag('phoneCaptcha', true);
    expect((await phoneSignUp(w, uuid, w.sim.backOffice.captchaText(uuid)!)).code).toBe(0);
  });
});
