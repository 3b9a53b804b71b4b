/** Sign-in, the second factor, forgot password, tokens and the session check, through the real client. */
import { describe, expect, it } from 'vitest';
import { TOKEN_TTL_S } from '../../../../src/simulator/auth/tokens.ts';
import { seeded, signIn, world } from './helpers.ts';

describe('login', () => {
  it('answers 1108 for a wrong password or an unknown account', async () => {
    const w = await world();
    await seeded(w, { email: 'a@example.com' });
    expect((await signIn(w, 'a@example.com', 'wrong-pass')).code).toBe(1108);
    expect((await signIn(w, 'nobody@example.com')).code).toBe(1108);
    expect((await signIn(w, 'A@Example.com')).code).toBe(0);
  });

  it('answers 1044 for a blocked user, whose open sessions end (session check -1); a reset tells it only to the code’s holder', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'a@example.com' });
    expect((await w.api.call('sessionCheck')).code).toBe(0);
    w.sim.backOffice.blockUser(uid, true);
    const check = await w.api.call('sessionCheck');
    expect(check.code).toBe(-1);
    expect(check.status).toBe(401);
    expect((await signIn(w, 'a@example.com')).code).toBe(1044);
    expect(
      (await w.api.call('sendMail', { email: 'a@example.com', type: '2', locale: 'en' })).code,
    ).toBe(0);
    const reset = (code: string) =>
      w.api.call('forgot', { username: 'a@example.com', password: 'newsecret1', code, type: 'E' });
    const code = w.sim.backOffice.lastCode('a@example.com') ?? '';
    expect((await reset(code === '000000' ? '111111' : '000000')).code).toBe(1020);
    expect((await reset(code)).code).toBe(1044);
    w.sim.backOffice.blockUser(uid, false);
    expect((await signIn(w, 'a@example.com')).code).toBe(0);
  });

  it('asks for a second factor (qrcodeStatus 0, no token), then signs in with the code from the outbox', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'two@example.com', twoFactor: true });
    w.session.token = undefined;
    const first = await signIn(w, 'two@example.com');
    expect(first.code).toBe(0);
    expect(first.data).toEqual({ qrcodeStatus: 0 });
    const code = w.sim.backOffice.lastCode(uid) ?? '';
    expect(w.sim.backOffice.outbox(uid).at(-1)).toMatchObject({
      kind: 'two-factor',
      to: 'two@example.com',
    });
    const step = (authCode: string) =>
      w.api.call('login', {
        username: 'two@example.com',
        password: 'secret123',
        type: 'E',
        command: 'verification',
        authCode,
      });
    expect((await step(code === '000000' ? '111111' : '000000')).code).toBe(1020);
    const done = await step(code);
    expect(done.code).toBe(0);
    expect(done.data?.token).toBeTruthy();
    expect((await step(code)).code).toBe(1111);
  });

  it('re-uses a live second-factor code when the first step is repeated, and expires it after 10 min', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'two@example.com', twoFactor: true });
    await signIn(w, 'two@example.com');
    await signIn(w, 'two@example.com');
    expect(w.sim.backOffice.outbox(uid).filter((e) => e.kind === 'two-factor')).toHaveLength(1);
    const code = w.sim.backOffice.lastCode(uid) ?? '';
    w.clock.advance(10 * 60_000);
    const r = await w.api.call('login', {
      username: 'two@example.com',
      password: 'secret123',
      type: 'E',
      command: 'verification',
      authCode: code,
    });
    expect(r.code).toBe(1111);
  });

  it('with the singleSession flag, a sign-in ends the other sessions', async () => {
    const w = await world();
    await seeded(w, { email: 'a@example.com' });
    const first = (await signIn(w, 'a@example.com')).data?.token;
    w.sim.backOffice.setFlag('singleSession', true);
    await signIn(w, 'a@example.com');
    expect((await w.api.call('sessionCheck')).code).toBe(0);
    w.session.token = first;
    expect((await w.api.call('sessionCheck')).code).toBe(-1);
  });
});

describe('forgot password', () => {
  it('resets the password with a type 2 code; old password and old sessions stop working', async () => {
    const w = await world();
    await seeded(w, { email: 'f@example.com' });
    const old = w.session.token;
    expect(
      (await w.api.call('sendMail', { email: 'f@example.com', type: '2', locale: 'en' })).code,
    ).toBe(0);
    const code = w.sim.backOffice.lastCode('f@example.com') ?? '';
    const forgot = (c: string, password = 'newsecret1') =>
      w.api.call('forgot', { username: 'f@example.com', password, code: c, type: 'E' });
    expect((await forgot(code === '000000' ? '111111' : '000000')).code).toBe(1020);
    expect((await forgot(code, 'short')).code).toBe(1016);
    expect((await forgot(code)).code).toBe(0);
    expect((await forgot(code)).code).toBe(1111);
    expect((await signIn(w, 'f@example.com')).code).toBe(1108);
    w.session.token = old;
    expect((await w.api.call('sessionCheck')).code).toBe(-1);
    expect((await signIn(w, 'f@example.com', 'newsecret1')).code).toBe(0);
  });

  it('answers a reset of an unknown address as one of an account: 0 for the code request, 1020 for any code', async () => {
    const w = await world();
    await seeded(w, { email: 'known@example.com' });
    const ask = (email: string) =>
      w.api.call('sendMail', { email, type: '2', locale: 'en' }, { noAlert: true });
    const reset = (username: string) =>
      w.api.call(
        'forgot',
        { username, password: 'newsecret1', code: '123456', type: 'E' },
        { noAlert: true },
      );
    expect((await reset('ghost@example.com')).code).toBe(1111);
    expect((await reset('known@example.com')).code).toBe(1111);
    expect((await ask('ghost@example.com')).code).toBe(0);
    expect((await ask('known@example.com')).code).toBe(0);
    const known = w.sim.backOffice.lastCode('known@example.com');
    const sent = w.sim.backOffice.outbox('ghost@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'notice' });
    expect(sent[0]?.code).toBeUndefined();
    expect((await reset('ghost@example.com')).code).toBe(known === '123456' ? 1002 : 1020);
    if (known !== '123456') expect((await reset('known@example.com')).code).toBe(1020);
  });
});

describe('tokens', () => {
  it('refreshes with token + refreshToken, rotates the refresh token, and works after the token expired', async () => {
    const w = await world();
    await seeded(w, { email: 'r@example.com' });
    const login = await signIn(w, 'r@example.com');
    const token = login.data?.token ?? '';
    const refreshToken = login.data?.refreshToken ?? '';
    w.clock.advance(TOKEN_TTL_S * 1000 + 1000);
    const stale = await w.api.call('sessionCheck');
    expect(stale.code).toBe(-1);
    const r = await w.api.call('refresh', { token, refreshToken });
    expect(r.code).toBe(0);
    expect(r.data?.token).toBeTruthy();
    expect(r.data?.refreshToken).not.toBe(refreshToken);
    w.session.token = r.data?.token;
    expect((await w.api.call('sessionCheck')).code).toBe(0);
    expect((await w.api.call('refresh', { token, refreshToken })).code).toBe(23519);
  });

  it('refuses a refresh for another user’s token, a forged one, or after a log-out elsewhere (23519)', async () => {
    const w = await world();
    const a = await seeded(w, { email: 'a@example.com' });
    await seeded(w, { email: 'b@example.com' });
    const b = await signIn(w, 'b@example.com');
    const rt = b.data?.refreshToken ?? '';
    expect((await w.api.call('refresh', { token: a.token, refreshToken: rt })).code).toBe(23519);
    expect(
      (await w.api.call('refresh', { token: `${b.data?.token ?? ''}x`, refreshToken: rt })).code,
    ).toBe(23519);
    w.sim.backOffice.logoutUser(
      Object.values(w.sim.ctx.state.users).find((u) => u.email === 'b@example.com')?.uid ?? '',
    );
    expect(
      (await w.api.call('refresh', { token: b.data?.token ?? '', refreshToken: rt })).code,
    ).toBe(23519);
    w.session.token = b.data?.token;
    expect((await w.api.call('sessionCheck')).code).toBe(-1);
  });

  it('answers 1002 on user info and -1 on the session check for a removed user', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    w.sim.backOffice.deleteUser(uid);
    expect((await w.api.call('sessionCheck')).code).toBe(-1);
    const info = await w.api.call('userInfo');
    expect(info.code).toBe(1002);
    expect(info.message).toContain('(code 1002)');
  });

  it('user info shows the account of the session and the profile', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'i@example.com', deposit: 2500 });
    const info = await w.api.call('userInfo');
    expect(info.data).toMatchObject({
      uid,
      email: 'i@example.com',
      nick: 'i',
      registerType: 'E',
      virtualStatus: '0',
      account: { balanceAmount: 2500, lockMargin: 0 },
      totalAssets: 2500,
      walletType: 0,
    });
    expect(info.data?.inviteCode).toMatch(/^[0-9A-F]{6}$/);
  });
});
