/**
 * The hostile-network suite's kit: the Node host on 127.0.0.1 over a
 * simulator on the wall clock (so it ticks, and deadlines are real), raw HTTP
 * and WebSocket clients that can come from other loopback addresses (Linux
 * routes all of 127/8 to lo, so 127.0.0.2 is another client to the host), and
 * a well-behaved client whose call latencies are measured during an attack.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WsClient from 'ws';
import { realClock } from '../../../../src/simulator/clock.ts';
import type { HostLimits } from '../../../../src/simulator/host/limits.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import type { HostRoute } from '../../../../src/simulator/host/operator-api.ts';
import { createSimulator, type Simulator } from '../../../../src/simulator/server.ts';
import type { SimulatorOptions } from '../../../../src/simulator/server.ts';

export interface Host {
  sim: Simulator;
  srv: SimServer;
  port: number;
  close(): Promise<void>;
}

/** A simulator on the wall clock behind the Node host with these limits. */
export async function startHost(
  limits: Partial<HostLimits> = {},
  opts: SimulatorOptions & { routes?: HostRoute[]; wrap?: (s: Simulator) => Simulator } = {},
): Promise<Host> {
  const sim = await createSimulator({
    seed: 5,
    clock: realClock,
    passwordIterations: 1_000,
    ...opts,
  });
  const srv = await startSimServer(
    opts.wrap ? opts.wrap(sim) : sim,
    0,
    '127.0.0.1',
    opts.routes ?? [],
    limits,
  );
  return {
    sim,
    srv,
    port: srv.port,
    async close() {
      sim.stop();
      await srv.close();
    },
  };
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CallOpts {
  method?: 'GET' | 'POST';
  /** The loopback address the client comes from (default 127.0.0.1). */
  from?: string;
  token?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Give up after this, ms (rejects). */
  timeoutMs?: number;
}

/** One HTTP request on a connection of its own. */
export function call(port: number, path: string, o: CallOpts = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Connection: 'close', ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(o.body));
    }
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: o.from ?? '127.0.0.1',
        agent: false,
        timeout: o.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A raw TCP connection to the host from a loopback address, open. */
export function rawConnect(port: number, from = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve(s));
    s.once('error', reject);
  });
}

/** Resolves when the socket is closed by the other side (or errors), with what it received. */
export function closedBy(s: Socket): Promise<string> {
  let got = '';
  s.on('data', (c: Buffer) => (got += c.toString('latin1')));
  return new Promise((resolve) => {
    if (s.destroyed) return resolve(got);
    s.once('close', () => resolve(got));
    s.once('error', () => undefined);
  });
}

/** Open a channel socket from a loopback address. */
export function openWs(
  port: number,
  name: 'market' | 'exchange',
  from = '127.0.0.1',
  opts: WsClient.ClientOptions = {},
): Promise<WsClient> {
  const ws = new WsClient(`ws://127.0.0.1:${port}/ws/${name}`, { localAddress: from, ...opts });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The code a socket closes with. */
export const closeCode = (ws: WsClient): Promise<number> =>
  new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve(-1);
    ws.once('close', (code) => resolve(code));
  });

/** Wait until a condition holds, checking every 25 ms; fails after `ms`. */
export async function until(cond: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : NaN;
};

/** Contract paths used here (tests may spell them; src may not). */
export const PATHS = {
  productList: '/api/v1/wa-na/forex/product/list',
  balance: '/api/v1/waa/user/balance',
  userInfo: '/api/v1/waa/user/info',
  login: '/api/v1/wa-na/login',
  infoSubmit: '/api/v1/waa/user/info/submit',
} as const;

/**
 * A well-behaved client: from its own address, one signed-in call at a
 * time, every `gapMs`, until stopped; resolves to its latencies and failures.
 */
export function wellBehaved(
  port: number,
  token: string,
  from = '127.0.0.250',
  gapMs = 20,
): {
  /** Calls answered so far. */
  count(): number;
  stop(): Promise<{ ms: number[]; failed: number; p99: number; p50: number }>;
} {
  const ms: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const r = await call(port, PATHS.balance, { method: 'POST', token, from, body: '{}' });
        if (r.status === 200 && (JSON.parse(r.body) as { code: number }).code === 0)
          ms.push(performance.now() - t0);
        else failed++;
      } catch {
        failed++;
      }
      await sleep(gapMs);
    }
  })();
  return {
    count: () => ms.length + failed,
    async stop() {
      running = false;
      await loop;
      return { ms, failed, p99: pct(ms, 99), p50: pct(ms, 50) };
    },
  };
}

/** A signed-in user of the host's simulator. */
export async function user(h: Host, email: string): Promise<{ uid: string; token: string }> {
  return h.sim.backOffice.seedUser({ email, password: 'secret123' });
}
