/**
 * The operator API on the Node host, over real HTTP: the key, the rate limit
 * on wrong keys, the allow-list, the outbox and a deposit approved from afar;
 * and SIM_SHOW_CODES's printer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../../src/simulator/clock.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/server.ts';
import { startSimServer, type SimServer } from '../../../src/simulator/host/node-server.ts';
import { operatorRoute } from '../../../src/simulator/host/operator-api.ts';
import { hashKey, resolveOperatorKey } from '../../../src/simulator/host/operator-key.ts';
import { showCodes } from '../../../src/simulator/host/show-codes.ts';
import { httpBackOffice, OperatorError } from '../../../src/ui/console/http-back-office.ts';
import { hostApi, T0 } from '../../support/sim.ts';
import { png } from './account/helpers.ts';

const KEY = 'test-operator-key-of-twenty';
let sim: Simulator;
let srv: SimServer;
let token: string | undefined;

beforeAll(async () => {
  sim = await createSimulator({ seed: 5, clock: createVirtualClock(T0), ticking: false });
  srv = await startSimServer(sim, 0, '127.0.0.1', [
    operatorRoute(sim, { keyHash: hashKey(KEY), maxFailures: 3 }),
  ]);
});
afterAll(async () => {
  sim.stop();
  await srv.close();
});

const op = (path: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${srv.url}/operator/v1/${path}`, {
    ...init,
    headers: {
      ...(init.key !== undefined ? { 'X-Operator-Key': init.key } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  });
const call = (name: string, args: unknown[] = [], key = KEY) =>
  op('call', { method: 'POST', key, body: JSON.stringify({ op: name, args }) });

const api = () => hostApi(srv.url, () => token);

describe('operator API', () => {
  it('the right key reads the outbox: the code of a sign-up started through the public API', async () => {
    expect(
      (await api().call('sendMail', { email: 'ann@example.com', type: '1', locale: 'en' })).code,
    ).toBe(0);
    const r = await op('outbox?to=ann@example.com', { key: KEY });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { code: number; data: Array<{ to: string; code?: string }> };
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ to: 'ann@example.com', kind: 'register' });
    expect(body.data[0]?.code).toBe(sim.backOffice.lastCode('ann@example.com'));
    expect(body.data[0]?.code).toMatch(/^\d{6}$/);
  });

  it('approves a deposit through /operator/v1/call', async () => {
    const seeded = await call('seedUser', [{ email: 'dep@example.com', password: 'secret123' }]);
    const { uid, token: tk } = ((await seeded.json()) as { data: { uid: string; token: string } })
      .data;
    token = tk;
    const metaData = JSON.stringify({ coinId: '101', amt: '1500', said: '', locale: 'en' });
    expect((await api().call('userDeposit', { metaData, depositProof: png() })).code).toBe(0);
    const reviews = (await (await call('reviews')).json()) as {
      data: Array<{ kind: string; id: string; uid: string }>;
    };
    const dep = reviews.data.find((x) => x.kind === 'deposit' && x.uid === uid);
    expect(dep).toBeDefined();
    const r = await call('approveDeposit', [dep?.id]);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ code: 0, data: null });
    expect(sim.ctx.ledger.balance(`u:${uid}:real:USD`).toString()).toBe('1500');
    // Approving twice is refused by the back office: 400 with its reason.
    const again = await call('approveDeposit', [dep?.id]);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { msg: string }).msg).toMatch(/not in review/);
    token = undefined;
  });

  it('unknown operations, prototype names and wiping answer 404; bad arguments 400', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'wipe']) {
      const r = await call(name);
      expect(r.status, name).toBe(404);
      expect(((await r.json()) as { code: number }).code).toBe(404);
    }
    expect((await call('approveDeposit', [])).status).toBe(400);
    expect((await call('approveDeposit', [{ id: 1 }])).status).toBe(400);
    expect((await call('setFlag', ['x', true, 'extra'])).status).toBe(400);
    expect((await call('force', [{ code: 1, evil: true }])).status).toBe(400);
    expect((await call('delay', [{ ms: 10, after: 'yes' }])).status).toBe(400);
    expect((await call('delay', [{ ms: 10, after: true }])).status).toBe(200);
    expect((await call('clearScenarios', [])).status).toBe(200);
    expect((await call('flags', 'not an array' as unknown as unknown[])).status).toBe(400);
    const bad = await op('call', { method: 'POST', key: KEY, body: '{not json' });
    expect(bad.status).toBe(400);
    expect((await op('elsewhere', { key: KEY })).status).toBe(404);
  });

  it('optional arguments may come as null (JSON has no undefined)', async () => {
    expect((await call('setHours', ['GBPUSD', { start: {}, close: {} }])).status).toBe(200);
    expect(sim.ctx.state.products.GBPUSD?.hours).toEqual({ start: {}, close: {} });
    expect((await call('setHours', ['GBPUSD', null])).status).toBe(200);
    expect(sim.ctx.state.products.GBPUSD?.hours).toBeUndefined();
  });

  it('answers the app origin for the in-browser console (preflight and calls)', async () => {
    const pre = await fetch(`${srv.url}/operator/v1/call`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4173',
        'Access-Control-Request-Headers': 'x-operator-key',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/X-Operator-Key/i);
    const other = await fetch(`${srv.url}/operator/v1/call`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("the console's HTTP back office: the same operations, async, over the operator API", async () => {
    const bo = httpBackOffice({ url: `${srv.url}/operator/`, key: KEY });
    // Not mistaken for a promise (await would otherwise call it).
    expect((bo as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await bo.now()).toBe(sim.ctx.clock.now());
    await bo.setFlag('explore', true);
    expect((await bo.flags()).explore).toBe(true);
    const mine = await bo.outbox('ann@example.com');
    expect(mine.map((m) => m.code)).toEqual([sim.backOffice.lastCode('ann@example.com')]);
    expect(await bo.lastCode('nobody@example.com')).toBeUndefined();
    await expect(bo.approveDeposit('999999')).rejects.toThrow(OperatorError);
    let refused = 0;
    const wrong = httpBackOffice({
      url: `${srv.url}/operator`,
      key: 'nope',
      onUnauthorized: () => refused++,
    });
    await expect(wrong.flags()).rejects.toMatchObject({ status: 401 });
    expect(refused).toBe(1);
  });

  it('arms faults and lists them over HTTP; a forced reply answers a call over HTTP with the server message', async () => {
    const bo = httpBackOffice({ url: `${srv.url}/operator/`, key: KEY });
    await bo.force({ call: 'productList', code: 1000 });
    await bo.freezeChannel('market', true);
    await bo.stallChannel('exchange', 2);
    expect(await bo.armedFaults()).toEqual({
      frozen: ['market'],
      stalled: { exchange: 2 },
      forced: [{ call: 'productList', code: 1000, times: 1 }],
      delays: [],
    });
    const forced = await api().call('productList');
    expect(forced.code).toBe(1000);
    // The message the server filled in, on the wire.
    expect(forced.reply?.msg).toBe('Unknown error');
    expect((await api().call('productList')).code).toBe(0);
    await Promise.all([
      bo.clearScenarios(),
      bo.freezeChannel('market', false),
      bo.stallChannel('exchange', 0),
    ]);
    expect(await bo.armedFaults()).toEqual({ frozen: [], stalled: {}, forced: [], delays: [] });
  });

  // Last: it uses up this address's allowance of wrong keys.
  it('no key or a wrong key: 401; past the limit 429, held back longer each time; the right key from the same address is still served at once', async () => {
    // One wrong key was spent by the HTTP back-office test above.
    const none = await op('outbox');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: number }).code).toBe(401);
    expect((await op('outbox', { key: 'test-operator-kex' })).status).toBe(401);
    const timed = async (key: string) => {
      const t = performance.now();
      const r = await op('outbox', { key });
      return {
        status: r.status,
        ms: performance.now() - t,
        body: (await r.json()) as { code: number },
      };
    };
    const first = await timed('wrong-one');
    expect(first.status).toBe(429);
    expect(first.body.code).toBe(429);
    const second = await timed('wrong-two');
    expect(second.status).toBe(429);
    expect(second.ms).toBeGreaterThanOrEqual(450);
    // Someone else on this address keeps guessing; the operator is not shut out.
    const right = await timed(KEY);
    expect(right.status).toBe(200);
    expect(right.ms).toBeLessThan(second.ms);
  });
});

describe('operator key', () => {
  it('wrong keys are counted per address as the host counts them: an IPv6 client by its /64', async () => {
    const route = operatorRoute(sim, { keyHash: hashKey(KEY), maxFailures: 3 });
    const url = new URL('http://127.0.0.1/operator/v1/outbox');
    // The route as the host calls it, from addresses a loopback test cannot bind.
    const statusFrom = (ip: string) =>
      new Promise<number>((resolve) => {
        const req = {
          method: 'GET',
          headers: { 'x-operator-key': 'wrong' },
          socket: { remoteAddress: ip },
        };
        let status = 0;
        const res = {
          writeHead: (s: number) => ((status = s), res),
          end: () => resolve(status),
        };
        void route(req as unknown as IncomingMessage, res as unknown as ServerResponse, {
          url,
          readBody: async () => undefined,
        });
      });
    // Four addresses of one /64: the fourth wrong key is past the limit.
    const seen = [];
    for (let i = 1; i <= 4; i++) seen.push(await statusFrom(`2001:db8:1:2::${i}`));
    expect(seen).toEqual([401, 401, 401, 429]);
    // Another /64 is another client.
    expect(await statusFrom('2001:db8:1:3::1')).toBe(401);
  });

  it('is generated once (base64url, 32 bytes), only its hash kept; a restart keeps it, the env overrides', async () => {
    const s = await createSimulator({ seed: 1, clock: createVirtualClock(T0), ticking: false });
    const first = await resolveOperatorKey(s, undefined);
    expect(first.source).toBe('generated');
    expect(first.generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.ctx.state.operatorKeyHash).toBe(hashKey(first.generated ?? '').toString('hex'));
    expect(JSON.stringify(s.ctx.state)).not.toContain(first.generated);
    const again = await resolveOperatorKey(s, undefined);
    expect(again.source).toBe('saved');
    expect(again.generated).toBeUndefined();
    expect(again.hash.equals(first.hash)).toBe(true);
    const env = await resolveOperatorKey(s, 'from-env-a-long-enough-key');
    expect(env.hash.equals(hashKey('from-env-a-long-enough-key'))).toBe(true);
    await expect(resolveOperatorKey(s, 'short-key')).rejects.toThrow(/at least 20/);
    s.stop();
  });
});

describe('SIM_SHOW_CODES printer', () => {
  it('prints one line per code sent, with the address, the code and what for', async () => {
    const lines: string[] = [];
    const stop = showCodes(sim, (l) => lines.push(l));
    await api().call('sendMail', { email: 'bob@example.com', type: '1', locale: 'en' });
    await api().call('sendPhone', { phone: '+1 555 0100 300', type: '1', locale: 'en' });
    stop();
    await api().call('sendMail', { email: 'eve@example.com', type: '1', locale: 'en' });
    expect(lines).toEqual([
      `code  bob@example.com  ${sim.backOffice.lastCode('bob@example.com')}  (register)`,
      `code  15550100300  ${sim.backOffice.lastCode('15550100300')}  (register)`,
    ]);
  });
});
