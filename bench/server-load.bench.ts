/**
 * The Node host under load: `sim:server` as its own process, 200 WebSocket
 * clients streaming all prices as the app takes them (deltas), and 50 calls per second (a mix of anonymous
 * product lists and signed-in balance, user-info and order-query calls) for
 * 60 s on loopback. Reports call latency p50/p99, failed calls, per-client
 * message counts (a client far below the best one lost messages), disconnects,
 * and the server's resident memory. Bounded: it stops by itself.
 * `BENCH_LOAD_SECONDS` shortens the run.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startLiveServer } from '../tests/e2e/live-server.ts';
import type { BenchResult } from './types.ts';

const CLIENTS = 200;
const CALLS_PER_S = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = 20;

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};

export async function run(): Promise<BenchResult[]> {
  const srv = await startLiveServer(7);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const u = await srv.call<{ token: string }>('seedUser', {
        email: `load${i}@example.com`,
        password: 'secret123',
        deposit: 10_000,
      });
      tokens.push(u.token);
    }
    const wsUrl = `${srv.url.replace(/^http/, 'ws')}/ws/market`;
    const received = new Array<number>(CLIENTS).fill(0);
    let bytes = 0;
    let disconnects = 0;
    const sockets = await Promise.all(
      Array.from(
        { length: CLIENTS },
        (_, i) =>
          new Promise<WebSocket>((resolve, reject) => {
            // Spread over loopback addresses, as clients are: one address holds 32 sockets at most.
            const ws = new WebSocket(wsUrl, { localAddress: `127.0.0.${2 + (i % 10)}` });
            ws.on('open', () => {
              ws.send(JSON.stringify({ op: 'sub', topic: 'prices', delta: true }));
              resolve(ws);
            });
            ws.on('message', (data: Buffer) => {
              received[i] = (received[i] ?? 0) + 1;
              bytes += data.length;
            });
            ws.on('close', () => (disconnects += 1));
            ws.on('error', reject);
          }),
      ),
    );
    const rssStart = rssMb(srv.pid);
    const latencies: number[] = [];
    let failed = 0;
    const one = async (n: number) => {
      const token = tokens[n % USERS] as string;
      const kind = n % 4;
      const url =
        kind === 0
          ? `${srv.url}/api/v1/wa-na/forex/product/list`
          : kind === 1
            ? `${srv.url}/api/v1/waa/user/balance`
            : kind === 2
              ? `${srv.url}/api/v1/waa/user/info`
              : `${srv.url}/api/v1/waa/order/query`;
      const t0 = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: kind === 3 ? JSON.stringify({ positionStatus: 1, page: 1, limit: 20 }) : '{}',
        });
        const body = (await res.json()) as { code?: number };
        if (res.status !== 200 || body.code !== 0) failed += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - t0);
    };
    const pending: Promise<void>[] = [];
    const total = CALLS_PER_S * SECONDS;
    bytes = 0;
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / CALLS_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(one(n));
    }
    await Promise.all(pending);
    const rssEnd = rssMb(srv.pid);
    // The host is still up and answers.
    const alive = (await fetch(`${srv.url}/api/v1/wa-na/forex/product/list`, { method: 'POST' }))
      .status;
    for (const ws of sockets) ws.terminate();
    const best = Math.max(...received);
    const starved = received.filter((r) => r < best * 0.9).length;
    return [
      { name: 'load: call latency p50', value: pct(latencies, 50), unit: 'ms', max: 50 },
      { name: 'load: call latency p99', value: pct(latencies, 99), unit: 'ms', max: 250 },
      { name: 'load: failed calls', value: failed, unit: 'calls', max: 0, note: `of ${total}` },
      {
        name: 'load: clients below 90% of the best client',
        value: starved,
        unit: 'clients',
        max: 0,
        note: `messages per client: min ${Math.min(...received)}, best ${best}`,
      },
      { name: 'load: socket disconnects', value: disconnects, unit: 'sockets', max: 0 },
      {
        name: 'load: prices per client (markets open now only)',
        value: bytes / CLIENTS / ((performance.now() - start) / 60_000) / 1e6,
        unit: 'MB/min',
      },
      {
        name: 'load: server memory (RSS) at end',
        value: rssEnd,
        unit: 'MB',
        max: 512,
        note: `${rssStart.toFixed(0)} MB after connect`,
      },
      {
        name: 'load: host answers afterwards (HTTP status)',
        value: alive,
        unit: '',
        min: 200,
        max: 200,
      },
    ];
  } finally {
    await srv.stop();
  }
}
