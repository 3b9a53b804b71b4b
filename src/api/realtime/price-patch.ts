/**
 * The client's half of a `prices` subscription made with `delta: true`
 * (types/realtime.ts): which messages to apply, and when to ask for every
 * product again. A delta only makes sense on top of the message before it:
 * one whose number is not the next, or one before any full message, is
 * dropped, and the subscription is made again (the server then sends every
 * product).
 */
import type { PricesDeltaMessage, PricesMessage } from '../types/realtime.ts';
import type { PricePatch } from '../types/realtime.ts';

/**
 * While waiting for a full message, ask again after this many dropped deltas
 * (5 s of ticks): the first request may have been lost with a connection.
 */
export const RESYNC_EVERY = 25;

export type PricesVerdict = 'apply' | 'drop' | 'resync';

export interface PriceSequence {
  /** Apply it; drop it; or drop it and subscribe again. */
  accept(msg: PricesMessage | PricesDeltaMessage): PricesVerdict;
}

/** Orders one subscription's price messages: a full list, then deltas in sequence; a gap asks for a resync. */
export function priceSequence(): PriceSequence {
  /** The number the next delta must have; undefined while the board waits for a full message. */
  let next: number | undefined;
  let dropped = 0;
  return {
    accept(msg) {
      if ('data' in msg) {
        // Every product (or, from a server without deltas, the plain stream: no numbers, no deltas).
        next = msg.seq === undefined ? undefined : msg.seq + 1;
        return 'apply';
      }
      if (next !== undefined && msg.seq === next) {
        next += 1;
        return 'apply';
      }
      if (next !== undefined) {
        next = undefined;
        dropped = 0;
        return 'resync';
      }
      dropped += 1;
      return dropped % RESYNC_EVERY === 0 ? 'resync' : 'drop';
    },
  };
}

/** The delta's patches with the message's time filled in where a product does not give its own. */
export const pricePatches = (msg: PricesDeltaMessage): PricePatch[] =>
  msg.patch.map((p) => ({ lastUpdate: msg.time, ...p }));
