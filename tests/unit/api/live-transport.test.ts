/**
 * The live transport against a real server: the simulator hosted by Node
 * behind HTTP and WebSocket on 127.0.0.1, with the real client in front.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WsClient from 'ws';
import { createApiClient, type ApiClient } from '../../../src/api/client.ts';
import { httpTransport } from '../../../src/api/transports/http.ts';
import { createChannel } from '../../../src/api/realtime/channel.ts';
import { webSocketConnector } from '../../../src/api/realtime/connectors.ts';
import { createVirtualClock } from '../../../src/simulator/clock.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/server.ts';
import { startSimServer, type SimServer } from '../../../src/simulator/host/node-server.ts';
import { t } from '../../support/i18n.ts';
import { T0 } from '../../support/sim.ts';

let sim: Simulator;
let srv: SimServer;
const clock = createVirtualClock(T0);
const toasts: string[] = [];
const expired: string[] = [];
let token: string | undefined;

const client = (url: string, timeoutMs?: number): ApiClient =>
  createApiClient({
    transport: httpTransport({
      roots: { api: `${url}/api`, market: `${url}/market`, exchange: `${url}/exchange` },
      prefix: '/v1',
    }),
    token: () => token,
    t,
    toast: (m) => toasts.push(m),
    sessionExpired: (r) => expired.push(r),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });

beforeAll(async () => {
  sim = await createSimulator({ seed: 3, clock });
  srv = await startSimServer(sim);
});
afterAll(async () => {
  sim.stop();
  await srv.close();
});

describe('live transport against the simulator over HTTP and WebSocket', () => {
  it('answers calls with roots and the /v1 prefix, {symbol} filled into the path', async () => {
    const api = client(srv.url);
    const list = await api.call('productList');
    expect(Object.keys(list.data ?? {}).length).toBeGreaterThanOrEqual(30);
    const thumb = await api.call('thumb', { symbol: 'GBPUSD' });
    expect(thumb.data?.name).toBe('GBPUSD');
    const bars = await api.call('klineHistoryLimit', {
      symbol: 'GBPUSD',
      period: '5min',
      limit: 50,
    });
    expect(bars.data).toHaveLength(50);
  });

  it('a /waa/ call without a token gets 401: session cleared, sign in', async () => {
    const api = client(srv.url);
    token = undefined;
    const r = await api.call('unreadCount', undefined, { noAlert: false });
    expect(r.status).toBe(401);
    expect(expired).toContain('401');
  });

  it('uses the bearer token on /waa/ calls', async () => {
    const api = client(srv.url);
    token = (await sim.backOffice.seedUser({ email: 'live@example.com', password: 'secret123' }))
      .token;
    const r = await api.call('productSearch', { search: 'JPY' });
    expect(r.data?.forexProductList).toEqual(expect.arrayContaining(['USDJPY', 'EURJPY']));
    token = undefined;
  });

  it('times out after the configured timeout + 0.7 s when the server stalls', async () => {
    const api = client(srv.url, 100);
    sim.backOffice.delay({ call: 'productList', ms: 60_000 });
    const t0 = Date.now();
    const r = await api.call('productList');
    expect(r.fault).toBe('timeout');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(790);
    expect(toasts).toContain('Connection timeout');
    clock.advance(60_000);
  });

  it('streams prices over a WebSocket channel', async () => {
    const ch = createChannel(
      'market',
      webSocketConnector(
        `ws://127.0.0.1:${srv.port}/ws/market`,
        WsClient as unknown as typeof WebSocket,
      ),
    );
    const got: unknown[] = [];
    ch.subscribe({ op: 'sub', topic: 'prices' }, (m) => got.push(m));
    const opened = new Promise<void>((resolve) => {
      ch.connect({ open: () => resolve(), message: () => {}, closed: () => {} });
    });
    await opened;
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 100 && got.length === 0; i++) {
      clock.advance(400);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(got.length).toBeGreaterThan(0);
    expect(got[0]).toMatchObject({ topic: 'prices' });
  });

  it('a network failure shows the server error text', async () => {
    const api = client('http://127.0.0.1:9');
    const r = await api.call('productList');
    expect(r.fault).toBe('network');
    expect(toasts.at(-1)).toBe('Server error (500)');
  });
});
