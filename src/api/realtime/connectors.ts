/** Connections for a channel: a WebSocket to a live server, or the simulator's connect(). */
import type { ChannelCommand, ChannelName } from '../wire.ts';
import type { ServerMessage } from '../types/realtime.ts';
import type { Connection, ConnectionEvents, Connector } from './channel.ts';

/** A live server's channel over WebSocket; messages are JSON. */
export function webSocketConnector(url: string, Ws: typeof WebSocket = WebSocket): Connector {
  return (events) => socketConnection(new Ws(url), events);
}

/** A frame as a server message, or undefined for one we cannot read. */
export function parseFrame(data: unknown): ServerMessage | undefined {
  try {
    return JSON.parse(String(data)) as ServerMessage;
  } catch {
    return undefined;
  }
}

/** A connection over a socket, opening or open (the entry's early one, ui/boot/early-socket.ts). */
export function socketConnection(ws: WebSocket, events: ConnectionEvents): Connection {
  let closed = false;
  const end = (reason: string) => {
    if (closed) return;
    closed = true;
    events.closed(reason);
  };
  ws.onopen = () => events.open();
  ws.onmessage = (e: MessageEvent) => {
    const msg = parseFrame(e.data);
    // A frame we cannot read is dropped, like a server's heartbeat text.
    if (msg) events.message(msg);
  };
  ws.onerror = () => end('error');
  ws.onclose = (e: CloseEvent) => end(`close ${e.code}`);
  return {
    send: (cmd) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(cmd));
    },
    close: () => {
      closed = true;
      ws.close();
    },
  };
}

/** Where the simulator sends a connection's messages. */
export interface ChannelSink {
  message(msg: ServerMessage): void;
  /** The server ended the connection; `code` is a WebSocket close code (the Node host's, limits.ts). */
  closed(reason: string, code?: number): void;
}
/** The simulator side of one connection. */
export interface SimConnection {
  send(cmd: ChannelCommand): void;
  close(): void;
}
/** What the simulator offers for real-time: in this thread, or through Comlink (all methods may be async). */
export interface ChannelServer {
  connect(
    name: ChannelName,
    sink: ChannelSink,
  ): Promise<{ send(cmd: ChannelCommand): unknown; close(): unknown }>;
}

/**
 * The simulator's channel. `wrap` marks the sink for transfer (Comlink.proxy
 * when the simulator is in a worker; identity in this thread).
 */
export function simulatorConnector(
  server: ChannelServer,
  name: ChannelName,
  wrap: (sink: ChannelSink) => ChannelSink = (s) => s,
): Connector {
  return (events) => {
    let handle: { send(cmd: ChannelCommand): unknown; close(): unknown } | undefined;
    let closed = false;
    const pending: ChannelCommand[] = [];
    const sink = wrap({
      message: (m) => {
        if (!closed) events.message(m);
      },
      closed: (r) => {
        if (closed) return;
        closed = true;
        events.closed(r);
      },
    });
    server.connect(name, sink).then(
      (h) => {
        if (closed) {
          void h.close();
          return;
        }
        handle = h;
        events.open();
        for (const c of pending.splice(0)) void h.send(c);
      },
      (e: unknown) => {
        if (closed) return;
        closed = true;
        events.closed(String(e));
      },
    );
    return {
      send: (cmd) => (handle ? void handle.send(cmd) : pending.push(cmd)),
      close: () => {
        closed = true;
        void handle?.close();
      },
    };
  };
}
