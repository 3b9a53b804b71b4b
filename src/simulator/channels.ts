/**
 * The simulator's real-time side: connections on the market and exchange
 * channels, their subscriptions, and what each tick sends. A reviewer can
 * drop a channel (its connections close), or freeze or stall it
 * (channel-faults.ts): frozen, its connections stay open but go silent, so
 * the client's stale detection kicks in; stalled, its next connections do
 * not open, so the client's own open time-out is what acts.
 *
 * Each connection is on its own: a command is checked by the edge's schema
 * before anything acts on it (anything else is ignored, as the protocol has
 * no error message), a subscription to a symbol or period the server does not
 * have is ignored, a socket holds at most {@link MAX_SUBSCRIPTIONS}, and a
 * subscription that throws during a tick is dropped for its connection only,
 * so the others keep receiving.
 *
 * A slow reader (the host says it is busy: the Node host's socket buffer is
 * full) is not queued for: what it cannot take now is skipped, and it gets
 * the latest state of each subscription once it can (prices: the next tick's
 * full set; a single price or bar: the latest; order lists: the latest list).
 *
 * A signed-in exchange connection whose session ends (password change or
 * reset, sign-out, block, a revoked refresh family) is closed within
 * {@link SESSION_CHECK_MS} and a tick, with close code {@link SESSION_ENDED}.
 */
import type { ChannelSink } from '../api/realtime/connectors.ts';
import type { OrdersMessage, ServerMessage } from '../api/types/realtime.ts';
import type { MarketOrder, PriceEntry, TokenPayload } from '../api/types/trading.ts';
import { PERIODS, type ChannelCommand, type ChannelName, type Period } from '../api/wire.ts';
import type * as ChannelCheck from './edge/channel.ts';
import { ordersUpdate } from './order-deltas.ts';
import { ChannelFaults } from './channel-faults.ts';
import { priceStream, pricesUpdate, type PriceStream } from './price-deltas.ts';
import { BoardCache, quietBoard, type TickSource } from './price-board.ts';

export type { TickSource } from './price-board.ts';

/** The channel commands' check (edge/channel.ts), loaded on the first command. */
let channelCheck: Promise<typeof ChannelCheck> | undefined;
const loadChannelCheck = () =>
  (channelCheck ??= import('./edge/channel.ts').catch((e: unknown) => {
    // A chunk that failed to load is asked for again by the next command.
    channelCheck = undefined;
    throw e;
  }));

/** Most subscriptions one connection may hold (the client needs a handful). */
export const MAX_SUBSCRIPTIONS = 64;
/** How often signed-in connections' sessions are checked again, ms. */
export const SESSION_CHECK_MS = 500;
/** Close code of a connection whose session ended (the Node host's limits.ts CLOSE.sessionEnded). */
export const SESSION_ENDED = 4001;
/** Close code of a signed-in connection over its account's share (limits.ts CLOSE.tooManySockets). */
export const TOO_MANY_SOCKETS = 4009;

type OrderType = OrdersMessage['ordertype'];

interface Conn {
  name: ChannelName;
  sink: ChannelSink;
  subs: Set<string>;
  session?: TokenPayload;
  /** The token the session came from (checked again while the connection lives). */
  token?: string;
  /** Most signed-in connections of one account on this channel (the host's share). */
  perAccount: number;
  /** The reader cannot take more now (see {@link ConnectOptions.busy}). */
  busy: () => boolean;
  /** Order lists a busy connection could not take: the latest per type, sent once it can. */
  held: Map<OrderType, OrdersMessage>;
  /** Last thing sent per subscription key, to send only changes. */
  last: Map<string, string>;
  /** The `prices` subscription: its format and what the client holds. */
  prices?: PriceStream;
  /** Its first price subscription was answered at once (later ones wait for the tick). */
  primed?: boolean;
  /** The client merges order deltas (it said so in `auth`). */
  delta: boolean;
  /** The order lists as this connection last received them, per ordertype. */
  sent: Map<OrderType, MarketOrder[]>;
}

/** What a host tells the hub about one connection. */
export interface ConnectOptions {
  /** Most signed-in connections of one account on this channel (default: no cap). */
  perAccount?: number;
  /**
   * The connection cannot take more now (a slow reader: its socket's buffer is
   * full). It is then skipped, and later sent the latest state of each
   * subscription instead of every message. A host function, not the sink's: a
   * sink may be a proxy to another thread. Default: never busy.
   */
  busy?: () => boolean;
}

export interface ChannelHubDeps {
  verify(token: string): Promise<TokenPayload | undefined>;
  /** Is a verified session still good (not ended since)? Checked again while a connection lives. */
  stillValid?(session: TokenPayload, token: string): boolean;
  snapshot(session: TokenPayload): OrdersMessage[];
  /** Is this a product the server has? Subscriptions to others are ignored. */
  knows(symbol: string): boolean;
  /** Where the stall and freeze faults are kept (persisted by the simulator; in memory without). */
  faults?: ChannelFaults;
  /** Is a product's feed silent now (a silent-feed market event)? Nothing about it is sent then. */
  silent?(symbol: string, now: number): boolean;
  /** The server's clock: with it, a connection's first price subscription is answered at once. */
  now?(): number;
}

/** The market and exchange channels' subscribers, and what each tick and order change sends them. */
export class ChannelHub {
  private readonly conns = new Set<Conn>();
  private lastSessionCheck = -Infinity;
  /** The quotes of the latest tick slot asked for (price-board.ts). */
  private readonly boards: BoardCache;
  /** The reviewer's stall and freeze faults (channel-faults.ts). */
  readonly faults: ChannelFaults;

  constructor(private readonly deps: ChannelHubDeps) {
    this.faults = deps.faults ?? new ChannelFaults();
    this.boards = new BoardCache(deps.silent);
    // Loading from the start: the first command should not wait for it.
    loadChannelCheck().catch(() => {});
  }

  get size(): number {
    return this.conns.size;
  }

  connect(
    name: ChannelName,
    sink: ChannelSink,
    opts: ConnectOptions = {},
  ): { send(cmd: unknown): Promise<void>; close(): void } {
    const conn: Conn = {
      name,
      sink,
      perAccount: opts.perAccount ?? Infinity,
      busy: opts.busy ?? (() => false),
      held: new Map(),
      subs: new Set(),
      last: new Map(),
      delta: false,
      sent: new Map(),
    };
    this.conns.add(conn);
    return {
      // What arrives is whatever a socket sent: checked here, never trusted.
      send: async (raw: unknown) => {
        // The check's schema loads beside the late modules, out of the worker's first chunk;
        // commands wait on one promise, so they keep their order.
        let cmd: ChannelCommand | undefined;
        try {
          cmd = (await loadChannelCheck()).parseChannelCommand(raw);
        } catch (e) {
          // Not loaded: the command is dropped; the client's silence check reconnects.
          console.error(`simulator: ${name} command check did not load`, e);
          return;
        }
        if (!cmd) return;
        try {
          await this.command(conn, cmd);
        } catch (e) {
          console.error(`simulator: ${name} command failed`, e);
        }
      },
      close: () => void this.conns.delete(conn),
    };
  }

  private async command(conn: Conn, cmd: ChannelCommand): Promise<void> {
    switch (cmd.op) {
      case 'sub':
      case 'unsub': {
        if ('symbol' in cmd && !this.deps.knows(cmd.symbol)) return;
        const key = [
          cmd.topic,
          'symbol' in cmd ? cmd.symbol : '',
          'period' in cmd ? cmd.period : '',
        ].join(':');
        if (cmd.op === 'sub') {
          if (!conn.subs.has(key) && conn.subs.size >= MAX_SUBSCRIPTIONS) return;
          conn.subs.add(key);
        } else conn.subs.delete(key);
        conn.last.delete(key);
        // A subscribe, new or again, starts the stream over: every product first.
        if (cmd.topic === 'prices')
          conn.prices = cmd.op === 'sub' ? priceStream(cmd.delta === true) : undefined;
        if (cmd.op === 'sub' && (cmd.topic === 'prices' || cmd.topic === 'price'))
          this.answerAtOnce(conn, key);
        return;
      }
      case 'auth': {
        const session = await this.deps.verify(cmd.token);
        if (!session || !this.conns.has(conn)) return;
        if (this.signedIn(conn.name, session.uid, conn) >= conn.perAccount) {
          this.end(conn, 'too many sockets for this account', TOO_MANY_SOCKETS);
          return;
        }
        conn.session = session;
        conn.token = cmd.token;
        conn.held.clear();
        // A new auth (a reconnect, another book) starts from full lists.
        conn.delta = cmd.delta === true;
        conn.sent.clear();
        if (conn.name === 'exchange')
          for (const m of this.deps.snapshot(session)) this.sendOrders(conn, m);
        return;
      }
      case 'ping':
        return;
    }
  }

  /** Signed-in connections of an account on a channel, but `except`. */
  private signedIn(name: ChannelName, uid: string, except: Conn): number {
    let n = 0;
    for (const c of this.conns) if (c !== except && c.name === name && c.session?.uid === uid) n++;
    return n;
  }

  /** Close one connection from the server's side. */
  private end(conn: Conn, reason: string, code?: number): void {
    this.conns.delete(conn);
    conn.sink.closed(reason, code);
  }

  /** Whether the message went out (not when frozen, failed, or the reader is busy: skipped). */
  private send(conn: Conn, msg: ServerMessage): boolean {
    if (this.faults.isFrozen(conn.name) || conn.busy()) return false;
    try {
      conn.sink.message(msg);
      return true;
    } catch (e) {
      // A broken socket is its own problem, not the other connections'.
      console.error(`simulator: ${conn.name} send failed`, e);
      return false;
    }
  }

  /** A list, or only what changed in it for a client that merges deltas. */
  private sendOrders(conn: Conn, msg: OrdersMessage): void {
    // A reader that cannot take it now gets the latest list when it can (tick).
    if (conn.busy()) return void conn.held.set(msg.ordertype, msg);
    conn.held.delete(msg.ordertype);
    if (!conn.delta) return void this.send(conn, msg);
    const out = ordersUpdate(conn.sent.get(msg.ordertype), msg);
    // What did not arrive (frozen, failed) is not the client's list: the next one goes in full.
    if (this.send(conn, out)) conn.sent.set(msg.ordertype, msg.data);
    else conn.sent.delete(msg.ordertype);
  }

  /**
   * Exchange connections: send the order lists a busy reader was spared, and
   * close the signed-in ones whose session has ended.
   */
  private tickExchange(now: number): void {
    const check = now - this.lastSessionCheck >= SESSION_CHECK_MS;
    if (check) this.lastSessionCheck = now;
    for (const conn of [...this.conns]) {
      if (conn.name !== 'exchange') continue;
      const { session, token } = conn;
      if (check && session && token && this.deps.stillValid?.(session, token) === false) {
        this.end(conn, 'session ended', SESSION_ENDED);
        continue;
      }
      if (conn.held.size > 0 && !conn.busy())
        for (const msg of [...conn.held.values()]) this.sendOrders(conn, msg);
    }
  }

  /**
   * A connection's first price subscription gets the board now, not at the
   * next tick (up to 200 ms later: about 100 ms of every first live
   * price on average, issue 31). Once per connection: a re-subscription waits
   * for the tick, so subscribing again and again buys no extra messages.
   */
  private answerAtOnce(conn: Conn, key: string): void {
    if (conn.primed) return;
    conn.primed = true;
    const now = this.deps.now?.();
    const src = this.boards.source;
    if (now === undefined || !src || this.faults.isFrozen(conn.name)) return;
    try {
      const { quotes, quiet } = this.boards.at(now, src);
      this.tickOne(conn, key, quotes, quiet, now, src);
    } catch (e) {
      // The next tick tries again.
      console.error('simulator: first prices failed', e);
    }
  }

  /** One price tick: send what changed to each market subscriber. */
  tick(now: number, src: TickSource): void {
    this.boards.source = src;
    try {
      this.tickExchange(now);
    } catch (e) {
      console.error('simulator: exchange tick failed', e);
    }
    let quotes: Record<string, PriceEntry> | undefined;
    let quiet: Set<string> | undefined;
    for (const conn of this.conns) {
      if (conn.name !== 'market' || this.faults.isFrozen(conn.name) || conn.subs.size === 0)
        continue;
      if (!quotes) {
        try {
          ({ quotes, quiet } = this.boards.at(now, src));
        } catch (e) {
          // The market itself failed: skip this tick, keep every subscription.
          console.error('simulator: quotes failed', e);
          return;
        }
      }
      // A busy reader is skipped this tick; its next message has every product again.
      if (conn.busy()) {
        if (conn.prices) conn.prices.sent = undefined;
        continue;
      }
      for (const key of [...conn.subs]) {
        try {
          this.tickOne(conn, key, quotes, quiet!, now, src);
        } catch (e) {
          // This subscription is broken: drop it here, the others go on.
          console.error(`simulator: subscription ${key} failed, dropped`, e);
          conn.subs.delete(key);
          conn.last.delete(key);
        }
      }
    }
  }

  private tickOne(
    conn: Conn,
    key: string,
    quotes: Record<string, PriceEntry>,
    quiet: ReadonlySet<string>,
    now: number,
    src: TickSource,
  ): void {
    const [topic, symbol = '', period = ''] = key.split(':');
    // A silent feed: nothing about the product until it ends (then the latest, as after a skip).
    if (topic !== 'prices' && quiet.has(symbol)) return;
    if (topic === 'prices') {
      const stream = conn.prices;
      const out = stream && pricesUpdate(stream, quietBoard(quotes, quiet, stream.sent));
      if (!stream || !out) return;
      stream.seq += 1;
      // What did not arrive (frozen, failed) is not what the client holds: the next one has every product.
      stream.sent = this.send(conn, out.msg) ? out.sent : undefined;
    } else if (topic === 'price') {
      const q = quotes[symbol];
      const stamp = q && `${q.bidPrice}|${q.askPrice}`;
      // Marked sent only once it went out: a skipped one is sent, as it is then, next tick.
      if (q && conn.last.get(key) !== stamp && this.send(conn, { topic: 'price', symbol, data: q }))
        conn.last.set(key, stamp as string);
    } else if (topic === 'kline' && (PERIODS as readonly string[]).includes(period)) {
      const bar = src.bar(symbol, period as Period, now);
      const stamp = bar && `${bar.time}|${bar.closePrice}|${bar.highestPrice}|${bar.lowestPrice}`;
      if (
        bar &&
        conn.last.get(key) !== stamp &&
        this.send(conn, { topic: 'kline', symbol, period: period as Period, data: bar })
      )
        conn.last.set(key, stamp as string);
    }
  }

  /** Send orders to every exchange connection of a user signed in on that book. */
  publishOrders(uid: string, msg: OrdersMessage, book?: 'real' | 'demo'): void {
    for (const conn of this.conns) {
      if (conn.name !== 'exchange' || conn.session?.uid !== uid) continue;
      if (book && (conn.session.virtualStatus === '0' ? 'real' : 'demo') !== book) continue;
      this.sendOrders(conn, msg);
    }
  }

  /** Close every connection of a channel (and fail the held ones), as a dropped network would. */
  drop(name: ChannelName): void {
    this.faults.refuseHeld(name, 'dropped by back office');
    for (const conn of [...this.conns])
      if (conn.name === name) this.end(conn, 'dropped by back office');
  }
}
