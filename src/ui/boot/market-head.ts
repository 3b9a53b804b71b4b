/**
 * Live mode's market socket, opened by index.html as it parses (shell-paint.ts,
 * inlined by build/inline-boot.ts) when the site config this browser read
 * last says live: before any module script, so on a repeat visit the prices
 * arrive while the app's JavaScript still loads and evaluates (issue 31
 * round 5: at 4× CPU the entry's own socket opened 0.8–1.2 s in). Its first
 * full message is painted over the boot shell's last-seen prices, live
 * (shell-live.ts). The entry takes it (early-socket.ts) when the site config
 * it reads names the same socket, and closes it otherwise. Nothing here may
 * import a store, React or i18n: this file runs before them.
 */
import type { ChannelCommand } from '../../api/wire.ts';
import type { PriceEntry } from '../../api/types/trading.ts';
import { LAST_CONFIG_KEY } from '../../state/seen.ts';
import { json, type Read } from './shell-snapshot.ts';

/** The market's price subscription: this client merges numbered deltas (api/types/realtime.ts). */
export const PRICES_SUB = { op: 'sub', topic: 'prices', delta: true } as const;

/**
 * The socket's URL with its subscription in the handshake (`?sub=`): a server
 * that knows the parameter streams at once, with no round trip after the socket
 * opens; one that does not ignores it. The same subscription is still sent on
 * open (the server takes a first frame that repeats it as the same one), so
 * either server ends up subscribed once. Only every product's prices, which the
 * app's channel subscribes to first itself; the chart's single price is not.
 */
export const handshakeUrl = (url: string, sub: ChannelCommand): string =>
  sub === PRICES_SUB
    ? `${url}${url.includes('?') ? '&' : '?'}sub=${encodeURIComponent(JSON.stringify(sub))}`
    : url;

/** What an early socket subscribes to: the chart's product on a chart route, else every product. */
export const earlySub = (symbol: string | undefined): ChannelCommand =>
  symbol ? { op: 'sub', topic: 'price', symbol } : PRICES_SUB;

/** Closed if the entry has not taken it by then (a failed start). */
export const UNTAKEN_MS = 30_000;

/** The chart's symbol on the routes `/chart/X` and `/X/chart` (machines/routes.ts). */
export function chartSymbolOf(path: string): string | undefined {
  const m = /^\/chart\/([^/]+)\/?$/.exec(path) ?? /^\/([^/]+)\/chart\/?$/.exec(path);
  return m?.[1] && decodeURIComponent(m[1]);
}

/** Every product's price in a full `prices` message (the first of a subscription), else undefined. */
export function fullBoard(frame: string): Record<string, PriceEntry> | undefined {
  try {
    const msg = JSON.parse(frame) as { topic?: unknown; data?: unknown } | null;
    const data = msg?.topic === 'prices' ? msg.data : undefined;
    return data && typeof data === 'object' ? (data as Record<string, PriceEntry>) : undefined;
  } catch {
    return undefined;
  }
}

/** The socket index.html opened, for the entry to take. */
export interface HeadMarket {
  url: string;
  ws: WebSocket;
  /** Frames so far, in order. */
  frames: string[];
  /** Commands sent so far (JSON). */
  sent: string[];
  board?: Record<string, PriceEntry>;
  /** Shows a full board over the boot shell (the entry calls it when the board comes after it took the socket). */
  paint: (board: Record<string, PriceEntry>) => void;
  timer: ReturnType<typeof setTimeout>;
}

type WithMarket = { __headMarket?: HeadMarket };

/**
 * Opens the market socket named by the last site config when it is live;
 * `path`: the route under the base; `paint`: shows the first full board.
 */
export function openHeadMarket(
  win: Window,
  read: Read,
  path: string | undefined,
  paint: (board: Record<string, PriceEntry>) => void,
): void {
  const cfg = json(read, LAST_CONFIG_KEY) as
    { backend?: unknown; live?: { ws?: { market?: unknown } } } | undefined;
  const url = cfg?.live?.ws?.market;
  if (cfg?.backend !== 'live' || typeof url !== 'string' || !url) return;
  const symbol = path === undefined ? undefined : chartSymbolOf(path);
  const ws = new (win as unknown as { WebSocket: typeof WebSocket }).WebSocket(
    handshakeUrl(url, earlySub(symbol)),
  );
  const m: HeadMarket = {
    url,
    ws,
    frames: [],
    sent: [],
    paint,
    timer: setTimeout(() => {
      if ((win as WithMarket).__headMarket !== m) return;
      delete (win as WithMarket).__headMarket;
      ws.close();
    }, UNTAKEN_MS),
  };
  ws.onopen = () => {
    const sub = JSON.stringify(earlySub(symbol));
    ws.send(sub);
    m.sent.push(sub);
  };
  ws.onmessage = (e: MessageEvent) => {
    const frame = String(e.data);
    m.frames.push(frame);
    if (symbol || m.board) return;
    m.board = fullBoard(frame);
    if (m.board) paint(m.board);
  };
  (win as WithMarket).__headMarket = m;
  performance.mark('boot:head-socket');
}

/** The socket index.html opened, once (the entry's). */
export function takeHeadMarket(win: Window = window): HeadMarket | undefined {
  const w = win as WithMarket;
  const m = w.__headMarket;
  delete w.__headMarket;
  if (m) clearTimeout(m.timer);
  return m;
}
