/**
 * The operator API: the back office over HTTP, for the console in live mode
 * and for tests, under its own root outside the spec's contract.
 *
 *   GET  /operator/v1/outbox[?to=…]            → {"code":0,"data":[OutboxEntry…]}
 *   POST /operator/v1/call {"op":"…","args":[…]} → {"code":0,"data":<result>}
 *
 * Every request carries `X-Operator-Key`. Wrong or missing key: 401; past
 * {@link OperatorApiOptions.maxFailures} of those from one address in the
 * window: 429, each held back longer than the last (up to
 * {@link MAX_WRONG_KEY_DELAY_MS}); an operation not on the allow-list: 404;
 * arguments that do not fit, or an operation that refuses them: 400.
 *
 * The right key is always served, from any address, however many wrong
 * ones came from there: a lock per address let anyone behind the same
 * address (a proxy, a local process) shut the operator out. Guessing is held
 * off by the key itself (32 random bytes, or a SIM_OPERATOR_KEY of at least
 * {@link MIN_OPERATOR_KEY_LENGTH} characters: operator-key.ts) and slowed by
 * the growing delays.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Simulator } from '../server.ts';
import { keyMatches } from './operator-key.ts';
import { addressKey } from './peers.ts';
import { checkCall, runOp } from './operator-ops.ts';

/** What the host hands a mounted route: the parsed URL and its bounded body reader. */
export interface RouteContext {
  url: URL;
  readBody(): Promise<unknown>;
}

/** A route the Node host tries before its own; true when it answered the request. */
export type HostRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RouteContext,
) => Promise<boolean>;

export interface OperatorApiOptions {
  /** SHA-256 of the key (see operator-key.ts). */
  keyHash: Buffer;
  /** Origins the in-browser console may call from; default: any loopback origin. */
  origins?: readonly string[];
  /** Wrong keys allowed per address per window before 429 (default 10). */
  maxFailures?: number;
  /** The window, in ms (default a minute). */
  windowMs?: number;
  /** Wall clock for the rate window (tests pass their own). */
  now?: () => number;
  /**
   * The largest body of a `loadScenario` call, bytes (413): the host's JSON
   * body limit (limits.ts `jsonBodyBytes`, which also bounds the read); every
   * other call stays under {@link OPERATOR_MAX_BODY}.
   */
  scenarioBytes?: number;
}

/** Larger call bodies are refused before they are read. */
export const OPERATOR_MAX_BODY = 64 * 1024;
const ROOT = '/operator/';
const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
/** Addresses tracked at most (oldest forgotten first), so a flood cannot grow memory. */
const MAX_TRACKED = 10_000;
/** The first wrong key past the limit waits this long; each further one twice as long… */
const WRONG_KEY_DELAY_MS = 250;
/** …up to this. */
export const MAX_WRONG_KEY_DELAY_MS = 10_000;

/** Wrong keys per address in a sliding window: how many, so the reply can be held back. */
function failureLimiter(windowMs: number, now: () => number) {
  const fails = new Map<string, number[]>();
  const recent = (ip: string) => (fails.get(ip) ?? []).filter((t) => now() - t < windowMs);
  return {
    /** Count a wrong key; returns how many the address has in the window. */
    fail(ip: string): number {
      const list = [...recent(ip), now()];
      fails.delete(ip);
      fails.set(ip, list);
      if (fails.size > MAX_TRACKED) fails.delete(fails.keys().next().value as string);
      return list.length;
    },
  };
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const failure = (status: number, msg: string) => ({ code: status, msg, data: null });

/** The operator API as a route for the Node host. */
export function operatorRoute(sim: Simulator, opts: OperatorApiOptions): HostRoute {
  const now = opts.now ?? Date.now;
  const max = opts.maxFailures ?? 10;
  const windowMs = opts.windowMs ?? 60_000;
  const limiter = failureLimiter(windowMs, now);
  const allowed = (origin: string) =>
    opts.origins ? opts.origins.includes(origin) : LOOPBACK.test(origin);

  return async (req, res, { url, readBody }) => {
    if (!url.pathname.startsWith(ROOT)) return false;
    const origin = req.headers.origin;
    const headers: Record<string, string> = { Vary: 'Origin', 'Cache-Control': 'no-store' };
    if (origin && allowed(origin)) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers['Access-Control-Allow-Headers'] = 'X-Operator-Key, Content-Type';
      headers['Access-Control-Allow-Methods'] = 'GET, POST, OPTIONS';
      headers['Access-Control-Max-Age'] = '600';
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end();
      return true;
    }
    const key = req.headers['x-operator-key'];
    if (!keyMatches(typeof key === 'string' ? key : undefined, opts.keyHash)) {
      // Counted as the host counts addresses: an IPv6 client holds a whole /64 to guess from.
      const n = limiter.fail(addressKey(req.socket.remoteAddress));
      if (n <= max) {
        reply(res, 401, failure(401, 'operator key missing or wrong'), headers);
        return true;
      }
      // Past the limit: wrong keys only, each held back longer (the right key is never refused).
      await pause(Math.min(MAX_WRONG_KEY_DELAY_MS, WRONG_KEY_DELAY_MS * 2 ** (n - max - 1)));
      reply(res, 429, failure(429, 'too many wrong keys; wait a minute'), {
        ...headers,
        'Retry-After': String(Math.ceil(windowMs / 1000)),
      });
      return true;
    }
    await dispatch(
      sim,
      req,
      url.pathname.slice(ROOT.length),
      url,
      readBody,
      (status, body) => reply(res, status, body, headers),
      opts.scenarioBytes ?? OPERATOR_MAX_BODY,
    );
    return true;
  };
}

/** Answer an authenticated request. */
async function dispatch(
  sim: Simulator,
  req: IncomingMessage,
  path: string,
  url: URL,
  readBody: () => Promise<unknown>,
  send: (status: number, body: unknown) => void,
  scenarioBytes: number,
): Promise<void> {
  if (path === 'v1/outbox') {
    if (req.method !== 'GET') send(405, failure(405, 'use GET'));
    else
      send(200, { code: 0, data: sim.backOffice.outbox(url.searchParams.get('to') ?? undefined) });
    return;
  }
  if (path !== 'v1/call') return send(404, failure(404, 'not found'));
  if (req.method !== 'POST') return send(405, failure(405, 'use POST'));
  // A scenario file may be larger than a call; its op is known once the body is read.
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > Math.max(OPERATOR_MAX_BODY, scenarioBytes))
    return send(413, failure(413, 'body too large'));
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    return send(400, failure(400, 'send JSON'));
  let body: unknown;
  try {
    body = await readBody();
  } catch {
    return send(400, failure(400, 'body is not JSON'));
  }
  const { op, args } = (typeof body === 'object' && body !== null ? body : {}) as {
    op?: unknown;
    args?: unknown;
  };
  if (length > OPERATOR_MAX_BODY && op !== 'loadScenario')
    return send(413, failure(413, 'body too large'));
  const checked = checkCall(op, args);
  if (!checked.ok) return send(checked.status, failure(checked.status, checked.msg));
  try {
    const data = await runOp(sim.backOffice, checked.op, checked.args);
    // The operator's change is saved at once, as the worker does.
    await sim.flush();
    send(200, { code: 0, data: data ?? null });
  } catch (e) {
    // Operations refuse what they cannot do (no such user, not in review…) by throwing.
    if (e instanceof Error) send(400, failure(400, e.message));
    else throw e;
  }
}
