/**
 * Fuzzing the Node host over real HTTP and WebSocket on 127.0.0.1: malformed
 * payloads at every call, junk on both channels, bodies over the limit. The
 * host keeps serving, refused requests change nothing, and every reply is a
 * spec reply or one of the host's documented statuses.
 */
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WsClient from 'ws';
import type { Transport } from '../../../../src/api/wire.ts';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import { createSimulator, type Simulator } from '../../../../src/simulator/server.ts';
import { hostTransport, T0 } from '../../../support/sim.ts';
import { CALLS, channelJunk, malformed, REFUSALS, spec, wireOf } from './malformed.ts';

let sim: Simulator;
let srv: SimServer;
let http: Transport;
let token: string;
const clock = createVirtualClock(T0);
const cases = { http: 0, ws: 0 };

beforeAll(async () => {
  sim = await createSimulator({ seed: 5, clock });
  // The fuzz sends as fast as it can; the rate limits have their own tests (host/).
  srv = await startSimServer(sim, 0, '127.0.0.1', [], {
    socketCommandsBurst: 100_000,
    addressCallsBurst: 100_000,
    accountCallsBurst: 100_000,
  });
  http = hostTransport(srv.url);
  token = (await sim.backOffice.seedUser({ email: 'host@example.com', password: 'secret123' }))
    .token;
});
afterAll(async () => {
  sim.stop();
  await srv.close();
  console.log(
    `edge fuzz, Node host: ${cases.http} malformed HTTP calls over ${CALLS.length} calls, ${cases.ws} WebSocket messages`,
  );
});

/**
 * One request on a connection of its own, read to the end. Raw paths (a bad
 * escape, a double slash) go as written. No kept-alive connection is reused:
 * on a starved machine, client and server in one process, a reused one can
 * meet the server's idle close (ECONNRESET, which a browser retries and this
 * client would not), and that is not what this test is about.
 */
function statusOf(p: string, method: string): Promise<number> {
  const { hostname, port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: p, method, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The host still answers a normal call. */
async function serves(): Promise<void> {
  const r = spec(await http.send(wireOf('productList', {}, token)));
  expect(r.code).toBe(0);
}

const post = (path: string, body: BodyInit, type = 'application/json') =>
  fetch(`${srv.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, Authorization: `Bearer ${token}` },
    body,
  });

function open(name: 'market' | 'exchange', url = srv.url): Promise<WsClient> {
  const ws = new WsClient(`${url.replace('http', 'ws')}/ws/${name}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

describe('fuzz: the Node host over HTTP', () => {
  it('refuses malformed payloads at every call with a spec reply, changing nothing', async () => {
    for (const name of CALLS) {
      await fc.assert(
        fc.asyncProperty(malformed(name), async (payload) => {
          const before = JSON.stringify(sim.ctx.state);
          const res = await http.send(wireOf(name, payload, token));
          // A query string over Node's 16 KB header limit never reaches the simulator.
          if (res.status !== 431) expect(REFUSALS).toContain(spec(res).code);
          expect(JSON.stringify(sim.ctx.state) === before, `${name} changed the state`).toBe(true);
          cases.http++;
        }),
        { numRuns: 6, seed: 21 },
      );
    }
    await serves();
  });

  it('answers a body that is not JSON with 400 and code 1001', async () => {
    for (const body of ['{', 'nul', '{"a":', '\u0000'.repeat(10)]) {
      const res = await post('/wa-na/login', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 1001, data: null });
    }
    await serves();
  });

  it('answers any path with a documented status, never 500', async () => {
    const paths = [
      '/market/v1/thumb/%E0%A4%A',
      '/api/v1//',
      ...fc.sample(fc.webPath(), { numRuns: 40, seed: 24 }).map((p) => `/api/v1${p}`),
      ...fc
        .sample(fc.string({ maxLength: 30 }), { numRuns: 40, seed: 25 })
        .map((p) => `/market/v1/thumb/${encodeURIComponent(p).replace(/%2[05]/g, '%')}`),
    ];
    for (const p of paths) {
      const status = await statusOf(p, p.startsWith('/market') ? 'GET' : 'POST');
      expect([200, 400, 404, 405], p).toContain(status);
      cases.http++;
    }
    await serves();
  });

  it('answers a JSON body over 1 MB and a multipart body over 12 MB with 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) });
    const res = await post('/wa-na/login', big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: -1, data: null });
    const fd = new FormData();
    fd.append('avatar', new Blob([new Uint8Array(13 * 1024 * 1024)], { type: 'image/png' }));
    const up = await fetch(`${srv.url}/api/v1/waa/user/info/submit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: fd,
    });
    expect(up.status).toBe(413);
    await serves();
  });
});

describe('fuzz: the Node host over WebSocket', () => {
  it('ignores null and junk on both channels; the host keeps serving and ticking', async () => {
    const before = JSON.stringify(sim.ctx.state.users);
    const junk = [
      'null',
      '[]',
      '"sub"',
      '{"op":"sub","topic":"kline","symbol":"BTCUSDT","period":"7min"}',
      '{"op":"sub","topic":"kline","symbol":"NOPE","period":"1min"}',
      ...fc.sample(fc.string(), { numRuns: 50, seed: 22 }),
      ...fc
        .sample(channelJunk, { numRuns: 250, seed: 23 })
        .map((c) => JSON.stringify(c))
        .filter((s): s is string => typeof s === 'string'),
    ];
    for (const name of ['exchange', 'market'] as const) {
      const ws = await open(name);
      for (const m of junk) {
        ws.send(m);
        cases.ws++;
      }
      await settle();
      expect(ws.readyState).toBe(ws.OPEN);
      ws.close();
    }
    expect(JSON.stringify(sim.ctx.state.users)).toBe(before);
    await serves();
    const ws = await open('market');
    const got: string[] = [];
    ws.on('message', (d) => got.push(String(d)));
    ws.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    await settle();
    clock.advance(2_000);
    await settle();
    expect(got.length).toBeGreaterThan(0);
    ws.close();
  });

  it('closes a socket that sends a message over 16 KB (1009), and only that one', async () => {
    const ws = await open('market');
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send('x'.repeat(17 * 1024));
    expect(await closed).toBe(1009);
    await serves();
  });

  it('refuses WebSocket clients over the cap', async () => {
    const small = await startSimServer(sim, 0, '127.0.0.1', [], { maxSockets: 2 });
    try {
      const a = await open('market', small.url);
      const b = await open('market', small.url);
      await expect(open('market', small.url)).rejects.toThrow(/503/);
      a.close();
      b.close();
    } finally {
      await small.close();
    }
  });
});
