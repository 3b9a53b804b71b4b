/**
 * Every limit of the Node host (`npm run sim:server`), in one place with its
 * default. The README's "Running the simulator server safely" lists them.
 *
 * Each can be overridden from the environment: `SIM_LIMIT_` and the name in
 * upper snake case (`SIM_LIMIT_ADDRESS_SOCKETS=64`); see {@link limitsFromEnv}.
 * Tests pass lower ones to `startSimServer`.
 *
 * An "address" is the client's IP address (IPv4, or the /64 prefix of an IPv6
 * address, which one subscriber usually holds whole); behind a proxy that
 * sets `X-Forwarded-For`, set {@link HostLimits.trustProxy} so the proxy's
 * own address is not taken for every client's.
 *
 * Sized so the app, the e2e suite and the load bench (200 streaming sockets
 * and 50 calls a second, spread over loopback addresses) never meet them.
 */
import { LIST_MAX } from '../edge/limits.ts';
import type { JsonShapeLimits } from './json-shape.ts';

export interface HostLimits extends JsonShapeLimits {
  // ---- bodies (read only once the route, method and encoding are known)
  /** Largest JSON or form body, bytes (413). */
  jsonBodyBytes: number;
  /** Largest multipart body, bytes (413): one 10 MB image, the spec's maximum, plus the form. */
  multipartBodyBytes: number;
  /**
   * A JSON body (or WebSocket command) nested deeper than this is refused
   * unparsed (400, code 1001; a command: ignored). See json-shape.ts.
   */
  jsonDepth: number;
  /** ...or with an object of more members than this; also a query of more parameters. */
  jsonMembers: number;
  /** ...or with an array of more items than this (the edge's LIST_MAX). */
  jsonItems: number;
  /** Most parts in a multipart body (413); the largest form (identity check) has 5. */
  multipartParts: number;
  /** Largest single part of a multipart body, bytes (413). */
  multipartPartBytes: number;
  /** Multipart uploads read or handled at once from one address (429 past it): each is held whole. */
  addressUploads: number;
  /** ...and in all (503 past it): with the part cap, what uploads may hold in memory. */
  maxUploads: number;
  /**
   * A refused body still arriving is read and dropped up to this many bytes, so
   * the client can read its reply (a lingering close); past it the connection is closed.
   */
  refusedBodyBytes: number;
  /** ...and for at most this long after the refusal, ms. */
  lingerMs: number;

  // ---- connections (HTTP and WebSocket alike, as TCP connections)
  /** Connections open at once, in all (over it: closed at once). */
  maxConnections: number;
  /** Calls refused 429 on one connection; one more closes it (see node-server.ts). */
  connectionRefusals: number;
  /** Connections open at once from one address (over it: 503 and closed), well below the global one. */
  addressConnections: number;
  /** The request line and headers must arrive within this, ms (408, closed): slow headers. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this, ms (408, closed): slow bodies. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no new request is closed after this, ms. */
  keepAliveTimeoutMs: number;
  /**
   * A connection on which nothing moves (nothing read from the client and
   * nothing of its replies taken) for this long is closed, ms. A client that
   * sent requests ahead and never read the replies held its connection for
   * good (40 unread 1,000-bar histories: still open after 40 s); 8 addresses'
   * worth of them would take every connection the host has.
   */
  stalledConnectionMs: number;
  /** How often the deadlines above are checked, ms (Node's default is 30 s, too coarse). */
  deadlineCheckMs: number;

  // ---- WebSockets
  /** WebSockets open (or opening) at once, in all (503). */
  maxSockets: number;
  /** WebSockets open (or opening) at once from one address (429). */
  addressSockets: number;
  /** Signed-in exchange sockets of one account at once; one more is closed with 4009. */
  accountSockets: number;
  /**
   * From the upgrade request to the open socket, ms; longer and it is closed. Time a
   * reviewer's stall fault holds a connection on purpose does not count.
   */
  handshakeTimeoutMs: number;
  /** A ping goes to every socket this often, ms; one that has not answered the last is ended. */
  pingIntervalMs: number;
  /** Largest message a client may send, bytes (closed with 1009). */
  wsMaxPayloadBytes: number;
  /** Above this many bytes waiting to go out, a socket gets only the latest state per subscription. */
  wsHighWaterBytes: number;
  /** Above this many bytes waiting to go out, a socket is closed with 4008 ("too slow"). */
  wsDropBytes: number;
  /** A socket above the high-water mark for this long, ms, is closed with 4008 too. */
  slowReaderMs: number;

  // ---- rates (token buckets: a steady rate per second plus a burst allowance per 10 s)
  /**
   * Calls per second from one address, in points: a call costs its weight
   * (call-costs.ts; most calls 1, those that take the server several times
   * a plain call's time more), so the address's share of the server's time
   * is bounded whichever calls it makes.
   */
  addressCallsPerSecond: number;
  /** Extra calls from one address per 10 s, for bursts (a page load). */
  addressCallsBurst: number;
  /**
   * Reply bytes (before gzip) to one address per 10 s; past them its calls get
   * 429 until the window moves on. A reply's cost grows with its size (a
   * 1,000-bar history is 150 KB built and gzipped, 5.5 ms of the server's
   * thread; most replies are under 1 KB): at 100 calls a second, history
   * calls from one address held every other client up for a second.
   */
  addressReplyBytes: number;
  /**
   * Calls from one address handled at once (the simulator and the reply);
   * more wait their turn, in order. The host has one thread: every call in
   * hand is work queued ahead of another address's call, and one address's
   * burst of 64 product lists at once (3.6 ms each) held another's call up
   * for 0.35 s. A body still arriving holds no turn.
   */
  addressCallsAtOnce: number;
  /** Calls from one address waiting for a turn; past them, 429. */
  addressCallsWaiting: number;
  /** Password hashes waiting per address (fair-queue.ts); past them the call answers 429. */
  addressHashesWaiting: number;
  /**
   * Upload bytes (multipart parts) from one address per 10 s; past them its
   * uploads get 429 until the window moves on. An upload is saved whole in
   * one SQLite write on the host's thread: a 9.5 MB avatar held it 125–250 ms,
   * about 20 ms a MB, and one address could send 4 at a time, again and again.
   */
  addressUploadBytes: number;
  /** Calls per second of one signed-in account (any address). */
  accountCallsPerSecond: number;
  /** Extra calls of one account per 10 s. */
  accountCallsBurst: number;
  /**
   * Commands per second on one WebSocket; a socket past it and its burst is
   * closed with 4029. Pings and pongs count as commands (a ping costs the
   * host a pong).
   */
  socketCommandsPerSecond: number;
  /**
   * Bytes sent on one address's WebSockets per 10 s; past them, a command on
   * any of its sockets closes that socket with 4029 (the streams go on). An
   * `auth` brings the account's whole order lists: with 1,000 positions open
   * that is 490 KB and 55 ms of the host's thread, and 4 sockets re-sending
   * it within their command rate took another address's calls from 3.7 ms
   * to 65 ms at the median.
   */
  addressSocketBytes: number;
  /** Extra commands on one socket per 10 s. */
  socketCommandsBurst: number;

  // ---- storage
  /** Ceiling of the data folder's database (state and uploads), bytes; past it, changes get an error. */
  maxStoreBytes: number;

  /** Take the client's address from the last `X-Forwarded-For` entry (behind a proxy). */
  trustProxy: boolean;
}

export const HOST_LIMITS: Readonly<HostLimits> = Object.freeze({
  jsonBodyBytes: 1024 * 1024,
  jsonDepth: 8,
  jsonMembers: 64,
  jsonItems: LIST_MAX,
  multipartBodyBytes: 12 * 1024 * 1024,
  addressUploads: 4,
  maxUploads: 32,
  multipartParts: 16,
  multipartPartBytes: 10 * 1024 * 1024,
  refusedBodyBytes: 32 * 1024 * 1024,
  lingerMs: 5_000,

  maxConnections: 1024,
  connectionRefusals: 100,
  addressConnections: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  stalledConnectionMs: 30_000,
  deadlineCheckMs: 1_000,

  maxSockets: 512,
  addressSockets: 32,
  accountSockets: 8,
  handshakeTimeoutMs: 5_000,
  pingIntervalMs: 30_000,
  wsMaxPayloadBytes: 16 * 1024,
  wsHighWaterBytes: 64 * 1024,
  wsDropBytes: 1024 * 1024,
  slowReaderMs: 30_000,

  addressCallsPerSecond: 100,
  addressCallsBurst: 300,
  addressReplyBytes: 16 * 1024 * 1024,
  addressUploadBytes: 24 * 1024 * 1024,
  addressCallsAtOnce: 4,
  addressCallsWaiting: 64,
  addressHashesWaiting: 8,
  accountCallsPerSecond: 50,
  accountCallsBurst: 150,
  socketCommandsPerSecond: 50,
  socketCommandsBurst: 200,
  addressSocketBytes: 16 * 1024 * 1024,

  maxStoreBytes: 1024 * 1024 * 1024,

  trustProxy: false,
});

/** The close codes the host sends on a WebSocket (the client reconnects on any close). */
export const CLOSE = {
  /** The account's session ended (password change or reset, sign-out, block, revoked refresh). */
  sessionEnded: 4001,
  /** The reader fell too far behind. */
  tooSlow: 4008,
  /** The account has its {@link HostLimits.accountSockets} signed-in sockets already. */
  tooManySockets: 4009,
  /** Commands over {@link HostLimits.socketCommandsPerSecond} and its burst. */
  tooManyCommands: 4029,
} as const;

const envName = (key: string) => `SIM_LIMIT_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The limits with the environment's overrides (`SIM_LIMIT_<NAME>`); throws,
 * naming the variable, for a value that is not a positive number (or, for
 * `SIM_LIMIT_TRUST_PROXY`, not 0 or 1).
 */
export function limitsFromEnv(env: Record<string, string | undefined>): HostLimits {
  const out: HostLimits = { ...HOST_LIMITS };
  for (const key of Object.keys(HOST_LIMITS) as Array<keyof HostLimits>) {
    const name = envName(key);
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (key === 'trustProxy') {
      if (raw !== '0' && raw !== '1') throw new Error(`${name} must be 0 or 1`);
      out.trustProxy = raw === '1';
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
    (out as unknown as Record<string, number>)[key] = n;
  }
  return out;
}
