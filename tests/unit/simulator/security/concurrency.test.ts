/**
 * Rules hold under concurrency: a user's state-changing calls run one at a
 * time (serial.ts), through `handle()` and over HTTP; refresh tokens rotate
 * atomically and a reused one revokes its session family.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeSensitive } from '../../../../src/api/aes-codec.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import { hostApi, type TestWorld } from '../../../support/sim.ts';
import { funded, seeded, signIn, world } from '../account/helpers.ts';
import { minimumBuy } from '../trading/support.ts';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/**
 * A funded user and a withdrawal to a one-off USDT address (encoded with the
 * aesKey, so the handler awaits its decoding between its checks and its change).
 */
async function withdrawer(w: TestWorld) {
  const { uid, token } = await seeded(w);
  await funded(w, uid, '50000');
  const paymentAddress = await encodeSensitive(w.sim.ctx.state.users[uid]!.aesKey, TRC20);
  const payload = {
    currencyId: '101',
    coinId: '101',
    paymentAddress,
    num: '100',
    practicalNum: '',
    locale: 'en',
  };
  return { uid, token, payload };
}

const inReview = (w: TestWorld, uid: string) =>
  w.sim.backOffice.walletRequests(uid).filter((r) => r.actionType === 1 && r.payState === 0);

let srv: SimServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe('one call at a time per user', () => {
  it('50 parallel crypto withdrawals leave exactly one in review (1067 for the rest)', async () => {
    const w = await world();
    const { uid, payload } = await withdrawer(w);
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => w.api.call('userWithdraw', payload, { noAlert: true })),
    );
    expect(rs.filter((r) => r.code === 0)).toHaveLength(1);
    expect(rs.filter((r) => r.code === 1067)).toHaveLength(49);
    expect(inReview(w, uid)).toHaveLength(1);
  });

  it('a withdrawal and a market order sent together cannot both pass (1070 / 406)', async () => {
    const w = await world();
    const { payload, token } = await withdrawer(w);
    const [out, order] = await Promise.all([
      w.api.call('userWithdraw', payload, { noAlert: true }),
      w.api.call('addOrder', minimumBuy('BTCUSDT', 0, token), { noAlert: true }),
    ]);
    expect([out.code, order.code].filter((c) => c === 0)).toHaveLength(1);
    expect([out.code, order.code].sort()).toEqual(out.code === 0 ? [0, 406] : [0, 1070]);
  });

  it('holds over HTTP too: 50 parallel withdrawals through the Node host', async () => {
    const w = await world();
    const { uid, token, payload } = await withdrawer(w);
    srv = await startSimServer(w.sim, 0);
    const api = hostApi(srv.url, () => token);
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => api.call('userWithdraw', payload, { noAlert: true })),
    );
    expect(rs.filter((r) => r.code === 0)).toHaveLength(1);
    expect(inReview(w, uid)).toHaveLength(1);
  });

  it('a call queued behind a password change finds its session ended (401)', async () => {
    const w = await world();
    const { token } = await seeded(w);
    const change = (newPassword: string) =>
      w.sim.handle({
        root: 'api',
        method: 'POST',
        path: '/waa/user/password/submit',
        headers: { Authorization: `Bearer ${token}` },
        body: JSON.stringify({ oldPassword: 'secret123', newPassword, metaData: '{}' }),
      });
    // Either may reach the lock first: exactly one changes the password, the other finds its session ended.
    const replies = await Promise.all([change('changed-one'), change('changed-two')]);
    const ok = replies.filter((r) => r.status === 200 && JSON.parse(r.body).code === 0);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('parallel sign-ups of one address make one account', async () => {
    const w = await world();
    await w.api.call('sendMail', { email: 'twice@example.com', type: '1', locale: 'en' });
    const code = w.sim.backOffice.lastCode('twice@example.com')!;
    // One code, five sign-ups at once: the code is good once and the address taken after.
    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        w.api.call(
          'register',
          { username: 'twice@example.com', password: 'secret123', code, type: 'E', locale: 'en' },
          { noAlert: true },
        ),
      ),
    );
    expect(rs.filter((r) => r.code === 0)).toHaveLength(1);
    const users = Object.values(w.sim.ctx.state.users).filter(
      (u) => u.email === 'twice@example.com',
    );
    expect(users).toHaveLength(1);
  });
});

describe('refresh tokens rotate atomically', () => {
  const refresh = (w: TestWorld, token: string, refreshToken: string) =>
    w.api.call('refresh', { token, refreshToken }, { noAlert: true });

  it('10 parallel refreshes with one refresh token give one new pair', async () => {
    const w = await world();
    await seeded(w, { email: 'rt@example.com' });
    const s = (await signIn(w, 'rt@example.com')).data!;
    const rs = await Promise.all(
      Array.from({ length: 10 }, () => refresh(w, s.token!, s.refreshToken!)),
    );
    expect(rs.filter((r) => r.code === 0)).toHaveLength(1);
    expect(rs.filter((r) => r.code === 23519)).toHaveLength(9);
  });

  it('reusing a rotated refresh token revokes its whole family, and only that family', async () => {
    const w = await world();
    await seeded(w, { email: 'fam@example.com' });
    const first = (await signIn(w, 'fam@example.com')).data!;
    const other = (await signIn(w, 'fam@example.com')).data!;
    const next = (await refresh(w, first.token!, first.refreshToken!)).data!;
    expect(next.token).toBeTruthy();
    // The family's new access token works …
    w.session.token = next.token;
    expect((await w.api.call('sessionCheck', undefined, { noAlert: true })).code).toBe(0);
    // … until the old refresh token shows up again (a thief, or the victim after the thief).
    expect((await refresh(w, first.token!, first.refreshToken!)).code).toBe(23519);
    const dead = await w.sim.handle({
      root: 'api',
      method: 'POST',
      path: '/waa/dd',
      headers: { Authorization: `Bearer ${next.token}` },
    });
    expect(dead.status).toBe(401);
    expect((await refresh(w, next.token!, next.refreshToken!)).code).toBe(23519);
    // Another sign-in of the same user is another family, untouched.
    expect((await refresh(w, other.token!, other.refreshToken!)).code).toBe(0);
  });
});
