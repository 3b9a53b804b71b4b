/**
 * The simulator as a live server: HTTP for calls and WebSocket for the two
 * channels, on 127.0.0.1. Tests use it to prove the live transport against a
 * real server; reviewers can run it (`npm run sim:server`) and point a site
 * config with backend "live" at it.
 *
 * Layout: `http://host:port/<root>/v1<path>` for calls (root: api, market,
 * exchange) and `ws://host:port/ws/<channel>` for channels (sockets.ts).
 *
 * Every limit is in limits.ts. A call is routed before anything else: an
 * unknown route gets 404 and a wrong method 405 without its body being read;
 * then the rates per address and per account (429 with a spec-shaped body and
 * `Retry-After`); then the body, only in the call's encoding (415 otherwise),
 * within its caps (413), and JSON that does not parse gets 400 with
 * `{ code: 1001 }`. A request line and headers over 16 KB get Node's 431.
 * Connections past the global cap are dropped, past the per-address cap
 * answered 503; slow headers or bodies are cut at their deadlines (408). The
 * simulator sees the client's address in the {@link PEER_HEADER} header, set
 * here only. Any failure is answered on its own request (500) and never ends
 * the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { contract, matchCall, type Encoding, type Endpoint } from '../../api/contract.ts';
import { isMultipart, type Root, type WireRequest } from '../../api/wire.ts';
import { TOO_MANY_TEXT } from '../payload.ts';
import type { Simulator } from '../server.ts';
import { Gone, hasBody, Malformed, readCallBody, readRaw, TooLarge, WrongType } from './body.ts';
import { queryWithin } from './json-shape.ts';
import { HOST_LIMITS, type HostLimits } from './limits.ts';
import type { HostRoute } from './operator-api.ts';
import { callCost } from './call-costs.ts';
import { addressKey, callPeer, LineFull, PEER_HEADER, peerOf, Shares, Turns } from './peers.ts';
import { callRates, type CallRates } from './rates.ts';
import { socketHost } from './sockets.ts';

export { HOST_LIMITS, type HostLimits } from './limits.ts';
export { PEER_HEADER } from './peers.ts';
export { TOO_MANY_TEXT };

export interface SimServer {
  url: string;
  port: number;
  /**
   * What the host holds now: TCP connections, WebSockets (and those it is
   * closing), bytes waiting in socket buffers.
   */
  stats(): { connections: number; sockets: number; closing: number; bufferedBytes: number };
  close(): Promise<void>;
}

/** A reply body shaped as the spec's replies, for what the host refuses itself. */
const refusal = (code: number, msg: string) => JSON.stringify({ code, msg, data: null });

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Expose-Headers': 'Retry-After',
  // A preflight is cached per URL for this long (Chromium caps it at 2 h): without it every
  // POST paid a round trip first, on every visit (issue 31).
  'Access-Control-Max-Age': '7200',
};
const jsonHeaders = { ...cors, 'Content-Type': 'application/json' };

/** Replies shorter than this go as they are (gzip's header and a round of CPU would not pay). */
export const GZIP_MIN_BYTES = 1024;
const gzipped = promisify(gzip);

/**
 * A call's reply, gzipped when the client takes it and it is long enough: the
 * product list is 18 KB of JSON, 3.5 KB gzipped, and on a phone's first visit
 * it shares the link with the app's scripts (issue 31: Buy waited on bytes).
 */
async function replyJson(req: IncomingMessage, res: ServerResponse, status: number, body: string) {
  if (body.length < GZIP_MIN_BYTES || !/\bgzip\b/.test(req.headers['accept-encoding'] ?? ''))
    return void res.writeHead(status, { ...jsonHeaders, Vary: 'Accept-Encoding' }).end(body);
  const zipped = await gzipped(body);
  res
    .writeHead(status, { ...jsonHeaders, Vary: 'Accept-Encoding', 'Content-Encoding': 'gzip' })
    .end(zipped);
}

/**
 * A refused request's body still on the wire is read and dropped, never
 * parsed (a lingering close). Closing a socket with unread input makes the
 * kernel reset it, and the client then loses the reply it has not read yet:
 * a 413 arrived as ECONNRESET on a loaded machine. Within
 * {@link HostLimits.refusedBodyBytes} and {@link HostLimits.lingerMs} the
 * connection stays usable; past either it is closed.
 */
export function linger(req: IncomingMessage, limits: HostLimits): void {
  if (!hasBody(req) || req.complete || req.destroyed) return;
  let seen = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, limits.lingerMs);
  timer.unref();
  req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > limits.refusedBodyBytes) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** Answer a refusal; a body still on the wire lingers (see {@link linger}). */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  limits: HostLimits,
  status: number,
  body: string,
  extra: Record<string, string> = {},
): void {
  linger(req, limits);
  res.writeHead(status, { ...jsonHeaders, ...extra }).end(body);
}

/** The operator API's body reader: JSON within the JSON cap. */
async function readJson(req: IncomingMessage, limits: HostLimits): Promise<unknown> {
  const raw = await readRaw(req, limits.jsonBodyBytes);
  return raw.length === 0 ? undefined : (JSON.parse(raw.toString('utf8')) as unknown);
}

type Call = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

const RETRY_SOON = { 'Retry-After': '1' };

/**
 * Count a connection's 429s: true for the one past
 * {@link HostLimits.connectionRefusals}, which closes it. A client that waits
 * as told meets a few; one that sent thousands of requests ahead on a
 * connection (HTTP pipelining) meets them all at once, with no round trip
 * between them: 40,000 over eight connections from one address, each a 429,
 * kept the server's thread busy for 10 s.
 */
function refusalsPerConnection(limits: HostLimits) {
  const seen = new WeakMap<object, number>();
  return (socket: Socket): boolean => {
    const n = (seen.get(socket) ?? 0) + 1;
    seen.set(socket, n);
    return n > limits.connectionRefusals;
  };
}

/**
 * Uploads being read or handled at once, per address and in all: each is
 * held whole in memory (up to 12 MB) until its call is answered, and 60
 * held open from one address took 540 MB.
 */
function uploadShares(limits: HostLimits) {
  const byAddress = new Shares(limits.addressUploads);
  let all = 0;
  return {
    /** Take a share; else the status to refuse with (429: this address's are taken, 503: all are). */
    take(peer: string): 429 | 503 | undefined {
      if (all >= limits.maxUploads) return 503;
      if (!byAddress.take(peer)) return 429;
      all++;
      return undefined;
    },
    give(peer: string): void {
      all--;
      byAddress.give(peer);
    },
  };
}

/** One call of the contract, from route to reply. */
function callHandler(sim: Simulator, limits: HostLimits): Call {
  const rates = callRates(limits, async (token) => (await sim.ctx.tokens.verify(token))?.uid);
  const uploads = uploadShares(limits);
  const lastRefusal = refusalsPerConnection(limits);
  const turns = new Turns(limits.addressCallsAtOnce, limits.addressCallsWaiting);
  return async (req, res, url) => {
    const m = /^\/(api|market|exchange)\/v1(\/.*)$/.exec(url.pathname);
    if (!m) return refuse(req, res, limits, 404, '');
    const root = m[1] as Root;
    const path = m[2] as string;
    let hit: ReturnType<typeof matchCall>;
    try {
      hit = matchCall(root, path);
    } catch {
      // A path parameter that is not valid percent-encoding names nothing.
      return refuse(req, res, limits, 400, refusal(1001, 'Incorrect parameter'));
    }
    if (!hit) return refuse(req, res, limits, 404, refusal(-1, `Not found: ${path}`));
    const ep = contract[hit.name];
    if (req.method !== ep.method)
      return refuse(req, res, limits, 405, refusal(-1, 'Method not allowed'));
    // As a JSON body's members (json-shape.ts): each parameter costs the simulator a member.
    if (!queryWithin(url.search, limits))
      return refuse(req, res, limits, 400, refusal(1001, 'Incorrect parameter'));
    const peer = peerOf(req, limits.trustProxy);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const tooMany = (seconds: number) =>
      refuse(req, res, limits, 429, refusal(-1, TOO_MANY_TEXT), {
        'Retry-After': String(seconds),
        // Node ends the connection after this reply; what was sent ahead is never read.
        ...(lastRefusal(req.socket) ? { Connection: 'close' } : {}),
      });
    const wait = await rates.admit(peer, token, callCost(hit.name));
    if (wait > 0) return tooMany(Math.ceil(wait / 1000));
    // An upload is held whole until its call is answered: its share is taken for that long.
    const upload = ep.encoding === 'multipart' && hasBody(req);
    if (upload) {
      const spent = await rates.uploadWait(peer);
      if (spent > 0) return tooMany(Math.ceil(spent / 1000));
      const full = uploads.take(peer);
      if (full) return refuse(req, res, limits, full, refusal(-1, TOO_MANY_TEXT), RETRY_SOON);
    }
    try {
      const read = await readOrRefuse(req, res, ep.encoding, limits);
      if (read && upload) await rates.uploaded(peer, partBytes(read.body));
      // A turn is taken once the body is in: a slow sender holds none.
      if (read)
        await turns
          .run(peer, () =>
            answer(sim, req, res, url, { root, path, ep, peer, auth, body: read.body }, rates),
          )
          .catch((e: unknown) => {
            if (!(e instanceof LineFull)) throw e;
            tooMany(1);
          });
    } finally {
      if (upload) uploads.give(peer);
    }
  };
}

/** What a multipart body's parts hold, bytes (what saving it costs). */
const partBytes = (body: WireRequest['body']): number =>
  isMultipart(body)
    ? body.multipart.reduce((n, [, v]) => n + (typeof v === 'string' ? v.length : v.size), 0)
    : 0;

/** A call's body, or undefined once the request is refused (or gone). */
async function readOrRefuse(
  req: IncomingMessage,
  res: ServerResponse,
  encoding: Encoding,
  limits: HostLimits,
): Promise<{ body: WireRequest['body'] } | undefined> {
  try {
    return { body: await readCallBody(req, encoding, limits) };
  } catch (e) {
    if (e instanceof TooLarge)
      return void refuse(req, res, limits, 413, refusal(-1, 'Request body too large'));
    if (e instanceof WrongType)
      return void refuse(
        req,
        res,
        limits,
        415,
        refusal(1001, 'Content-Type does not match the call'),
      );
    if (e instanceof Malformed)
      return void refuse(req, res, limits, 400, refusal(1001, 'Incorrect parameter'));
    // Cut at its deadline (Node has answered 408) or left: nobody to answer.
    if (e instanceof Gone) return undefined;
    throw e;
  }
}

/** Hand a read call to the simulator and send its reply. */
async function answer(
  sim: Simulator,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  call: {
    root: Root;
    path: string;
    ep: Endpoint;
    peer: string;
    auth: string | undefined;
    body: WireRequest['body'];
  },
  rates: CallRates,
): Promise<void> {
  const { peer, auth, body } = call;
  // Only the token and the host's own peer header reach the simulator (never a client's copy).
  const headers: Record<string, string> = { [PEER_HEADER]: peer };
  if (auth) headers.Authorization = auth;
  const wire: WireRequest = {
    root: call.root,
    method: call.ep.method,
    path: call.path,
    headers,
    ...(url.search ? { query: url.search.slice(1) } : {}),
    ...(body !== undefined ? { body } : {}),
  };
  const out = await callPeer.run(peer, () => sim.handle(wire));
  await rates.replied(peer, out.body.length);
  await replyJson(req, res, out.status, out.body);
}

/** Per-address connection shares: one over is answered 503 and closed. */
function connectionShares(server: Server, limits: HostLimits): void {
  // Behind a proxy every connection is the proxy's: its own limits apply there.
  if (limits.trustProxy) return;
  const shares = new Shares(limits.addressConnections);
  server.on('connection', (socket) => {
    const key = addressKey(socket.remoteAddress);
    if (!shares.take(key)) {
      // Nothing of it is read: the parser never sees a request.
      socket.pause();
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        () => socket.destroy(),
      );
      return;
    }
    socket.once('close', () => shares.give(key));
  });
}

/**
 * Serve a simulator over HTTP and WebSocket on 127.0.0.1 (by default) with the
 * host's limits; port 0 picks a free one.
 */
export async function startSimServer(
  sim: Simulator,
  port = 0,
  host = '127.0.0.1',
  /** Routes tried first, with the host's body reader (the operator API). */
  routes: readonly HostRoute[] = [],
  limitsIn: Partial<HostLimits> = {},
): Promise<SimServer> {
  const limits: HostLimits = { ...HOST_LIMITS, ...limitsIn };
  const call = callHandler(sim, limits);
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.deadlineCheckMs,
    },
    (req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', `http://${host}`);
        for (const r of routes)
          if (await r(req, res, { url, readBody: () => readJson(req, limits) }))
            // A route that answered without reading the body (a wrong key, too large).
            return linger(req, limits);
        if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
        await call(req, res, url);
      })().catch((e: unknown) => {
        // This request failed; the others and the process go on.
        console.error('sim server', e);
        if (res.headersSent) res.destroy();
        else res.writeHead(500, jsonHeaders).end(refusal(1000, 'Unknown error'));
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  // With no 'timeout' listener, Node destroys a socket idle this long (a WebSocket clears it).
  server.setTimeout(limits.stalledConnectionMs);
  connectionShares(server, limits);
  const sockets = socketHost(sim, limits, host);
  server.on('upgrade', (req, socket, head) => sockets.upgrade(req, socket, head));

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  let connections = 0;
  server.on('connection', (c) => {
    connections++;
    c.once('close', () => connections--);
  });
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    stats: () => ({
      connections,
      sockets: sockets.size,
      closing: sockets.closing(),
      bufferedBytes: sockets.buffered(),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
