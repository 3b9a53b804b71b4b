/**
 * Calls the first screen will make, sent by the entry (early.ts) before the
 * app's code loads, so their replies are on the way while it downloads and
 * compiles: the product list always, and what the start route's screen asks
 * first (the chart's Buy / Sell gate: the market status and the product's
 * thumb, issue 31). Sent to the simulator's worker as soon as that starts,
 * or to a live server as soon as the site config names it. The app's
 * transport answers its own first identical call (same back end, method,
 * path, query and body) with the early reply, once, while it is fresh
 * (`withEarlyReplies`); otherwise it is dropped. Only calls without a token
 * are sent this way.
 */
import { wireRequest } from '../../api/request.ts';
import { httpTransport } from '../../api/transports/http.ts';
import {
  untilAborted,
  type Root,
  type Transport,
  type WireRequest,
  type WireResponse,
} from '../../api/wire.ts';

interface Early {
  /** Which back end answers: `simulator`, or a live server's API root and prefix. */
  backend: string;
  reply: Promise<WireResponse>;
  at: number;
}

/** An early reply older than this is not taken: the call is sent afresh. */
export const EARLY_FRESH_MS = 10_000;

const early = new Map<string, Early>();
const keyOf = (r: WireRequest) =>
  `${r.root} ${r.method} ${r.path}?${r.query ?? ''} ${typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? null)}`;

/** The product list: every screen's first prices (and the default call set). */
export const productListRequest = (): WireRequest => wireRequest('productList');

export const simulatorKey = 'simulator';
export const liveKey = (roots: Record<Root, string>, prefix = '/v1') =>
  `live ${roots.api}${prefix}`;

function keep(
  backend: string,
  reqs: WireRequest[],
  send: (r: WireRequest) => Promise<WireResponse>,
) {
  // When the entry sends them (traces; the live test tells the entry's request from the app's by it).
  performance.mark(`boot:early-product-list:${backend === simulatorKey ? 'simulator' : 'live'}`);
  for (const req of reqs) {
    const reply = send(req);
    // A failure is the app's to report, when it takes the reply.
    reply.catch(() => {});
    early.set(keyOf(req), { backend, reply, at: performance.now() });
  }
}

/** Sends them to the simulator (its `handle`, the worker's wire entry). */
export function sendToSimulator(
  handle: (req: WireRequest) => Promise<WireResponse>,
  reqs: WireRequest[] = [productListRequest()],
) {
  keep(simulatorKey, reqs, handle);
}

/** Sends them to a live server, when the raw site config (unchecked yet) names one. */
export function sendToLive(raw: unknown, reqs: WireRequest[] = [productListRequest()]): void {
  const cfg = raw as {
    backend?: unknown;
    live?: { roots?: Record<Root, string>; prefix?: string };
  };
  const roots = cfg?.live?.roots;
  if (cfg?.backend !== 'live' || typeof roots?.api !== 'string') return;
  const prefix = cfg.live?.prefix ?? '/v1';
  const http = httpTransport({ roots, prefix });
  keep(liveKey(roots, prefix), reqs, (r) => http.send(r));
}

/** A transport that answers a call with the early reply to the same call from the same back end, once. */
export function withEarlyReplies(transport: Transport, backend: string): Transport {
  return {
    send(req, signal) {
      if (req.headers.Authorization === undefined) {
        const key = keyOf(req);
        const e = early.get(key);
        early.delete(key);
        if (e?.backend === backend && performance.now() - e.at < EARLY_FRESH_MS)
          return untilAborted(e.reply, signal);
      }
      return transport.send(req, signal);
    },
  };
}
