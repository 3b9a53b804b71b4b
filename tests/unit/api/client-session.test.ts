/**
 * The session rule of trading.md §4: a 401 on /waa/ (or code 23519) ends the
 * session for every call, polled or quiet ones included; only noAlert calls
 * (the session check, which its machine reads itself) are exempt. Polls in
 * flight when it ends make one end and one toast.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import type { Transport, WireResponse } from '../../../src/api/wire.ts';
import { t } from '../../support/i18n.ts';

function setup(replies: WireResponse[]) {
  const toasts: Array<{ message: string }> = [];
  const expired: string[] = [];
  let token: string | undefined = 'TOKEN';
  const transport: Transport = {
    send: () => Promise.resolve(replies.shift() ?? { status: 200, body: '{"code":0,"data":null}' }),
  };
  const api = createApiClient({
    transport,
    token: () => token,
    t,
    toast: (message) => toasts.push({ message }),
    sessionExpired: (r) => {
      expired.push(r);
      token = undefined;
    },
  });
  return { api, toasts, expired };
}

const code = (c: number): WireResponse => ({
  status: 200,
  body: JSON.stringify({ code: c, msg: 'server says', data: null }),
});

describe('api client: a 401 ends the session, polls included', () => {
  it.each(['userBalance', 'unreadCount', 'checkOptionCompletion', 'withdrawStatus'] as const)(
    '401 on the polled call %s ends the session (only noAlert calls are exempt)',
    async (name) => {
      const { api, toasts, expired } = setup([{ status: 401, body: '' }]);
      const r = await api.call(name, name === 'checkOptionCompletion' ? { uid: 'u' } : undefined);
      expect(r).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
      expect(expired).toEqual(['401']);
      expect(toasts.map((x) => x.message)).toEqual(['Please login first']);
    },
  );

  it('a quiet call shows no failure toast, but its 401 still ends the session', async () => {
    const { api, toasts, expired } = setup([code(1067), { status: 401, body: '' }]);
    expect((await api.call('userInfo', undefined, { quiet: true })).code).toBe(1067);
    expect(toasts).toEqual([]);
    await api.call('userBalance', undefined, { quiet: true });
    expect(expired).toEqual(['401']);
  });

  it('the session check is noAlert: its 401 is left to the session machine', async () => {
    const { api, toasts, expired } = setup([{ status: 401, body: '' }]);
    const r = await api.call('sessionCheck');
    expect(r).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
    expect(expired).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('polls in flight when the session ends: one end, one toast', async () => {
    const { api, toasts, expired } = setup([
      { status: 401, body: '' },
      { status: 401, body: '' },
    ]);
    // Both sent with the same token before either answer arrives.
    await Promise.all([
      api.call('userBalance', undefined, { quiet: true }),
      api.call('unreadCount'),
    ]);
    expect(expired).toEqual(['401']);
    expect(toasts.map((x) => x.message)).toEqual(['Please login first']);
  });

  it('23519 on polls in flight: one end, one toast, even for quiet calls', async () => {
    const { api, toasts, expired } = setup([code(23519), code(23519)]);
    await Promise.all([
      api.call('userBalance', undefined, { quiet: true }),
      api.call('unreadCount'),
    ]);
    expect(expired).toEqual(['23519']);
    expect(toasts.map((x) => x.message)).toEqual(['Please login first']);
  });
});

describe('api client: a password change ends every session, and its success is not lost', () => {
  /** Replies the test releases one by one, in the order it chooses. */
  function gated() {
    const waiting: Array<(r: WireResponse) => void> = [];
    const transport: Transport = {
      send: () => new Promise<WireResponse>((resolve) => waiting.push(resolve)),
    };
    const toasts: string[] = [];
    const expired: string[] = [];
    let token: string | undefined = 'TOKEN';
    const api = createApiClient({
      transport,
      token: () => token,
      t,
      toast: (message) => toasts.push(message),
      sessionExpired: (r) => {
        expired.push(r);
        token = undefined;
      },
    });
    return { api, waiting, toasts, expired };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const changePassword = (api: ReturnType<typeof gated>['api']) =>
    api.call('passwordSubmit', {
      oldPassword: 'secret123',
      newPassword: 'newsecret1',
      metaData: '{}',
    });

  it("a poll's 401 that arrives before the change's own reply does not end the session as an expiry", async () => {
    const { api, waiting, toasts, expired } = gated();
    const change = changePassword(api);
    const poll = api.call('userBalance', undefined, { quiet: true });
    await tick();
    // The server ended the sessions with the change; it answers the poll first.
    waiting[1]!({ status: 401, body: '' });
    expect(await poll).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
    expect(expired).toEqual([]);
    expect(toasts).toEqual([]);
    waiting[0]!({ status: 200, body: '{"code":0,"data":null}' });
    expect((await change).code).toBe(0);
  });

  it('once the change has answered, a 401 is an expiry again', async () => {
    const { api, waiting, toasts, expired } = gated();
    const change = changePassword(api);
    await tick();
    waiting[0]!({ status: 200, body: '{"code":1109,"msg":"wrong","data":null}' });
    await change;
    const poll = api.call('userBalance', undefined, { quiet: true });
    await tick();
    waiting[1]!({ status: 401, body: '' });
    await poll;
    expect(expired).toEqual(['401']);
    expect(toasts).toContain('Please login first');
  });

  it("the change's own 401 (a session already over) ends the session", async () => {
    const { api, waiting, expired } = gated();
    const change = changePassword(api);
    await tick();
    waiting[0]!({ status: 401, body: '' });
    expect(await change).toMatchObject({ status: 401, fault: 'unauthorized' });
    expect(expired).toEqual(['401']);
  });
});
