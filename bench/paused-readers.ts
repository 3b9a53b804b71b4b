/**
 * Slow readers against `sim:server`, measured by hand (not part of
 * `npm run bench`: it runs minutes): `npx tsx bench/paused-readers.ts`.
 *
 * `PAUSED_READERS` market sockets (default 500) from 20 loopback addresses
 * each subscribe to every price in full and to BTCUSDT's bars in every
 * period, then stop reading for `PAUSED_SECONDS` (default 300). The server's
 * resident memory is sampled every 10 s, with the kernel's TCP memory (what
 * the paused readers' socket buffers hold); a well-behaved client calls
 * throughout. Then the readers go and memory is read once more. Bounded: it
 * stops early if the kernel's TCP memory nears its pressure mark, so it
 * cannot starve the machine's other connections. Prints one JSON line.
 *
 * With the kernel's default buffers (up to 4 MB a socket on loopback) the
 * readers' kernel buffers fill before the host's own, so 500 of them take
 * about 2 GB of kernel memory first. To reach the host's buffers within the
 * run without that, run it in a network namespace of its own with smaller
 * TCP buffers (root):
 *
 *   unshare -n sh -c 'ip link set lo up;
 *     echo "4096 16384 262144" > /proc/sys/net/ipv4/tcp_wmem;
 *     echo "4096 131072 262144" > /proc/sys/net/ipv4/tcp_rmem;
 *     npx tsx bench/paused-readers.ts'
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startLiveServer } from '../tests/e2e/live-server.ts';

const READERS = Number(process.env.PAUSED_READERS ?? 500);
const SECONDS = Number(process.env.PAUSED_SECONDS ?? 300);
const ADDRESSES = 20;
const PERIODS = ['1min', '5min', '15min', '30min', '1h', '1d'];

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};
/** Open file descriptors of a process (its sockets, plus a handful of files). */
const fds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;
/** Pages of memory the kernel's TCP sockets hold, system-wide. */
const tcpPages = (): number =>
  Number(/TCP:.* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1] ?? 0);
/** The kernel's TCP memory pressure mark, pages (not readable in a network namespace: 1.5 GB). */
const pressurePages = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/tcp_mem', 'utf8').split(/\s+/)[1]);
  } catch {
    return 383_868;
  }
})();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const srv = await startLiveServer(7);
const samples: Array<{ s: number; rssMb: number; tcpMb: number; serverFds: number }> = [];
let stoppedEarly = false;
try {
  const { token } = await srv.call<{ token: string }>('seedUser', {
    email: 'probe@example.com',
    password: 'secret123',
  });
  const rssBefore = rssMb(srv.pid);
  const url = `${srv.url.replace(/^http/, 'ws')}/ws/market`;
  const readers: WebSocket[] = [];
  for (let i = 0; i < READERS; i++) {
    const ws = new WebSocket(url, { localAddress: `127.0.${10 + (i % ADDRESSES)}.1` });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    for (const period of PERIODS)
      ws.send(JSON.stringify({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period }));
    readers.push(ws);
  }
  await sleep(500);
  for (const ws of readers) (ws as unknown as { _socket: Socket })._socket.pause();
  const rssPaused = rssMb(srv.pid);
  const fdsPaused = fds(srv.pid);

  // The well-behaved client, one call at a time.
  const latencies: number[] = [];
  let failed = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${srv.url}/api/v1/waa/user/balance`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: '{}',
        });
        if (res.status !== 200 || ((await res.json()) as { code: number }).code !== 0) failed++;
        else latencies.push(performance.now() - t0);
      } catch {
        failed++;
      }
      await sleep(100);
    }
  })();

  const t0 = Date.now();
  while (Date.now() - t0 < SECONDS * 1000) {
    await sleep(10_000);
    const tcp = tcpPages();
    samples.push({
      s: Math.round((Date.now() - t0) / 1000),
      rssMb: Math.round(rssMb(srv.pid)),
      tcpMb: Math.round((tcp * 4096) / 1e6),
      serverFds: fds(srv.pid),
    });
    console.error(JSON.stringify(samples.at(-1)));
    if (tcp > 0.6 * pressurePages) {
      stoppedEarly = true;
      break;
    }
  }
  const rssEnd = rssMb(srv.pid);
  probing = false;
  await probe;
  for (const ws of readers) ws.terminate();
  await sleep(10_000);
  console.log(
    JSON.stringify({
      readers: READERS,
      seconds: Math.round((Date.now() - t0) / 1000) - 10,
      stoppedEarly,
      rssMb: {
        before: Math.round(rssBefore),
        afterConnect: Math.round(rssPaused),
        peak: Math.max(...samples.map((x) => x.rssMb)),
        atEnd: Math.round(rssEnd),
        afterClose: Math.round(rssMb(srv.pid)),
      },
      // The server's descriptors: its sockets (the paused readers' among them) and files.
      serverFds: { afterConnect: fdsPaused, atEnd: samples.at(-1)?.serverFds },
      probe: {
        calls: latencies.length,
        failed,
        p50: Number(pct(latencies, 50).toFixed(1)),
        p99: Number(pct(latencies, 99).toFixed(1)),
      },
      samples,
    }),
  );
} finally {
  await srv.stop();
}
