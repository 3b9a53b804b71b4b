/**
 * The simulator as a separate server process (`scripts/sim-server.ts`), for the
 * `live` Playwright project: the app talks to it over real HTTP and WebSocket,
 * and the test plays the operator through the operator API, as a reviewer's
 * console does. Started and stopped by the test run; listens on 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LiveServer {
  /** The server process id (for memory readings). */
  readonly pid: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** The operator key the server was started with. */
  key: string;
  dataDir: string;
  /** Codes the server printed (SIM_SHOW_CODES), oldest first. */
  printed: string[];
  /** Call a back-office operation through the operator API. */
  call<T = unknown>(op: string, ...args: unknown[]): Promise<T>;
  /**
   * Kill the process (SIGKILL: no graceful flush) and start it again on the
   * same port and data; `env` changes some of its variables (a limit).
   */
  restart(opts?: { graceful?: boolean; env?: Record<string, string> }): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

function launch(
  env: Record<string, string>,
  printed: string[],
): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/sim-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`sim-server did not start in time:\n${out}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      out += text;
      for (const line of text.split('\n'))
        if (/^code\s/.test(line.trim())) printed.push(line.trim());
      const m = /Simulator server on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1] as string });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sim-server exited (${code}) before it started:\n${out}`));
    });
  });
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => proc.once('exit', () => r()));
}

/**
 * Start `sim:server` on a free port with a fresh data folder and a known
 * operator key; `extra` adds variables (limits: SIM_LIMIT_…).
 */
export async function startLiveServer(
  seed = 20261122,
  extra: Record<string, string> = {},
): Promise<LiveServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-live-'));
  const key = randomBytes(24).toString('base64url');
  const printed: string[] = [];
  const env: Record<string, string> = {
    PORT: '0',
    // A known market, so runs repeat (the server warns that it is predictable).
    SIM_SEED: String(seed),
    SIM_DATA: dataDir,
    SIM_OPERATOR_KEY: key,
    SIM_SHOW_CODES: '1',
    ...extra,
  };
  let { proc, url } = await launch(env, printed);
  const port = Number(new URL(url).port);
  env.PORT = String(port);

  const server: LiveServer = {
    get pid() {
      return proc.pid ?? 0;
    },
    url,
    port,
    key,
    dataDir,
    printed,
    async call<T>(op: string, ...args: unknown[]): Promise<T> {
      const res = await fetch(`${server.url}/operator/v1/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Operator-Key': key },
        body: JSON.stringify({ op, args }),
      });
      const body = (await res.json()) as { code: number; msg?: string; data: T };
      if (res.status !== 200 || body.code !== 0)
        throw new Error(`operator ${op}: ${res.status} ${body.msg ?? ''}`);
      return body.data;
    },
    async restart(opts = {}) {
      proc.kill(opts.graceful ? 'SIGTERM' : 'SIGKILL');
      await exited(proc);
      Object.assign(env, opts.env);
      ({ proc, url } = await launch(env, printed));
      server.url = url;
    },
    async stop() {
      proc.kill('SIGTERM');
      const done = await Promise.race([
        exited(proc).then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
      ]);
      if (!done) {
        proc.kill('SIGKILL');
        await exited(proc);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The site config that points the app at a live server (served in place of config/site.json). */
export function liveSiteConfig(base: Record<string, unknown>, srv: LiveServer): unknown {
  const ws = srv.url.replace(/^http/, 'ws');
  return {
    ...base,
    backend: 'live',
    live: {
      roots: {
        api: `${srv.url}/api`,
        market: `${srv.url}/market`,
        exchange: `${srv.url}/exchange`,
      },
      prefix: '/v1',
      ws: { market: `${ws}/ws/market`, exchange: `${ws}/ws/exchange` },
    },
    operatorUrl: `${srv.url}/operator`,
    timeoutMs: 3_000,
  };
}
