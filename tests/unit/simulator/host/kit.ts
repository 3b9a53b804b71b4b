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
import { Worker } from 'node:worker_threads';
import WsClient from 'ws';
import { realClock } from '../../../../src/simulator/clock.ts';
import type { HostLimits } from '../../../../src/simulator/host/limits.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import { nodeWriteScope } from '../../../../src/simulator/host/write-scope.ts';
import type { HostRoute } from '../../../../src/simulator/host/operator-api.ts';
import { createSimulator, type Simulator } from '../../../../src/simulator/server.ts';
import type { SimulatorOptions } from '../../../../src/simulator/server.ts';
import { slow } from '../../../support/time-scale.ts';

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
    writeScope: nodeWriteScope(),
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
        timeout: o.timeoutMs ?? slow(10_000),
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

/** Wait until a condition holds, checking every 25 ms; fails after `ms` (scaled on a busy machine). */
export async function until(cond: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + slow(ms);
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
  banners: '/api/v1/wa-na/appBanner/list',
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
  stop(): Promise<{ ms: number[]; failed: number; p99: number; p90: number; p50: number }>;
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
      return { ms, failed, p99: pct(ms, 99), p90: pct(ms, 90), p50: pct(ms, 50) };
    },
  };
}

/** A signed-in user of the host's simulator. */
export async function user(h: Host, email: string): Promise<{ uid: string; token: string }> {
  return h.sim.backOffice.seedUser({ email, password: 'secret123' });
}

export interface FloodSpec {
  port: number;
  path: string;
  token?: string;
  /** Loopback addresses it comes from, in turn. */
  from: string[];
  /** Calls in flight at once. */
  concurrency: number;
  /** GET sends no body (default POST). */
  method?: 'GET' | 'POST';
  /** JSON bodies, lane k sending the k-th (modulo their count); default `{}`. */
  bodies?: string[];
  /**
   * After a 429 a lane pauses this long, ms (default 0): for an attack on
   * something behind the rate limits, so the refused calls' own cost does not
   * swamp what is measured.
   */
  pauseAfter429Ms?: number;
  durationMs: number;
  /** Keep on past `durationMs` until this many calls were sent (a loaded machine is slow; 10 s at most, scaled). */
  minCalls?: number;
  /**
   * Keep on until one call was refused 429 (within the same cap): a starved
   * machine may send too slowly to pass a limit in `durationMs`, and a flood
   * that was never limited shows nothing about the limit.
   */
  untilLimited?: boolean;
}

export interface FloodResult {
  sent: number;
  /** Replies by HTTP status (0: no reply). */
  statuses: Record<number, number>;
  /** The first 429's body and Retry-After. */
  limited?: { body: string; retryAfter: string | undefined };
  ms: number;
  /** How long each call answered 200 took, ms. */
  okMs: number[];
}

/**
 * An attacker on its own thread (as it would be its own process): calls as
 * fast as `concurrency` keep-alive connections allow, for `durationMs`. The
 * host and the well-behaved client stay on this thread, so what the flood
 * costs them is the host's handling of it, not the generating.
 */
export function flood(spec: FloodSpec): Promise<FloodResult> {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const http = require('node:http');
    const s = workerData;
    const agents = s.from.map((a) => new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: a }));
    const statuses = {};
    let sent = 0, limited;
    const okMs = [];
    const t0 = Date.now();
    const one = (i) => new Promise((done) => {
      const started = performance.now();
      const body = s.bodies ? s.bodies[(i % s.concurrency) % s.bodies.length] : '{}';
      const get = s.method === 'GET';
      const headers = get ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
      if (s.token) headers.Authorization = 'Bearer ' + s.token;
      const req = http.request({ host: '127.0.0.1', port: s.port, path: s.path, method: get ? 'GET' : 'POST',
        headers, agent: agents[i % agents.length] }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1;
          if (res.statusCode === 200) okMs.push(performance.now() - started);
          if (res.statusCode === 429 && !limited) limited = { body, retryAfter: res.headers['retry-after'] };
          done(res.statusCode);
        });
      });
      req.on('error', () => { statuses[0] = (statuses[0] || 0) + 1; done(); });
      req.end(get ? undefined : body);
      sent++;
    });
    const more = () => {
      const t = Date.now() - t0;
      return t < s.capMs && (t < s.durationMs || sent < (s.minCalls || 0) || (s.untilLimited && !limited));
    };
    const pause = () => new Promise((r) => setTimeout(r, s.pauseAfter429Ms || 0));
    const lane = async (k) => {
      for (let i = k; more(); i += s.concurrency) if ((await one(i)) === 429 && s.pauseAfter429Ms) await pause();
    };
    Promise.all(Array.from({ length: s.concurrency }, (_, k) => lane(k))).then(() => {
      for (const a of agents) a.destroy();
      parentPort.postMessage({ sent, statuses, limited, ms: Date.now() - t0, okMs });
    });
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { ...spec, capMs: slow(10_000) } });
    w.once('message', (m: FloodResult) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** What a well-behaved client saw: alone (baseline), then during an attack. */
export interface Seen {
  name: string;
  baseline: { p50: number; p90: number; p99: number };
  attack: { p50: number; p90: number; p99: number; calls: number; failed: number };
}

const ms = (p: { p50: number; p90: number; p99: number }) =>
  `p99 ${p.p99.toFixed(1)} ms (p90 ${p.p90.toFixed(1)}, p50 ${p.p50.toFixed(1)})`;

export const describeSeen = (s: Seen): string =>
  `${s.name}: ${ms(s.attack)} over ${s.attack.calls} calls, ${s.attack.failed} failed; alone ${ms(s.baseline)}`;

/**
 * Run an attack while a well-behaved client (its own address, one call at a
 * time) keeps calling, after measuring it alone. What the attack holds stays
 * held until the client has made 20 calls during it; then `attack`'s returned
 * function lets it go.
 *
 * The bound: none of its calls fail; its median stays under 100 ms or, on a
 * machine so loaded that the client alone is slower, under 3x its median
 * alone; and its p99 under 2 s. The p99 is printed, not held to 100 ms here:
 * with 20 calls it is the slowest one, and on a machine shared by several
 * jobs (load 10+ on 2 cores when this was written) any one call can wait out
 * other processes' time slices whatever the host does. The figures in
 * docs/conformance.md come from a quieter run.
 */
export async function underAttack(
  name: string,
  port: number,
  token: string,
  attack: () => Promise<(() => void) | void>,
  /** Pause between its calls, ms (keep it under the test's rate limits). */
  gapMs = 20,
): Promise<Seen> {
  const alone = wellBehaved(port, token, undefined, gapMs);
  await until(() => alone.count() >= 20, 10_000, 'the baseline calls');
  const base = await alone.stop();
  const good = wellBehaved(port, token, undefined, gapMs);
  let r: Awaited<ReturnType<typeof good.stop>>;
  try {
    const release = await attack();
    await until(() => good.count() >= 20, 10_000, 'the well-behaved client to make 20 calls');
    release?.();
  } finally {
    r = await good.stop();
  }
  const seen: Seen = {
    name,
    baseline: { p50: base.p50, p90: base.p90, p99: base.p99 },
    attack: { p50: r.p50, p90: r.p90, p99: r.p99, calls: r.ms.length, failed: r.failed },
  };
  if (r.failed > 0 || r.p50 >= Math.max(slow(100), 3 * base.p50) || r.p99 >= slow(2_000))
    throw new Error(`the well-behaved client suffered: ${describeSeen(seen)}`);
  return seen;
}
