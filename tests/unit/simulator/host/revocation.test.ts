/**
 * Revocation reaches sockets: when a session ends (password change, password
 * reset, sign-out by the operator, a block, a reused refresh token revoking
 * its family) the account's signed-in exchange sockets are closed within a
 * second, with 4001, over real WebSockets. Another account's socket stays,
 * and the old token signs a new socket in to nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WsClient from 'ws';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import { call, closeCode, openWs, PATHS, sleep, startHost, until, type Host } from './kit.ts';
import { slow } from '../../../support/time-scale.ts';

let h: Host;
let n = 0;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

/** A new account; its token. */
async function account(): Promise<{ uid: string; token: string; email: string }> {
  const email = `rev${++n}@example.com`;
  return { ...(await h.sim.backOffice.seedUser({ email, password: 'secret123' })), email };
}

/** An exchange socket signed in with a token (its order lists have arrived). */
async function signedIn(token: string, from = '127.0.5.1'): Promise<WsClient> {
  const ws = await openWs(h.port, 'exchange', from);
  let lists = 0;
  ws.on('message', (d) => 'ordertype' in (JSON.parse(String(d)) as object) && lists++);
  ws.send(JSON.stringify({ op: 'auth', token }));
  await until(() => lists >= 2, 5_000, 'the snapshot');
  return ws;
}

const api = (path: string, body: unknown, token?: string) =>
  call(h.port, `/api/v1${path}`, { body: JSON.stringify(body), ...(token ? { token } : {}) });

/** Run `end` and return how long the socket took to be closed, and its code. */
async function closedAfter(ws: WsClient, end: () => Promise<unknown>) {
  const code = closeCode(ws);
  const t0 = Date.now();
  await end();
  const c = await Promise.race([code, sleep(slow(3_000)).then(() => -2)]);
  return { code: c, ms: Date.now() - t0 };
}

const within = (r: { code: number; ms: number }) => {
  expect(r.code).toBe(CLOSE.sessionEnded);
  // A second, plus a little for a loaded machine's scheduling.
  expect(r.ms).toBeLessThan(1_500);
};

describe('revocation reaches sockets', () => {
  it('a password change closes the account’s sockets, not another’s', async () => {
    const a = await account();
    const b = await account();
    const mine = await signedIn(a.token);
    const second = await signedIn(a.token, '127.0.5.2');
    const theirs = await signedIn(b.token);
    const other = closeCode(second);
    const r = await closedAfter(mine, () =>
      api(
        '/waa/user/password/submit',
        { oldPassword: 'secret123', newPassword: 'changed123', metaData: '{}' },
        a.token,
      ),
    );
    within(r);
    expect(await other).toBe(CLOSE.sessionEnded);
    await sleep(700);
    expect(theirs.readyState).toBe(theirs.OPEN);
    theirs.terminate();
    // The old token signs a new socket in to nothing.
    const again = await openWs(h.port, 'exchange', '127.0.5.3');
    let got = 0;
    again.on('message', () => got++);
    again.send(JSON.stringify({ op: 'auth', token: a.token }));
    await sleep(500);
    expect(got).toBe(0);
    again.terminate();
  });

  it('a password reset closes them', async () => {
    const a = await account();
    const ws = await signedIn(a.token);
    await api('/wa-na/sendMail', { email: a.email, type: '2', locale: 'en' });
    const code = h.sim.backOffice.lastCode(a.email) ?? '';
    const r = await closedAfter(ws, () =>
      api('/wa-na/forgot', { username: a.email, password: 'changed123', code, type: 'E' }),
    );
    within(r);
  });

  it("the operator's sign-out and block close them", async () => {
    const a = await account();
    within(
      await closedAfter(await signedIn(a.token), async () => h.sim.backOffice.logoutUser(a.uid)),
    );
    const b = await account();
    within(
      await closedAfter(await signedIn(b.token), async () =>
        h.sim.backOffice.blockUser(b.uid, true),
      ),
    );
  });

  it('a reused refresh token closes the sockets of its session family', async () => {
    const a = await account();
    const login = await api(PATHS.login.replace('/api/v1', ''), {
      username: a.email,
      password: 'secret123',
      type: 'E',
    });
    const first = (JSON.parse(login.body) as { data: { token: string; refreshToken: string } })
      .data;
    const ws = await signedIn(first.token);
    const refresh = (rt: string) => api('/wa-na/refresh', { refreshToken: rt, token: first.token });
    expect(JSON.parse((await refresh(first.refreshToken)).body)).toMatchObject({ code: 0 });
    within(await closedAfter(ws, () => refresh(first.refreshToken)));
  });
});
