/**
 * A real-time channel (market or exchange) over some connection. It keeps the
 * subscriptions and replays them on every (re)connect, and routes messages to
 * their subscribers. When to connect and reconnect is the realtime machine's
 * business, not the channel's.
 */
import type { ChannelCommand, ChannelName } from '../wire.ts';
import type { ServerMessage } from '../types/realtime.ts';

export interface ConnectionEvents {
  open(): void;
  message(msg: ServerMessage): void;
  closed(reason: string): void;
}

/** One live connection. */
export interface Connection {
  send(cmd: ChannelCommand): void;
  close(): void;
}

/** Opens a connection; events arrive on the listener. May resolve later (a worker, a socket). */
export type Connector = (events: ConnectionEvents) => Connection;

type SubCommand = Extract<ChannelCommand, { op: 'sub' }>;
type Handler = (msg: ServerMessage) => void;

export interface Channel {
  readonly name: ChannelName;
  /** Open a connection; returns its close function. Subscriptions are replayed on open. */
  connect(events: ConnectionEvents): () => void;
  /** Subscribe while connected or not; returns unsubscribe. */
  subscribe(cmd: SubCommand, handler: Handler): () => void;
  /** Send a subscription's `sub` again, so the server starts it over (every price again). */
  resubscribe(cmd: SubCommand): void;
  /** Every message, whatever its topic (the exchange channel routes by `ordertype`). */
  onMessage(handler: Handler): () => void;
  /** Token for the exchange channel; sent on open and whenever it changes. */
  setAuth(token: string | undefined): void;
}

const keyOf = (c: { topic: string; symbol?: string; period?: string }) =>
  [c.topic, c.symbol ?? '', c.period ?? ''].join(':');

/** This client merges order deltas between full lists (api/types/realtime.ts). */
const auth = (token: string): ChannelCommand => ({ op: 'auth', token, delta: true });

function routeKey(msg: ServerMessage): string | undefined {
  if ('topic' in msg) return keyOf(msg);
  return undefined;
}

/**
 * One real-time channel (market or exchange) over a connector: keeps its
 * subscriptions and auth, replays them on every reconnect, and routes messages
 * to their handlers.
 */
export function createChannel(name: ChannelName, connector: Connector): Channel {
  const subs = new Map<string, { cmd: SubCommand; handlers: Set<Handler> }>();
  const all = new Set<Handler>();
  let conn: Connection | undefined;
  let isOpen = false;
  let token: string | undefined;

  const send = (cmd: ChannelCommand) => {
    if (conn && isOpen) conn.send(cmd);
  };

  return {
    name,
    connect(events) {
      conn?.close();
      isOpen = false;
      const mine = connector({
        open() {
          if (conn !== mine) return;
          isOpen = true;
          if (token) mine.send(auth(token));
          for (const { cmd } of subs.values()) mine.send(cmd);
          events.open();
        },
        message(msg) {
          if (conn !== mine) return;
          const k = routeKey(msg);
          const entry = k === undefined ? undefined : subs.get(k);
          if (entry) for (const h of entry.handlers) h(msg);
          for (const h of all) h(msg);
          events.message(msg);
        },
        closed(reason) {
          if (conn !== mine) return;
          isOpen = false;
          conn = undefined;
          events.closed(reason);
        },
      });
      conn = mine;
      return () => {
        if (conn === mine) {
          conn = undefined;
          isOpen = false;
        }
        mine.close();
      };
    },
    subscribe(cmd, handler) {
      const k = keyOf(cmd);
      let entry = subs.get(k);
      if (!entry) {
        entry = { cmd, handlers: new Set() };
        subs.set(k, entry);
        send(cmd);
      }
      entry.handlers.add(handler);
      return () => {
        const e = subs.get(k);
        if (!e) return;
        e.handlers.delete(handler);
        if (e.handlers.size === 0) {
          subs.delete(k);
          send({ ...cmd, op: 'unsub' } as ChannelCommand);
        }
      };
    },
    resubscribe(cmd) {
      const entry = subs.get(keyOf(cmd));
      if (entry) send(entry.cmd);
    },
    onMessage(handler) {
      all.add(handler);
      return () => all.delete(handler);
    },
    setAuth(next) {
      token = next;
      if (next) send(auth(next));
    },
  };
}
