/**
 * The simulator as a live server: HTTP for calls and WebSocket for the two
 * channels, on 127.0.0.1. Tests use it to prove the live transport against a
 * real server; reviewers can run it (`npm run sim:server`) and point a site
 * config with backend "live" at it.
 *
 * Layout: `http://host:port/<root>/v1<path>` for calls (root: api, market,
 * exchange) and `ws://host:port/ws/<channel>` for channels.
 *
 * Limits ({@link HOST_LIMITS}): a JSON or form body over 1 MB and a multipart
 * body over 12 MB (one 10 MB image, the spec's maximum, plus the form; the
 * client compresses images over 0.3 MB) get 413; a body that is not JSON gets
 * 400 with `{ code: 1001 }`; a request line and headers over 16 KB get Node's
 * 431 (a query string that long never reaches the simulator); headers must
 * arrive within 10 s and the whole request within 30 s; at most 1,024
 * connections and 512 WebSocket clients at once (more get 503; sized for the
 * load bench's 200 streaming clients and 50 calls a second with room to spare), and a
 * WebSocket message over 16 KB closes its socket (1009). Any failure is
 * answered on its own request (500) and never ends the process.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ChannelCommand, MultipartPart, Root, WireRequest } from '../../api/wire.ts';
import { PEER_HEADER } from '../payload.ts';
import type { Simulator } from '../server.ts';
import type { HostRoute } from './operator-api.ts';

export interface SimServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What the host accepts; tests may lower them. */
export interface HostLimits {
  jsonBodyBytes: number;
  multipartBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  maxSockets: number;
  wsMaxPayloadBytes: number;
}

export const HOST_LIMITS: HostLimits = {
  jsonBodyBytes: 1024 * 1024,
  multipartBodyBytes: 12 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1024,
  maxSockets: 512,
  wsMaxPayloadBytes: 16 * 1024,
};

const ROOTS: Root[] = ['api', 'market', 'exchange'];

/** A body over the limit (413). */
class TooLarge extends Error {}

async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer<ArrayBuffer>> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) throw new TooLarge();
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readBody(
  req: IncomingMessage,
  url: URL,
  limits: HostLimits,
): Promise<WireRequest['body']> {
  const type = req.headers['content-type'] ?? '';
  const multipart = type.startsWith('multipart/form-data');
  const raw = await readRaw(req, multipart ? limits.multipartBodyBytes : limits.jsonBodyBytes);
  if (multipart) {
    const fd = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw,
    }).formData();
    const parts: MultipartPart[] = [];
    fd.forEach((v, k) => parts.push([k, v]));
    return { multipart: parts };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return { form: raw.toString('utf8') };
  if (raw.length === 0) return undefined;
  return JSON.parse(raw.toString('utf8')) as unknown;
}

/** A reply body shaped as the spec's replies, for what the host refuses itself. */
const refusal = (code: number, msg: string) => JSON.stringify({ code, msg, data: null });

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export async function startSimServer(
  sim: Simulator,
  port = 0,
  host = '127.0.0.1',
  /** Routes tried first, with the host's body reader (the operator API). */
  routes: readonly HostRoute[] = [],
  limitsIn: Partial<HostLimits> = {},
): Promise<SimServer> {
  const limits = { ...HOST_LIMITS, ...limitsIn };
  const jsonHeaders = { ...cors, 'Content-Type': 'application/json' };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const at = new URL(req.url ?? '/', `http://${host}`);
      for (const r of routes)
        if (await r(req, res, { url: at, readBody: () => readBody(req, at, limits) })) return;
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const url = new URL(req.url ?? '/', `http://${host}`);
      const m = /^\/(api|market|exchange)\/v1(\/.*)$/.exec(url.pathname);
      if (!m || !ROOTS.includes(m[1] as Root)) {
        res.writeHead(404, cors).end();
        return;
      }
      const headers: Record<string, string> = {};
      if (req.headers.authorization) headers.Authorization = req.headers.authorization;
      // The caller's address, for per-source throttles; a client's own copy never gets here.
      headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
      let body: WireRequest['body'];
      try {
        body = req.method === 'GET' ? undefined : await readBody(req, url, limits);
      } catch (e) {
        if (e instanceof TooLarge) {
          // Refuse without reading the rest; the connection goes with it.
          res
            .writeHead(413, { ...jsonHeaders, Connection: 'close' })
            .end(refusal(-1, 'Request body too large'), () => req.destroy());
          return;
        }
        res.writeHead(400, jsonHeaders).end(refusal(1001, 'Incorrect parameter'));
        return;
      }
      const wire: WireRequest = {
        root: m[1] as Root,
        method: req.method === 'GET' ? 'GET' : 'POST',
        path: m[2] as string,
        headers,
        ...(url.search ? { query: url.search.slice(1) } : {}),
        ...(body !== undefined ? { body } : {}),
      };
      const out = await sim.handle(wire);
      res.writeHead(out.status, jsonHeaders).end(out.body);
    })().catch((e: unknown) => {
      // This request failed; the others and the process go on.
      console.error('sim server', e);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, jsonHeaders).end(refusal(1000, 'Unknown error'));
    });
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.wsMaxPayloadBytes });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const name = /^\/ws\/(market|exchange)$/.exec(
      new URL(req.url ?? '/', `http://${host}`).pathname,
    )?.[1];
    if (!name) {
      socket.destroy();
      return;
    }
    if (wss.clients.size >= limits.maxSockets) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const channel = name as 'market' | 'exchange';
    // The stall fault holds the handshake itself: the browser's socket stays
    // CONNECTING until the channel is dropped (then it fails) or the stall lifted.
    sim.admit(channel).then(
      () => !socket.destroyed && accept(channel, req, socket, head),
      () => socket.destroy(),
    );
  });
  const accept = (
    channel: 'market' | 'exchange',
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) =>
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      // An oversized or broken frame closes this socket only.
      ws.on('error', () => ws.terminate());
      void sim
        .connect(
          channel,
          {
            message: (msg) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(msg)),
            closed: () => ws.close(),
          },
          { admitted: true },
        )
        .then((conn) => {
          ws.on('message', (data) => {
            let cmd: unknown;
            try {
              cmd = JSON.parse(String(data));
            } catch {
              return; // not JSON: ignored, as a server would
            }
            // The simulator checks what it is; a failure stays on this socket.
            conn.send(cmd as ChannelCommand).catch((e: unknown) => console.error('sim ws', e));
          });
          ws.on('close', () => conn.close());
        })
        .catch((e: unknown) => {
          console.error('sim ws connect', e);
          ws.terminate();
        });
    });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
