/**
 * The simulator as a live server: HTTP for calls and WebSocket for the two
 * channels, on 127.0.0.1. Tests use it to prove the live transport against a
 * real server; reviewers can run it (`npm run sim:server`) and point a site
 * config with backend "live" at it.
 *
 * Layout: `http://host:port/<root>/v1<path>` for calls (root: api, market,
 * exchange) and `ws://host:port/ws/<channel>` for channels.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ChannelCommand, MultipartPart, Root, WireRequest } from '../../api/wire.ts';
import type { Simulator } from '../server.ts';
import type { HostRoute } from './operator-api.ts';

export interface SimServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const ROOTS: Root[] = ['api', 'market', 'exchange'];

async function readBody(req: IncomingMessage, url: URL): Promise<WireRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
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
): Promise<SimServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const at = new URL(req.url ?? '/', `http://${host}`);
      for (const r of routes)
        if (await r(req, res, { url: at, readBody: () => readBody(req, at) })) return;
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
      let body: WireRequest['body'];
      try {
        body = req.method === 'GET' ? undefined : await readBody(req, url);
      } catch {
        res.writeHead(400, cors).end();
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
      res.writeHead(out.status, { ...cors, 'Content-Type': 'application/json' }).end(out.body);
    })().catch((e: unknown) => {
      console.error('sim server', e);
      res.writeHead(500, cors).end();
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const name = /^\/ws\/(market|exchange)$/.exec(
      new URL(req.url ?? '/', `http://${host}`).pathname,
    )?.[1];
    if (!name) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      void sim
        .connect(name as 'market' | 'exchange', {
          message: (msg) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(msg)),
          closed: () => ws.close(),
        })
        .then((conn) => {
          ws.on('message', (data) => {
            try {
              void conn.send(JSON.parse(String(data)) as ChannelCommand);
            } catch {
              /* not a command: ignored, as a server would */
            }
          });
          ws.on('close', () => conn.close());
        });
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
