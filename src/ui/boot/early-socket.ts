/**
 * Live mode's market socket, opened by the entry (early.ts) as soon as the
 * site config names it, before React and the app's code load (issue 31: it
 * opened after the app had rendered and read the system config, 2.7 s into a
 * slow-4G first visit), or taken from index.html, which opens it on a repeat
 * visit before any module (market-head.ts). It subscribes to the prices at once and keeps what
 * arrives; the app's market channel takes it (`withEarlySocket`, backend.ts)
 * for its first connection, with the messages so far, and does not send the
 * same subscription again. Not taken in time, it is closed.
 *
 * On a chart route it subscribes to that product's quote alone (`price`), not
 * every product's (issue 31, round 5): the first message of `prices` is every
 * product and five deltas a second follow, which shared the slow-4G link with
 * the scripts React DOM and the chart wait for. The app's own subscription
 * brings every product once it has taken the socket; the early one is then
 * dropped.
 */
import type { Connector } from '../../api/realtime/channel.ts';
import { parseFrame, socketConnection } from '../../api/realtime/connectors.ts';
import type { ChannelCommand } from '../../api/wire.ts';
import {
  earlySub,
  fullBoard,
  handshakeUrl,
  PRICES_SUB,
  UNTAKEN_MS,
  type HeadMarket,
} from './market-head.ts';
import type { PriceEntry } from '../../api/types/trading.ts';

interface Early {
  url: string;
  ws: WebSocket;
  /** Frames received before the app took it, in order. */
  frames: string[];
  /** Commands sent on it already (JSON). */
  sent: Set<string>;
  timer: ReturnType<typeof setTimeout>;
}

let early: Early | undefined;

export { earlySub, PRICES_SUB };

export interface EarlyOptions {
  /** The page opens on this product's chart. */
  symbol?: string;
  Ws?: typeof WebSocket;
  /** The socket index.html opened (market-head.ts), if any. */
  head?: HeadMarket;
}

/** Every product's price, from the first full `prices` message the early socket received. */
let board: Record<string, PriceEntry> | undefined;

/** The early socket's first full board, once (the app shows it at its first render: market-data.ts). */
export function takeEarlyBoard(): Record<string, PriceEntry> | undefined {
  const b = board;
  board = undefined;
  return b;
}

/**
 * Opens the market socket when the raw (unchecked) site config is live and
 * names one, or takes the one index.html opened for the same URL (and
 * closes that one otherwise).
 */
export function openEarlyMarket(raw: unknown, opts: EarlyOptions = {}): void {
  const { symbol, Ws = WebSocket, head } = opts;
  const cfg = raw as { backend?: unknown; live?: { ws?: { market?: unknown } } };
  const url = cfg?.live?.ws?.market;
  const live = cfg?.backend === 'live' && typeof url === 'string' && !!url;
  const taken = live && !early && head?.url === url && head.ws.readyState <= 1 ? head : undefined;
  if (head && !taken) head.ws.close();
  if (!live || early) return;
  let ws: WebSocket;
  if (taken) ws = taken.ws;
  else
    try {
      ws = new Ws(handshakeUrl(url, earlySub(symbol)));
    } catch {
      return;
    }
  performance.mark('boot:early-socket');
  const e: Early = {
    url,
    ws,
    frames: taken?.frames ?? [],
    sent: new Set(taken?.sent),
    timer: setTimeout(() => {
      if (early !== e) return;
      early = undefined;
      ws.close();
    }, UNTAKEN_MS),
  };
  board = taken?.board;
  ws.onopen = () => {
    const sub = JSON.stringify(earlySub(symbol));
    ws.send(sub);
    e.sent.add(sub);
  };
  // Read until the first full message (the subscription's first, or after a skipped tick).
  let looking = !symbol && !board;
  ws.onmessage = (m: MessageEvent) => {
    const frame = String(m.data);
    e.frames.push(frame);
    if (!looking) return;
    board = fullBoard(frame);
    looking = !board;
    // Over the boot shell too, if index.html's code is still the page's (shell-live.ts).
    if (board) taken?.paint(board);
  };
  ws.onclose = () => {
    if (early === e) early = undefined;
    clearTimeout(e.timer);
  };
  early = e;
}

/** The early socket for `url`, once, if it is still open or opening. */
function takeEarly(url: string): Early | undefined {
  const e = early;
  if (!e || e.url !== url || e.ws.readyState > 1) return undefined;
  early = undefined;
  clearTimeout(e.timer);
  return e;
}

/**
 * The channel's connector, whose first connection is the early socket when
 * there is one for `url`: the frames it has received so far are delivered
 * first, and a command it has sent already (the price subscription the
 * channel replays on open) is not sent again. A subscription of the early
 * socket's the channel does not replay (the chart's `price`) is ended then.
 */
export function withEarlySocket(url: string, connector: Connector): Connector {
  return (events) => {
    const e = takeEarly(url);
    if (!e) return connector(events);
    const wasOpen = e.ws.readyState === 1;
    // From here its events are the channel's (a still-opening socket sends the channel's own subscription).
    const conn = socketConnection(e.ws, events);
    if (wasOpen)
      // The channel keeps the connection when this returns: open, then what came so far, in order.
      queueMicrotask(() => {
        events.open();
        for (const f of e.frames.splice(0)) {
          const msg = parseFrame(f);
          if (msg) events.message(msg);
        }
        for (const cmd of e.sent)
          conn.send({ ...(JSON.parse(cmd) as object), op: 'unsub' } as ChannelCommand);
        e.sent.clear();
      });
    return {
      send(cmd) {
        if (e.sent.delete(JSON.stringify(cmd))) return;
        conn.send(cmd);
      },
      close: () => conn.close(),
    };
  };
}
