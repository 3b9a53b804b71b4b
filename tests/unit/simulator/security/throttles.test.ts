/**
 * Throttles with the spec's codes: 1110 on every code send within a minute,
 * and sign-in throttles that slow the source of wrong guesses, never the
 * owner elsewhere (lockout.ts): wrong passwords and codes from one source
 * make that account-and-source pair wait (1110), twice as long each time,
 * and a source wrong on many accounts waits too; the owner at another
 * address signs in meanwhile, and a right reset code always gets through.
 * Change-password guesses count like sign-in ones.
 */
import { describe, expect, it } from 'vitest';
import { clientAt, type PeerClient, type TestWorld } from '../../../support/sim.ts';
import { THROTTLE } from '../../../../src/simulator/modules/identity/state.ts';
import { seeded, signIn, signUp, world } from '../account/helpers.ts';

const MINUTE = 60_000;
type Caller = Pick<TestWorld, 'api'> | PeerClient;
const sendMail = (w: Caller, email: string, type: '1' | '2' | '4') =>
  w.api.call('sendMail', { email, type, locale: 'en' }, { noAlert: true });
const sendPhone = (w: Caller, phone: string, type: '1' | '2' | '4') =>
  w.api.call('sendPhone', { phone, type, locale: 'en' }, { noAlert: true });
const login = (w: Caller, username: string, password: string, authCode?: string) =>
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
const forgot = (w: Caller, username: string, code: string, password = 'brand-new-1') =>
  w.api.call('forgot', { username, password, code, type: 'E' }, { noAlert: true });
const other = (code: string) => (code === '000000' ? '111111' : '000000');

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

  it("a resend while a code is live sends the same code: a stranger asking cannot replace the owner's", async () => {
    const w = await world();
    await seeded(w, { email: 'kept@example.com' });
    expect((await sendMail(w, 'kept@example.com', '2')).code).toBe(0);
    const first = w.sim.backOffice.lastCode('kept@example.com');
    const stranger = clientAt(w, '203.0.113.9');
    for (let i = 0; i < 5; i++) {
      w.clock.advance(MINUTE);
      expect((await sendMail(stranger, 'kept@example.com', '2')).code).toBe(0);
      expect(w.sim.backOffice.lastCode('kept@example.com')).toBe(first);
    }
    expect((await forgot(w, 'kept@example.com', first!)).code).toBe(0);
  });

  it('the second-factor code: five wrong tries end it for that source; a fresh one after a minute', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'tf@example.com', twoFactor: true });
    expect((await login(w, 'tf@example.com', 'secret123')).data).toEqual({ qrcodeStatus: 0 });
    // While the code is live a repeated first step re-uses it.
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(0);
    expect(w.sim.backOffice.outbox(uid)).toHaveLength(1);
    const code = w.sim.backOffice.lastCode(uid)!;
    for (let i = 0; i < 4; i++)
      expect((await login(w, 'tf@example.com', 'secret123', other(code))).code).toBe(1020);
    // The fifth wrong one is the pair's fifth failure: it answers 1020 and the pair waits.
    expect((await login(w, 'tf@example.com', 'secret123', other(code))).code).toBe(1020);
    expect((await login(w, 'tf@example.com', 'secret123', code)).code).toBe(1110);
    w.clock.advance(THROTTLE.pairBaseMs);
    expect((await login(w, 'tf@example.com', 'secret123', code)).code).toBe(1111);
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(1110);
    w.clock.advance(MINUTE);
    expect((await login(w, 'tf@example.com', 'secret123')).code).toBe(0);
    const fresh = w.sim.backOffice.lastCode(uid)!;
    expect(w.sim.backOffice.outbox(uid)).toHaveLength(2);
    expect((await login(w, 'tf@example.com', 'secret123', fresh)).data?.token).toBeTruthy();
  });

  it('one "registration complete" mail per user; a repeat, or an unknown address, answers 0 and sends nothing', async () => {
    const w = await world();
    await signUp(w, 'welcome@example.com');
    expect((await sendMail(w, 'welcome@example.com', '4')).code).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await sendMail(w, 'welcome@example.com', '4')).code).toBe(0);
    expect((await sendMail(w, 'nobody@example.com', '4')).code).toBe(0);
    const welcome = w.sim.backOffice.outbox().filter((m) => m.kind === 'registered');
    expect(welcome.map((m) => m.to)).toEqual(['welcome@example.com']);
  });
});

describe('sign-in throttle: the source waits, the owner elsewhere does not', () => {
  it('five wrong passwords from one source: it waits 15 s, then twice as long per failure; the owner at home signs in throughout', async () => {
    const w = await world();
    await seeded(w, { email: 'lock@example.com' });
    const attacker = clientAt(w, '198.51.100.7');
    const owner = clientAt(w, '192.0.2.10');
    for (let i = 0; i < 5; i++)
      expect((await login(attacker, 'lock@example.com', `wrong${i}xx`)).code).toBe(1108);
    // The right password from the attacker's source is not even looked at.
    expect((await login(attacker, 'lock@example.com', 'secret123')).code).toBe(1110);
    expect((await login(owner, 'lock@example.com', 'secret123')).data?.token).toBeTruthy();
    w.clock.advance(THROTTLE.pairBaseMs - 1);
    expect((await login(attacker, 'lock@example.com', 'wrong-again')).code).toBe(1110);
    w.clock.advance(1);
    expect((await login(attacker, 'lock@example.com', 'wrong-again')).code).toBe(1108);
    // The sixth failure doubles the wait.
    w.clock.advance(THROTTLE.pairBaseMs);
    expect((await login(attacker, 'lock@example.com', 'wrong-again')).code).toBe(1110);
    w.clock.advance(THROTTLE.pairBaseMs);
    expect((await login(attacker, 'lock@example.com', 'secret123')).data?.token).toBeTruthy();
    // Success starts the pair afresh.
    for (let i = 0; i < 4; i++)
      expect((await login(attacker, 'lock@example.com', 'nope-nope')).code).toBe(1108);
    expect((await login(attacker, 'lock@example.com', 'secret123')).code).toBe(0);
  });

  it('an unknown address is throttled and answered exactly as an account', async () => {
    const w = await world();
    await seeded(w, { email: 'real@example.com' });
    const replies = async (address: string) => {
      const c = clientAt(w, `198.51.100.${address.length}`);
      const out: number[] = [];
      for (let i = 0; i < 7; i++) out.push((await login(c, address, 'whatever1')).code);
      return out;
    };
    const known = await replies('real@example.com');
    expect(known).toEqual([1108, 1108, 1108, 1108, 1108, 1110, 1110]);
    expect(await replies('ghost1@example.com')).toEqual(known);
  });

  it('200 parallel wrong passwords from one source: five are looked at, the rest wait; the owner elsewhere is not held up', async () => {
    const w = await world();
    await seeded(w, { email: 'burst@example.com' });
    const attacker = clientAt(w, '198.51.100.8');
    const burst = Promise.all(
      Array.from({ length: 200 }, (_, i) => login(attacker, 'burst@example.com', `wrong-${i}`)),
    );
    const mine = await login(clientAt(w, '192.0.2.11'), 'burst@example.com', 'secret123');
    expect(mine.data?.token).toBeTruthy();
    const rs = await burst;
    expect(rs.filter((r) => r.code === 1108)).toHaveLength(5);
    expect(rs.filter((r) => r.code === 1110)).toHaveLength(195);
  });

  it('a source wrong on many accounts waits past its daily allowance, on every account', async () => {
    const w = await world();
    await seeded(w, { email: 'victim@example.com' });
    const spray = clientAt(w, '198.51.100.9');
    for (let i = 0; i < THROTTLE.sourceFree; i++)
      expect((await login(spray, `user${i}@example.com`, 'Password1')).code).toBe(1108);
    expect((await login(spray, 'victim@example.com', 'secret123')).code).toBe(1110);
    expect((await login(clientAt(w, '192.0.2.12'), 'victim@example.com', 'secret123')).code).toBe(
      0,
    );
    w.clock.advance(THROTTLE.sourceBaseMs);
    expect((await login(spray, 'victim@example.com', 'secret123')).code).toBe(0);
  });

  it('second-factor guessing with a stolen password: five wrong codes, then the source waits', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'guess@example.com', twoFactor: true });
    const thief = clientAt(w, '198.51.100.10');
    expect((await login(thief, 'guess@example.com', 'secret123')).code).toBe(0);
    const code = w.sim.backOffice.lastCode(uid)!;
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await login(thief, 'guess@example.com', 'secret123', other(code))).code);
    expect(codes).toEqual([1020, 1020, 1020, 1020, 1020, 1110, 1110]);
    // The owner, at home, uses the same code.
    const owner = clientAt(w, '192.0.2.13');
    expect((await login(owner, 'guess@example.com', 'secret123', code)).data?.token).toBeTruthy();
  });

  it("change-password guesses count: five wrong old passwords, then that session's source waits", async () => {
    const w = await world();
    const { token } = await seeded(w, { email: 'change@example.com' });
    const thief = clientAt(w, '198.51.100.11');
    thief.session.token = token;
    const change = (c: Caller, oldPassword: string) =>
      c.api.call(
        'passwordSubmit',
        { oldPassword, newPassword: 'taken-over-1', metaData: '{}' },
        { noAlert: true },
      );
    const out: number[] = [];
    for (let i = 0; i < 6; i++) out.push((await change(thief, `guess-${i}-xx`)).code);
    expect(out).toEqual([1109, 1109, 1109, 1109, 1109, 1110]);
    expect((await change(thief, 'secret123')).code).toBe(1110);
    // The owner's own session, elsewhere, changes it.
    expect((await change(w, 'secret123')).code).toBe(0);
  });
});

describe('a right reset code always gets through', () => {
  it('while an attacker floods wrong codes and asks for new ones from many sources', async () => {
    const w = await world();
    await seeded(w, { email: 'back@example.com' });
    expect((await sendMail(w, 'back@example.com', '2')).code).toBe(0);
    const code = w.sim.backOffice.lastCode('back@example.com')!;
    for (let s = 0; s < 20; s++) {
      const a = clientAt(w, `198.51.100.${100 + s}`);
      for (let i = 0; i < 6; i++) await forgot(a, 'back@example.com', other(code));
      for (let i = 0; i < 6; i++) await login(a, 'back@example.com', `bad-${i}-pass`);
      w.clock.advance(MINUTE / 4);
      await sendMail(a, 'back@example.com', '2');
    }
    expect((await forgot(w, 'back@example.com', code)).code).toBe(0);
    expect((await signIn(w, 'back@example.com', 'brand-new-1')).code).toBe(0);
  });

  it('even from a source that must wait for sign-in', async () => {
    const w = await world();
    await seeded(w, { email: 'shared@example.com' });
    // An attacker behind the owner's own address (a proxy, a shared network).
    for (let i = 0; i < 8; i++) await login(w, 'shared@example.com', `bad-${i}-pass`);
    expect((await login(w, 'shared@example.com', 'secret123')).code).toBe(1110);
    expect((await sendMail(w, 'shared@example.com', '2')).code).toBe(0);
    const code = w.sim.backOffice.lastCode('shared@example.com')!;
    expect((await forgot(w, 'shared@example.com', code)).code).toBe(0);
    expect((await signIn(w, 'shared@example.com', 'brand-new-1')).code).toBe(0);
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
