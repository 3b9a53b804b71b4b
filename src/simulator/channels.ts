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
 */
import type { ChannelSink } from '../api/realtime/connectors.ts';
import type { OrdersMessage, ServerMessage } from '../api/types/realtime.ts';
import type { KlinePoint, MarketOrder, PriceEntry, TokenPayload } from '../api/types/trading.ts';
import { PERIODS, type ChannelCommand, type ChannelName, type Period } from '../api/wire.ts';
import type * as ChannelCheck from './edge/channel.ts';
import { ordersUpdate } from './order-deltas.ts';
import { ChannelFaults } from './channel-faults.ts';
import { priceStream, pricesUpdate, type PriceStream } from './price-deltas.ts';

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

interface Conn {
  name: ChannelName;
  sink: ChannelSink;
  subs: Set<string>;
  session?: TokenPayload;
  /** Last thing sent per subscription key, to send only changes. */
  last: Map<string, string>;
  /** The `prices` subscription: its format and what the client holds. */
  prices?: PriceStream;
  /** The client merges order deltas (it said so in `auth`). */
  delta: boolean;
  /** The order lists as this connection last received them, per ordertype. */
  sent: Map<OrdersMessage['ordertype'], MarketOrder[]>;
}

export interface TickSource {
  quotes(now: number): Record<string, PriceEntry>;
  bar(symbol: string, period: Period, now: number): KlinePoint | undefined;
}

export interface ChannelHubDeps {
  verify(token: string): Promise<TokenPayload | undefined>;
  snapshot(session: TokenPayload): OrdersMessage[];
  /** Is this a product the server has? Subscriptions to others are ignored. */
  knows(symbol: string): boolean;
  /** Where the stall and freeze faults are kept (persisted by the simulator; in memory without). */
  faults?: ChannelFaults;
}

export class ChannelHub {
  private readonly conns = new Set<Conn>();
  /** The reviewer's stall and freeze faults (channel-faults.ts). */
  readonly faults: ChannelFaults;

  constructor(private readonly deps: ChannelHubDeps) {
    this.faults = deps.faults ?? new ChannelFaults();
    // Loading from the start: the first command should not wait for it.
    loadChannelCheck().catch(() => {});
  }

  get size(): number {
    return this.conns.size;
  }

  connect(
    name: ChannelName,
    sink: ChannelSink,
  ): { send(cmd: unknown): Promise<void>; close(): void } {
    const conn: Conn = {
      name,
      sink,
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
        return;
      }
      case 'auth': {
        const session = await this.deps.verify(cmd.token);
        if (!session || !this.conns.has(conn)) return;
        conn.session = session;
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

  /** Whether the message went out. */
  private send(conn: Conn, msg: ServerMessage): boolean {
    if (this.faults.isFrozen(conn.name)) return false;
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
    if (!conn.delta) return void this.send(conn, msg);
    const out = ordersUpdate(conn.sent.get(msg.ordertype), msg);
    // What did not arrive (frozen, failed) is not the client's list: the next one goes in full.
    if (this.send(conn, out)) conn.sent.set(msg.ordertype, msg.data);
    else conn.sent.delete(msg.ordertype);
  }

  /** One price tick: send what changed to each market subscriber. */
  tick(now: number, src: TickSource): void {
    let quotes: Record<string, PriceEntry> | undefined;
    for (const conn of this.conns) {
      if (conn.name !== 'market' || this.faults.isFrozen(conn.name) || conn.subs.size === 0)
        continue;
      if (!quotes) {
        try {
          quotes = src.quotes(now);
        } catch (e) {
          // The market itself failed: skip this tick, keep every subscription.
          console.error('simulator: quotes failed', e);
          return;
        }
      }
      for (const key of [...conn.subs]) {
        try {
          this.tickOne(conn, key, quotes, now, src);
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
    now: number,
    src: TickSource,
  ): void {
    const [topic, symbol = '', period = ''] = key.split(':');
    if (topic === 'prices') {
      const stream = conn.prices;
      const out = stream && pricesUpdate(stream, quotes);
      if (!stream || !out) return;
      stream.seq += 1;
      // What did not arrive (frozen, failed) is not what the client holds: the next one has every product.
      stream.sent = this.send(conn, out.msg) ? out.sent : undefined;
    } else if (topic === 'price') {
      const q = quotes[symbol];
      const stamp = q && `${q.bidPrice}|${q.askPrice}`;
      if (q && conn.last.get(key) !== stamp) {
        conn.last.set(key, stamp as string);
        this.send(conn, { topic: 'price', symbol, data: q });
      }
    } else if (topic === 'kline' && (PERIODS as readonly string[]).includes(period)) {
      const bar = src.bar(symbol, period as Period, now);
      const stamp = bar && `${bar.time}|${bar.closePrice}|${bar.highestPrice}|${bar.lowestPrice}`;
      if (bar && conn.last.get(key) !== stamp) {
        conn.last.set(key, stamp as string);
        this.send(conn, { topic: 'kline', symbol, period: period as Period, data: bar });
      }
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
    for (const conn of [...this.conns]) {
      if (conn.name !== name) continue;
      this.conns.delete(conn);
      conn.sink.closed('dropped by back office');
    }
  }
}
