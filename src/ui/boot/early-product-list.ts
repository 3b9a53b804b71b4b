/**
 * The first product-list call, sent by the entry (early.ts) before the app's
 * code loads, so the first prices are on their way while it downloads and
 * compiles: to the simulator's worker as soon as that starts, or to a live
 * server as soon as the site config names it. The app's transport answers
 * its own first product-list call with this reply, once, when it was sent
 * to the same back end (`withEarlyProductList`); otherwise it is dropped.
 */
import { wireRequest } from '../../api/request.ts';
import { httpTransport } from '../../api/transports/http.ts';
import { untilAborted, type Root, type Transport, type WireResponse } from '../../api/wire.ts';

interface Early {
  /** Which back end answers: `simulator`, or a live server's API root and prefix. */
  backend: string;
  reply: Promise<WireResponse>;
}

let early: Early | undefined;
const request = () => wireRequest('productList');

export const simulatorKey = 'simulator';
export const liveKey = (roots: Record<Root, string>, prefix = '/v1') =>
  `live ${roots.api}${prefix}`;

function keep(backend: string, send: () => Promise<WireResponse>): void {
  // When the entry sends it (traces; the live test tells the entry's request from the app's by it).
  performance.mark(`boot:early-product-list:${backend === simulatorKey ? 'simulator' : 'live'}`);
  const reply = send();
  // A failure is the app's to report, when it takes the reply.
  reply.catch(() => {});
  early = { backend, reply };
}

/** Sends it to the simulator (its `handle`, the worker's wire entry). */
export function sendToSimulator(
  handle: (req: ReturnType<typeof request>) => Promise<WireResponse>,
) {
  keep(simulatorKey, () => handle(request()));
}

/** Sends it to a live server, when the raw site config (unchecked yet) names one. */
export function sendToLive(raw: unknown): void {
  const cfg = raw as {
    backend?: unknown;
    live?: { roots?: Record<Root, string>; prefix?: string };
  };
  const roots = cfg?.live?.roots;
  if (cfg?.backend !== 'live' || typeof roots?.api !== 'string') return;
  const prefix = cfg.live?.prefix ?? '/v1';
  keep(liveKey(roots, prefix), () => httpTransport({ roots, prefix }).send(request()));
}

/** A transport that answers the first product-list call with the early reply from the same back end. */
export function withEarlyProductList(transport: Transport, backend: string): Transport {
  const path = request().path;
  return {
    send(req, signal) {
      const e = early;
      if (e && req.path === path) early = undefined;
      if (e?.backend === backend && req.path === path) return untilAborted(e.reply, signal);
      return transport.send(req, signal);
    },
  };
}
