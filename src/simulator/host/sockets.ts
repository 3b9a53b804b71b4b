/**
 * The Node host's WebSocket side (`ws://host:port/ws/<market|exchange>`),
 * with every client's fair share (limits.ts):
 *
 * - caps on sockets in all, per address, and per signed-in account (the
 *   channel hub closes one over the account's share with 4009);
 * - a handshake deadline (upgrade request to open socket; a reviewer's stall
 *   fault holding it on purpose does not count) and an idle one: a socket
 *   that does not answer a ping by the next is ended;
 * - back-pressure: a socket whose send buffer is past the high-water mark is
 *   "busy", so the hub skips it and later sends the latest state instead of
 *   every message; one past the drop mark, or busy for too long, is closed
 *   with 4008 (and cut a second later if it does not read that either);
 * - commands counted per socket, pings and pongs with them: past the rate
 *   and its burst, closed with 4029.
 *
 * A socket's failure stays on it; memory held for it goes when it closes.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ChannelCommand } from '../../api/wire.ts';
import type { Simulator } from '../server.ts';
import { jsonWithin } from './json-shape.ts';
import { CLOSE, type HostLimits } from './limits.ts';
import { peerOf, Shares } from './peers.ts';
import { commandRates } from './rates.ts';

type ChannelName = 'market' | 'exchange';

interface Tracked {
  ws: WebSocket;
  /** Answered the last ping. */
  alive: boolean;
  /** When its buffer went past the high-water mark (undefined: below it). */
  busySince: number | undefined;
}

export interface SocketHost {
  /** The server's `upgrade` listener. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sockets open or opening. */
  readonly size: number;
  /** Bytes waiting to go out, over every open socket (what slow readers cost). */
  buffered(): number;
  /** Sockets the host has closed that have not gone yet. */
  closing(): number;
  close(): void;
}

/** How often the slow-reader deadline is checked, ms. */
const SWEEP_MS = 1_000;
/** After a 4008 close frame, the socket is cut if it has not gone within this, ms. */
const CLOSE_GRACE_MS = 1_000;

/** A message's bytes, however ws hands them over. */
const asBytes = (d: RawData): Uint8Array =>
  Array.isArray(d) ? Buffer.concat(d) : d instanceof ArrayBuffer ? new Uint8Array(d) : d;

const refuse = (socket: Duplex, status: string) =>
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);

/**
 * Frames compressed for a client that offers it (every browser does): the
 * market's first snapshot is 18 KB of JSON and each tick of all prices about
 * 5 KB, five a second; deflated, about 4.5 KB and 1.5 KB (issue 31: on a
 * phone's first visit they shared the link with the app's scripts). The
 * fastest level, a 1 KB window and a small memory level keep the cost down:
 * measured with 200 streaming clients (server-load bench), about 0.25 MB more
 * resident memory per socket; commands and replies under 1 KB go as they are.
 */
const DEFLATE = {
  threshold: 1024,
  serverMaxWindowBits: 10,
  zlibDeflateOptions: { level: 1, memLevel: 6 },
} as const;

/**
 * The WebSocket side of the Node host over one simulator: upgrades, caps,
 * deadlines and command rates.
 */
export function socketHost(sim: Simulator, limits: HostLimits, host: string): SocketHost {
  const wss = new WebSocketServer({
    noServer: true,
    // Checked on the inflated size: a small compressed frame cannot unpack past it.
    maxPayload: limits.wsMaxPayloadBytes,
    perMessageDeflate: DEFLATE,
  });
  const byAddress = new Shares(limits.addressSockets);
  const open = new Set<Tracked>();
  const rates = commandRates(limits);
  let opening = 0;
  let nextId = 0;

  /** Close with a code the client sees, and cut the socket if it does not read even that. */
  const shut = (t: Tracked, code: number, reason: string) => {
    if (t.ws.readyState !== t.ws.OPEN) return;
    t.ws.close(code, reason);
    setTimeout(() => t.ws.terminate(), CLOSE_GRACE_MS).unref();
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const t of open) {
      if (t.ws.bufferedAmount <= limits.wsHighWaterBytes) t.busySince = undefined;
      else if (t.busySince === undefined) t.busySince = now;
      else if (now - t.busySince > limits.slowReaderMs) shut(t, CLOSE.tooSlow, 'too slow');
    }
  }, SWEEP_MS);
  sweep.unref();
  const pinger = setInterval(() => {
    for (const t of open) {
      if (!t.alive) {
        t.ws.terminate();
        continue;
      }
      t.alive = false;
      t.ws.ping();
    }
  }, limits.pingIntervalMs);
  pinger.unref();

  const sinkOf = (t: Tracked, address: string) => ({
    message: (msg: unknown) => {
      if (t.ws.readyState !== t.ws.OPEN) return;
      const text = JSON.stringify(msg);
      rates.sent(address, text.length);
      t.ws.send(text);
      if (t.ws.bufferedAmount > limits.wsDropBytes) shut(t, CLOSE.tooSlow, 'too slow');
    },
    closed: (reason: string, code?: number) => shut(t, code ?? 1000, reason.slice(0, 120)),
  });

  const serve = (
    channel: ChannelName,
    ws: WebSocket,
    address: string,
    release: () => void,
    handshakeSub?: string,
  ) => {
    const t: Tracked = { ws, alive: true, busySince: undefined };
    const id = nextId++;
    open.add(t);
    // A ping costs a pong, a pong a turn of the thread: both are counted as commands.
    const counted = () =>
      void rates.admit(id, address).then((ok) => {
        if (!ok) shut(t, CLOSE.tooManyCommands, 'too many commands');
      });
    ws.on('ping', counted);
    ws.on('pong', () => {
      t.alive = true;
      counted();
    });
    // An oversized or broken frame closes this socket only.
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      open.delete(t);
      release();
    });
    void sim
      .connect(channel, sinkOf(t, address), {
        admitted: true,
        perAccount: limits.accountSockets,
        busy: () => t.ws.bufferedAmount > limits.wsHighWaterBytes,
      })
      .then((conn) => {
        if (ws.readyState !== ws.OPEN) return conn.close();
        // Counted before anything is read; commands keep their order (the decision is synchronous).
        const command = (data: RawData, only?: 'sub') =>
          void rates.admit(id, address).then((ok) => {
            if (!ok) return shut(t, CLOSE.tooManyCommands, 'too many commands');
            // A shape no command has (json-shape.ts) is not parsed: ignored as not JSON.
            if (!jsonWithin(asBytes(data), limits)) return;
            let cmd: unknown;
            try {
              cmd = JSON.parse(String(data));
            } catch {
              return; // not JSON: ignored, as a server would
            }
            if (only && (cmd as { op?: unknown } | null)?.op !== only) return;
            // The simulator checks what it is; a failure stays on this socket.
            conn.send(cmd as ChannelCommand).catch((e: unknown) => console.error('sim ws', e));
          });
        // The handshake's subscription (its `sub` query) is made now, before the client's
        // first frame; that frame repeating it is the same subscription and is not made again.
        let repeat = handshakeSub;
        if (handshakeSub) command(Buffer.from(handshakeSub), 'sub');
        ws.on('message', (data) => {
          const first = repeat;
          repeat = undefined;
          if (first !== undefined && String(data) === first) return void rates.admit(id, address);
          command(data);
        });
        ws.once('close', () => conn.close());
      })
      .catch((e: unknown) => {
        console.error('sim ws connect', e);
        ws.terminate();
      });
  };

  return {
    get size() {
      return open.size + opening;
    },
    buffered() {
      let n = 0;
      for (const t of open) n += t.ws.bufferedAmount;
      return n;
    },
    closing() {
      let n = 0;
      for (const t of open) if (t.ws.readyState === t.ws.CLOSING) n++;
      return n;
    },
    upgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      // A stall fault may hold the handshake on purpose for longer than a stalled HTTP
      // connection lives (limits.ts stalledConnectionMs); the handshake deadline is its own.
      (socket as Socket).setTimeout(0);
      const url = new URL(req.url ?? '/', `http://${host}`);
      const name = /^\/ws\/(market|exchange)$/.exec(url.pathname)?.[1] as ChannelName | undefined;
      // A market socket may subscribe in its handshake (`?sub=` a `sub` command's JSON): its first
      // prices need no round trip after the socket opens (issue 31). Never `auth`: no token in a URL.
      const handshakeSub = (name === 'market' && url.searchParams.get('sub')) || undefined;
      if (!name) return void socket.destroy();
      if (open.size + opening >= limits.maxSockets)
        return refuse(socket, '503 Service Unavailable');
      const address = peerOf(req, limits.trustProxy);
      if (!byAddress.take(address)) return refuse(socket, '429 Too Many Requests');
      opening++;
      let opened = false;
      let handshake: NodeJS.Timeout | undefined;
      // Closed before it opened (held and dropped, timed out): its share goes back.
      socket.once('close', () => {
        if (opened) return;
        clearTimeout(handshake);
        opening--;
        opened = true;
        byAddress.give(address);
      });
      // The stall fault holds the handshake itself: the browser's socket stays
      // CONNECTING until the channel is dropped (then it fails) or the stall lifted.
      sim.admit(name).then(
        () => {
          if (socket.destroyed) return;
          handshake = setTimeout(() => socket.destroy(), limits.handshakeTimeoutMs);
          wss.handleUpgrade(req, socket, head, (ws) => {
            if (opened) return void ws.terminate();
            clearTimeout(handshake);
            opening--;
            opened = true;
            serve(name, ws, address, () => byAddress.give(address), handshakeSub);
          });
        },
        () => socket.destroy(),
      );
    },
    close() {
      clearInterval(sweep);
      clearInterval(pinger);
      for (const t of open) t.ws.terminate();
      wss.close();
    },
  };
}
