/**
 * The simulator transport: the same wire requests, handed to a simulator's
 * `handle()`. The simulator is either in this thread (tests) or behind a
 * Comlink proxy in a (Shared)Worker (the app); both look the same here.
 */
import { untilAborted, type Transport, type WireRequest, type WireResponse } from '../wire.ts';

/** Anything that answers wire requests like a server. */
export interface WireHandler {
  handle(req: WireRequest): Promise<WireResponse>;
}

/** A transport to a simulator's `handle()`, in this thread or behind Comlink; abort ends the wait. */
export function simulatorTransport(server: WireHandler): Transport {
  return {
    send(req, signal) {
      if (signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
      // A worker cannot be told to stop; the caller simply stops waiting.
      return untilAborted(server.handle(req), signal);
    },
  };
}
