/**
 * The simulator transport: the same wire requests, handed to a simulator's
 * `handle()`. The simulator is either in this thread (tests) or behind a
 * Comlink proxy in a (Shared)Worker (the app); both look the same here.
 */
import type { Transport, WireRequest, WireResponse } from '../wire.ts';

/** Anything that answers wire requests like a server. */
export interface WireHandler {
  handle(req: WireRequest): Promise<WireResponse>;
}

export function simulatorTransport(server: WireHandler): Transport {
  return {
    send(req, signal) {
      if (signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
      const reply = server.handle(req);
      if (!signal) return reply;
      // A worker cannot be told to stop; the caller simply stops waiting.
      return new Promise<WireResponse>((resolve, reject) => {
        const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
        signal.addEventListener('abort', onAbort, { once: true });
        reply.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}
