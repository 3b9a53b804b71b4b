/**
 * A 401 on a call renews the session once and replays the call once, for
 * reads; calls with an effect are never sent twice. Calls failing together
 * share one refresh (a refresh token is good once: a second refresh with it
 * would revoke the session). The renewer is the session machine's own
 * (machines/session/actors.ts), on the app's session store.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { contract, isSessionPath } from '../../../src/api/contract.ts';
import type { Transport, WireRequest, WireResponse } from '../../../src/api/wire.ts';
import { renewSession } from '../../../src/machines/session/actors.ts';
import { clearSession, session, setSession } from '../../../src/state/session.ts';
import { t } from '../../support/i18n.ts';
import { memoryStorage } from '../../support/storage.ts';

const ok = (data: unknown = null): WireResponse => ({
  status: 200,
  body: JSON.stringify({ code: 0, data }),
});
const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A server whose tokens `T1`, `T2`… are good only while current, and whose
 * refresh (held until `answer()` when `hold` is set) rotates the refresh
 * token, or refuses with `refusal`, or is unreachable.
 */
function server(
  opts: { refusal?: number; down?: boolean; hold?: boolean; rejectAll?: boolean } = {},
) {
  let n = 1;
  const seen: string[] = [];
  const held: Array<() => void> = [];
  const auth = (req: WireRequest) => req.headers.Authorization?.replace('Bearer ', '');
  const transport: Transport = {
    async send(req) {
      seen.push(`${req.path} ${auth(req) ?? ''}`.trim());
      if (req.path === '/wa-na/refresh') {
        if (opts.hold) await new Promise<void>((r) => held.push(r));
        if (opts.down) return { status: 502, body: '' };
        const body = req.body as { refreshToken: string; token: string };
        if (opts.refusal || body.refreshToken !== `R${n}`)
          return { status: 200, body: JSON.stringify({ code: opts.refusal ?? 23519, data: null }) };
        n += 1;
        return ok({ token: `T${n}`, refreshToken: `R${n}` });
      }

      // The exchange says "Not logged in" in its reply (trading.md §8, 400).
      if (req.root === 'exchange' && auth(req) !== `T${n}`)
        return {
          status: 200,
          body: JSON.stringify({ code: 400, msg: 'Not logged in', data: null }),
        };
      return auth(req) === `T${n}` && !opts.rejectAll
        ? ok({ uid: '1' })
        : { status: 401, body: '' };
    },
  };
  const toasts: string[] = [];
  const expired: string[] = [];
  const api = createApiClient({
    transport,
    token: () => session.token,
    t,
    toast: (m) => toasts.push(m),
    sessionExpired: (r) => {
      expired.push(r);
      clearSession();
    },
  });
  api.renewWith((token) => renewSession(api, token));
  // The stored session is one renewal behind the server: its token has expired.
  setSession('T0', 'R1');
  n = 1;
  return {
    api,
    seen,
    toasts,
    expired,
    refreshes: () => seen.filter((s) => s.startsWith('/wa-na/refresh')).length,
    answer: () => held.splice(0).forEach((r) => r()),
    /** Another tab renews the session (the server's side of it). */
    elsewhere: () => n++ && { token: `T${n}`, refreshToken: `R${n}` },
  };
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('api client: a 401 renews the session once, shared', () => {
  it('reads failing together share one refresh, and each is sent once more with the new token', async () => {
    const s = server({ hold: true });
    const calls = Promise.all([
      s.api.call('userInfo'),
      s.api.call('userBalance', undefined, { quiet: true }),
      s.api.call('unreadCount'),
    ]);
    await tick();
    s.answer();
    const replies = await calls;
    expect(replies.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(s.refreshes()).toBe(1);
    expect(s.seen.filter((x) => x.endsWith('T2'))).toHaveLength(3);
    expect(session).toMatchObject({ token: 'T2', refreshToken: 'R2' });
    expect(s.toasts).toEqual([]);
    expect(s.expired).toEqual([]);
  });

  it("the session machine's renewal and a call's 401 share one refresh", async () => {
    const s = server({ hold: true });
    const machine = s.api.renew('T0');
    const call = s.api.call('userInfo');
    await tick();
    s.answer();
    expect(await machine).toBe('renewed');
    expect((await call).code).toBe(0);
    expect(s.refreshes()).toBe(1);
  });

  it('a 401 for a token already renewed is sent again without another refresh', async () => {
    const s = server();
    expect(await s.api.renew('T0')).toBe('renewed');
    // A call sent with T0 before the renewal answers after it.
    expect(await s.api.renew('T0')).toBe('renewed');
    expect(s.refreshes()).toBe(1);
  });

  it.each(['userWithdraw', 'addUserBankCard', 'switchUser'] as const)(
    '%s (a call with an effect) is never sent twice: renewed, and the trader is asked to try again',
    async (name) => {
      const s = server();
      const r = await s.api.call(name, {} as never);
      expect(s.seen.filter((x) => !x.startsWith('/wa-na/refresh'))).toHaveLength(1);
      expect(r).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
      expect(r.message).toBe('Your session was renewed. Please try again.');
      expect(s.toasts).toEqual([r.message]);
      expect(session.token).toBe('T2');
      expect(s.expired).toEqual([]);
    },
  );

  it('an order the exchange refuses as not logged in (400) renews the session and is not sent again', async () => {
    const s = server();
    const order = { tradePair: 'BTCUSDT', orderQuantity: 1, orderType: 0, token: 'T0' };
    const r = await s.api.call('addOrder', order as never, { unsure: true });
    expect(r).toMatchObject({ code: 400, message: 'Your session was renewed. Please try again.' });
    expect(s.seen).toEqual(['/order/addOrder T0', '/wa-na/refresh']);
    expect(session.token).toBe('T2');
    expect(s.expired).toEqual([]);
  });

  it('a session another tab renewed is taken from the store, not refreshed again (a refresh token is good once)', async () => {
    const { entries: stored, storage } = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const s = server();
    await tick(); // this tab's session written to the store
    // This tab still holds T0 / R1; the other tab has renewed and stored T2 / R2.
    stored.set('session', JSON.stringify(s.elsewhere()));
    const r = await s.api.call('userInfo');
    expect(r.code).toBe(0);
    expect(s.refreshes()).toBe(0);
    expect(s.seen).toEqual(['/waa/user/info T0', '/waa/user/info T2']);
    expect(session).toMatchObject({ token: 'T2', refreshToken: 'R2' });
  });

  it('a refused refresh ends the session once, with one clear message, for every call sharing it', async () => {
    const s = server({ refusal: 23519 });
    const replies = await Promise.all([s.api.call('userInfo'), s.api.call('unreadCount')]);
    expect(replies.map((r) => r.message)).toEqual([
      'Your session has expired. Please sign in again.',
      'Your session has expired. Please sign in again.',
    ]);
    await tick();
    expect(s.refreshes()).toBe(1);
    expect(s.expired).toEqual(['401']);
    expect(s.toasts).toEqual(['Your session has expired. Please sign in again.']);
    expect(session.token).toBeUndefined();
    // A late 401 for the refused token neither refreshes nor ends it again.
    expect((await s.api.renew('T0')) === 'refused' && s.refreshes()).toBe(1);
    await tick();
    expect(s.expired).toEqual(['401']);
  });

  it('a refresh that reaches no server keeps the session: a network failure, no sign-out', async () => {
    const s = server({ down: true });
    const r = await s.api.call('userInfo');
    expect(r).toMatchObject({ code: -1, fault: 'network' });
    await tick();
    expect(s.expired).toEqual([]);
    expect(session.token).toBe('T0');
  });

  it('a replay refused again ends the session as a 401 does (one replay, no loop)', async () => {
    // The server renews, but refuses the new token too.
    const s = server({ rejectAll: true });
    const r = await s.api.call('userInfo');
    expect(r).toMatchObject({ code: -1, status: 401, message: 'Please login first' });
    expect(s.seen).toEqual(['/waa/user/info T0', '/wa-na/refresh', '/waa/user/info T2']);
    expect(s.expired).toEqual(['401']);
  });

  it('the session check (noAlert) is left to the session machine: no renewal', async () => {
    const s = server();
    const r = await s.api.call('sessionCheck');
    expect(r).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
    expect(s.refreshes()).toBe(0);
  });
});

describe('contract: which calls a renewal may send again', () => {
  /** Every /waa/ call with an effect; a new one must be added here or marked a read. */
  const EFFECTS = [
    'switchUser',
    'resetUser',
    'infoSubmit',
    'passwordSubmit',
    'authSubmit',
    'juniorAuthSubmit',
    'userUpdateNotification',
    'transformWallet',
    'addUserWallet',
    'deleteUserWallet',
    'userDeposit',
    'userWithdraw',
    'addUserBankCard',
    'editUserBankCard',
    'deleteUserBankCard',
    'addUserLoan',
    'addUserLoanRepay',
    'bindEmailSubmit',
    'bindEmailConfirm',
    'rtSetLimits',
    'rtSelfExclude',
  ];

  it('every /waa/ call is knowingly a read (sent again) or a call with an effect (never)', () => {
    const session = Object.entries(contract).filter(([, ep]) => isSessionPath(ep));
    expect(session.filter(([, ep]) => !ep.replayable).map(([n]) => n)).toEqual(EFFECTS);
    // Orders go to the exchange root: never replayed either.
    expect(Object.values(contract).filter((ep) => ep.root === 'exchange' && ep.replayable)).toEqual(
      [],
    );
  });
});
